// The GitHub Action (action.yml) run as GitHub runs a composite action: each `run:` step through
// `bash --noprofile --norc -eo pipefail`, in the workspace, with its `env:` evaluated from the inputs, and
// outputs read back from $GITHUB_OUTPUT; and the workflow files of docs/ci/ parsed and held to the action's
// inputs and the tool's settings, so what the docs tell people to paste is what works.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { EXIT } from '../../contract/exit.ts';
import { KNOWN_SETTINGS } from '../../src/run/config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => parse(readFileSync(join(ROOT, path), 'utf8'));

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string; description: string }>;
  runs: { using: string; steps: Step[] };
}

const action = read('action.yml') as Action;

/** `${{ inputs.x }}` and `${{ github.action_path }}`, the only expressions the action's steps may hold. */
function evaluate(value: string, inputs: Record<string, string>): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'github.action_path') return ROOT;
    if (expression === 'github.action_repository') return 'OWNER/mockapi-conformance';
    if (expression === 'github.action_ref') return 'v0.1.0';
    const input = /^inputs\.([a-z-]+)$/.exec(expression)?.[1];
    if (input === undefined || !(input in action.inputs)) throw new Error(`the action uses an expression this test cannot emulate: ${expression}`);
    return inputs[input] ?? action.inputs[input]!.default ?? '';
  });
}

/**
 * A runner's `npm` for the test, which has no network: it writes down what it was asked, and installs as npm
 * would the package's command (this checkout's, in place of the release's tarball) into the folder given by
 * --prefix. test/e2e/package.test.ts installs the packed package itself.
 */
const STUB_NPM = `#!/bin/bash
echo "$*" >> "$NPM_CALLS"
while [ $# -gt 0 ]; do if [ "$1" = --prefix ]; then prefix="$2"; fi; shift; done
mkdir -p "$prefix/node_modules/.bin"
ln -s "${join(ROOT, 'bin', 'mockapi-conformance.js')}" "$prefix/node_modules/.bin/mockapi-conformance"
`;

/** A folder of stand-ins for the runner's commands, put first on PATH: npm (STUB_NPM), and node when `node` is given. */
function stubs(workspace: string, node?: string): string {
  const dir = join(workspace, '.stubs');
  mkdirSync(dir);
  writeFileSync(join(dir, 'npm'), STUB_NPM, { mode: 0o755 });
  if (node) writeFileSync(join(dir, 'node'), `#!/bin/bash\necho ${node}\n`, { mode: 0o755 });
  return dir;
}

/** Runs the action's `run:` steps as GitHub would; returns the exit code of the step that ended it and the outputs. */
function runAction(inputs: Record<string, string>, stepEnv: Record<string, string> = {}, { node }: { node?: string } = {}) {
  const workspace = mkdtempSync(join(tmpdir(), 'mockapi-conformance-action-'));
  const files = { GITHUB_OUTPUT: join(workspace, '.output'), GITHUB_STEP_SUMMARY: join(workspace, '.summary') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const runner = { RUNNER_TEMP: join(workspace, '.runner-temp'), NPM_CALLS: join(workspace, '.npm-calls') };
  mkdirSync(runner.RUNNER_TEMP);
  const path = `${stubs(workspace, node)}:${process.env.PATH}`;
  let status: number | null = 0;
  let stdout = '';
  for (const step of action.runs.steps) {
    if (step.run === undefined) continue;
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, inputs)]));
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: workspace,
      encoding: 'utf8',
      env: { PATH: path, HOME: process.env.HOME, NO_COLOR: '1', GITHUB_ACTIONS: 'true', GITHUB_ACTION_PATH: ROOT, ...files, ...runner, ...stepEnv, ...env },
    });
    stdout += r.stdout;
    status = r.status;
    if (status !== 0) break;
  }
  const outputs = Object.fromEntries(
    readFileSync(files.GITHUB_OUTPUT, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const npmCalls = existsSync(runner.NPM_CALLS) ? readFileSync(runner.NPM_CALLS, 'utf8') : '';
  return { status, stdout, outputs, workspace, npmCalls, runnerTemp: runner.RUNNER_TEMP, summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8') };
}

describe('the GitHub Action', () => {
  test('is a composite action whose scripts take every input from the environment, never from an expression inside the script', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['base-url', 'token', 'profile', 'baseline', 'reports']));
    for (const step of action.runs.steps.filter((s) => s.run !== undefined)) {
      expect(step.shell).toBe('bash');
      expect(step.run, 'an expression in a script is spliced into it before bash reads it: an input could run a command').not.toContain('${{');
    }
    const run = action.runs.steps.find((s) => s.id === 'run')!;
    for (const [name, { value }] of Object.entries(action.outputs)) {
      expect(value).toBe(`\${{ steps.run.outputs.${name} }}`);
      expect(run.run, `the run step writes the output ${name}`).toMatch(new RegExp(`${name}=|"${name}"`));
    }
  });

  test('a passing run: exit code 0, the counts as outputs, the five reports in the workspace, the step summary written', () => {
    const r = runAction({ args: '--only ^CHAOS-STATUS' });
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs['exit-code']).toBe('0');
    expect(Number(r.outputs.passed)).toBeGreaterThan(0);
    expect([r.outputs.failed, r.outputs.warned, r.outputs.errored, r.outputs.skipped]).toEqual(['0', '0', '0', '0']);
    expect(r.outputs.judged).toBe('100');
    expect(readdirSync(join(r.workspace, 'mockapi-conformance-reports')).sort()).toEqual([
      'conformance.har',
      'conformance.html',
      'conformance.json',
      'conformance.md',
      'conformance.xml',
    ]);
    expect(r.outputs.report).toBe('mockapi-conformance-reports/conformance.json');
    expect(r.summary).toContain('mockapi-conformance');
    // the packed package of the release named in `uses:`, installed once into the runner's temporary folder
    expect(r.npmCalls).toBe(
      `install --prefix ${r.runnerTemp}/mockapi-conformance-action --no-audit --no-fund --no-package-lock --omit=dev https://github.com/OWNER/mockapi-conformance/releases/download/v0.1.0/mockapi-conformance-0.1.0.tgz\n`,
    );
  });

  test('installs no development tree, and sets up a Node only when the node-version input asks', () => {
    const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    expect(text).not.toMatch(/npm ci|tsx/);
    const setupNode = action.runs.steps.filter((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode.map((s) => (s as Step & { if?: string }).if)).toEqual(["inputs.node-version != ''"]);
    expect(action.inputs['node-version']!.default).toBe('');
  });

  test("on a runner's Node older than 20.19: one line that says to set node-version, exit 2, nothing installed", () => {
    const r = runAction({}, {}, { node: 'v18.20.4' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(
      "::error::mockapi-conformance needs Node.js 20.19 or later; this runner has v18.20.4: set the action's node-version input (for example '22')\n",
    );
    expect(r.npmCalls).toBe('');
  });

  test('the exit-code output documents every exit code of the command', () => {
    const documented = action.outputs['exit-code']!.description;
    for (const code of Object.values(EXIT)) expect(documented).toMatch(new RegExp(`\\b${code} `));
  });

  test('a failing run: the step fails with the exit code, and the outputs are written first', () => {
    const r = runAction({ args: '--only ^CHAOS-STATUS', reports: '' }, { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(r.status).toBe(1);
    expect(r.outputs['exit-code']).toBe('1');
    expect(r.outputs.failed).toBe('1');
    expect(existsSync(r.outputs.report!)).toBe(true);
    expect(r.stdout).toMatch(/^::error /m);
  });
});

describe('the workflows of docs/ci', () => {
  const known = new Set(KNOWN_SETTINGS);
  for (const file of ['github-mock.yml', 'github-release.yml']) {
    test(`${file} uses the action with inputs it has and settings the tool knows, and uploads the reports`, () => {
      const workflow = read(`docs/ci/${file}`) as { on: unknown; jobs: Record<string, { steps: Step[] }> };
      expect(workflow.on).toBeDefined();
      const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
      const uses = steps.filter((s) => /\/mockapi-conformance@/.test(s.uses ?? ''));
      expect(uses).toHaveLength(1);
      for (const input of Object.keys(uses[0]!.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
      for (const name of Object.keys(uses[0]!.env ?? {})) expect(known.has(name), `${name} is a setting of the tool`).toBe(true);
      const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      expect(String(upload?.with?.path)).toContain(action.inputs.reports!.default);
    });
  }

  test('the GitLab job writes the JUnit report it hands to GitLab, and sets only settings the tool knows', () => {
    const job = (
      read('docs/ci/gitlab-ci.yml') as Record<string, { variables: Record<string, string>; script: string[]; artifacts: { reports: { junit: string } } }>
    ).conformance!;
    expect(job.script.join('\n')).toContain(`--report-junit ${job.artifacts.reports.junit}`);
    for (const name of Object.keys(job.variables)) expect(known.has(name), `${name} is a setting of the tool`).toBe(true);
  });
});
