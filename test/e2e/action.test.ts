// The GitHub Action (action.yml) run as GitHub runs a composite action: each `run:` step through
// `bash --noprofile --norc -eo pipefail`, in the workspace, with its `env:` evaluated from the inputs and the
// outputs of the steps before it, GITHUB_ACTION_PATH the folder GitHub fetched for the `uses:` line, and each
// step's outputs read back from its own $GITHUB_OUTPUT as the runner reads them; and the workflow files of
// docs/ci/ parsed and held to the action's inputs and the tool's settings, so what the docs tell people to
// paste is what works.
//
// The three forms of `uses:` differ only in the folder GitHub fetches: _actions/OWNER/NAME/<tag>,
// _actions/OWNER/NAME/<commit>, or the workspace itself for `./`. Each is a copy of this checkout's files here.
// The install is real (npm and TypeScript's compiler) but made without network, from npm's cache, which `npm ci`
// filled with the tarballs of our lockfile (npm_config_offline, as a runner's npm configuration could say). The
// tests share one runner's temporary folder, as the steps of one job do: the first step installs, and the
// others, given the same files whatever the form, reuse that install (once, some 20 CPU seconds).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { parse } from 'yaml';
import { EXIT } from '../../contract/exit.ts';
import { KNOWN_SETTINGS } from '../../src/run/config.ts';
import { compiledWhenEnded } from '../../bench/compiled.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => parse(readFileSync(join(ROOT, path), 'utf8'));

interface Step {
  id?: string;
  if?: string;
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
const OWN = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const LOCK = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };

/** `${{ inputs.x }}` and `${{ steps.ID.outputs.NAME }}`, the only expressions the action's steps may hold. */
function evaluate(value: string, inputs: Record<string, string>, steps: Record<string, Record<string, string>>): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return steps[output[1]!]?.[output[2]!] ?? '';
    const input = /^inputs\.([a-z-]+)$/.exec(expression)?.[1];
    if (input === undefined || !(input in action.inputs)) throw new Error(`the action uses an expression this test cannot emulate: ${expression}`);
    return inputs[input] ?? action.inputs[input]!.default ?? '';
  });
}

/** A file of step outputs as GitHub's runner reads it: `NAME=VALUE` lines and `NAME<<DELIMITER` blocks; the last of a name wins. */
function readOutputs(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const outputs: Record<string, string> = {};
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    if (line === '') continue;
    const equals = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      outputs[line.slice(0, equals)] = line.slice(equals + 1);
      continue;
    }
    if (heredoc < 0) throw new Error(`the runner refuses the output line ${JSON.stringify(line)}`);
    const delimiter = line.slice(heredoc + 2);
    const end = lines.indexOf(delimiter, at + 1);
    if (end < 0) throw new Error(`the runner finds no end of ${JSON.stringify(line)}`);
    outputs[line.slice(0, heredoc)] = lines.slice(at + 1, end).join('\n');
    at = end;
  }
  return outputs;
}

/** One runner: its temporary folder (RUNNER_TEMP, shared by the tests as by the steps of a job) and the actions it fetched. */
const runner = mkdtempSync(join(tmpdir(), 'mockapi-conformance-runner-'));
const RUNNER_TEMP = join(runner, '_temp');
mkdirSync(RUNNER_TEMP);
// the install is some 70 MB
afterAll(() => rmSync(runner, { recursive: true, force: true }));

/** This checkout's files as GitHub fetches them: those git tracks or would (not ignored), as they are on disk. */
function copyCheckout(to: string): string {
  const listed = spawnSync('git', ['-C', ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter((f) => f && existsSync(join(ROOT, f)))) cpSync(join(ROOT, file), join(to, file));
  return to;
}

const COMMIT = spawnSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const fetched = (ref: string) => join(runner, '_actions', 'OWNER', 'mockapi-conformance', ref);

interface Form {
  uses: string;
  /** the folder GitHub fetches for the form, or undefined for `./` (the workspace) */
  actionPath?: string;
}
const FORMS: Record<'tag' | 'commit' | 'local', Form> = {
  tag: { uses: 'OWNER/mockapi-conformance@v0.1.0', actionPath: fetched('v0.1.0') },
  commit: { uses: `OWNER/mockapi-conformance@${COMMIT}`, actionPath: fetched(COMMIT) },
  local: { uses: './' },
};

/**
 * Stand-ins put first on PATH: npm, which writes down where and how it was called and runs the real npm; and
 * node, when `node` is given, a runner's older Node that only says its version.
 */
function stubs(at: string, node?: string): string {
  const dir = join(at, 'stubs');
  mkdirSync(dir);
  const npm = spawnSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  // NPM_FAILS: an install that fails at its first npm, for the tests of where the install goes alone
  const npmStub = `#!/bin/bash\necho "$PWD: $*" >> "$NPM_CALLS"\nif [ -n "\${NPM_FAILS:-}" ]; then exit 1; fi\nexec ${JSON.stringify(npm)} "$@"\n`;
  writeFileSync(join(dir, 'npm'), npmStub, { mode: 0o755 });
  if (node) writeFileSync(join(dir, 'node'), `#!/bin/bash\necho ${node}\n`, { mode: 0o755 });
  return dir;
}

interface RunOptions {
  form?: Form;
  inputs?: Record<string, string>;
  /** the step's `env:` in the workflow */
  env?: Record<string, string>;
  /** the version a stand-in node says (an older runner's) */
  node?: string;
  /** what the checkout holds besides, made in the workspace before the action runs */
  prepare?: (workspace: string) => void;
  /** in place of the install step, its output `command`: what the run step runs */
  command?: string;
  /** the runner's temporary folder, RUNNER_TEMP; null: unset */
  runnerTemp?: string | null;
  /** the job's run id, GITHUB_RUN_ID (one for the tests, as for the steps of a job) */
  runId?: string;
}

/** Runs the action's `run:` steps as GitHub would; returns the exit code of the step that ended it, the logs and the outputs. */
function runAction({ form = FORMS.tag, inputs = {}, env = {}, node, prepare, command, runnerTemp = RUNNER_TEMP, runId = '7001' }: RunOptions = {}) {
  const files = mkdtempSync(join(runner, 'files-'));
  const workspace = form.actionPath ? mkdtempSync(join(runner, 'workspace-')) : copyCheckout(mkdtempSync(join(runner, 'workspace-')));
  if (form.actionPath && !existsSync(form.actionPath)) copyCheckout(form.actionPath);
  const actionPath = form.actionPath ?? workspace;
  prepare?.(workspace);
  const summary = join(files, 'summary');
  writeFileSync(summary, '');
  const npmCalls = join(files, 'npm-calls');
  const cache = process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {};
  const job = { PATH: `${stubs(files, node)}:${process.env.PATH}`, HOME: process.env.HOME, NO_COLOR: '1', ...cache, npm_config_offline: 'true' };
  const github = {
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_RUN_ID: runId,
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'conformance',
    ...(runnerTemp === null ? {} : { RUNNER_TEMP: runnerTemp }),
    NPM_CALLS: npmCalls,
  };
  const steps: Record<string, Record<string, string>> = {};
  const logs: Record<string, string> = {};
  let status: number | null = 0;
  for (const step of action.runs.steps) {
    // the one step that uses another action, setup-node, runs only when node-version is given
    if (step.run === undefined) continue;
    if (command !== undefined && step.id === 'install') {
      steps.install = { command };
      continue;
    }
    const output = join(files, `output-${step.id}`);
    writeFileSync(output, '');
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, inputs, steps)]));
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...job, ...github, GITHUB_OUTPUT: output, ...env, ...stepEnv },
    });
    logs[step.id!] = r.stdout + r.stderr;
    steps[step.id!] = readOutputs(output);
    status = r.status;
    if (status !== 0) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).flatMap(([name, { value }]) => (/\S/.test(evaluate(value, inputs, steps)) ? [[name, evaluate(value, inputs, steps)]] : [])),
  );
  return {
    status,
    logs,
    outputs,
    steps,
    workspace,
    actionPath,
    rawRunOutput: existsSync(join(files, 'output-run')) ? readFileSync(join(files, 'output-run'), 'utf8') : '',
    npmCalls: existsSync(npmCalls) ? readFileSync(npmCalls, 'utf8') : '',
    summary: readFileSync(summary, 'utf8'),
  };
}

/** The install step's line: where from, the files' digest, and whether this step installed or found the install. */
function installLine(log: string | undefined) {
  const line = new RegExp(
    `^mockapi-conformance ${OWN.version.replace(/\./g, '\\.')} from (.+) \\(sha256 ([0-9a-f]{64})\\): (installed|installed earlier in this job) in (.+)$`,
    'm',
  ).exec(log ?? '');
  if (!line) throw new Error(`the install step said no install line: ${log}`);
  return { from: line[1]!, digest: line[2]!, how: line[3]!, dir: line[4]! };
}

/** Every file under `dir` but those under node_modules, relative to it. */
function ownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').includes('node_modules'));
}

const REPORTS = ['conformance.html', 'conformance.json', 'conformance.md', 'conformance.xml'];
const PASSING = { args: '--only ^CHAOS-STATUS' };

/** The first step of the job: the action used at the tag, which installs. */
let first: ReturnType<typeof runAction>;
beforeAll(() => {
  first = runAction({ form: FORMS.tag, inputs: PASSING });
}, 600_000);

describe('the GitHub Action', () => {
  test('is a composite action whose scripts take every input from the environment, never from an expression inside the script', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['base-url', 'token', 'profile', 'baseline', 'reports', 'har']));
    for (const step of action.runs.steps.filter((s) => s.run !== undefined)) {
      expect(step.shell).toBe('bash');
      expect(step.run, 'an expression in a script is spliced into it before bash reads it: an input could run a command').not.toContain('${{');
    }
    for (const [name, { value }] of Object.entries(action.outputs)) expect(value).toBe(`\${{ steps.run.outputs.${name} }}`);
    // where the package comes from is the folder GitHub fetched, never a URL made of the ref (empty for `./`)
    expect(readFileSync(join(ROOT, 'action.yml'), 'utf8')).not.toMatch(/action_ref|action_repository|releases\/download|--no-package-lock/);
  });

  test('sets up a Node only when the node-version input asks', () => {
    const others = action.runs.steps.filter((s) => s.run === undefined);
    expect(others.map((s) => [s.uses?.split('@')[0], s.if])).toEqual([['actions/setup-node', "inputs.node-version != ''"]]);
    expect(action.inputs['node-version']!.default).toBe('');
  });

  test(`uses: ${FORMS.tag.uses} (a tag): the first step of the job installs from the folder GitHub fetched, with npm ci, and runs; the outputs are parsed`, () => {
    const r = first;
    expect(r.status, JSON.stringify(r.logs)).toBe(0);
    const install = installLine(r.logs.install);
    expect([install.from, install.how]).toEqual([FORMS.tag.actionPath, 'installed']);
    // the lockfile's versions, each checked against its integrity hash by npm ci, no install script: the package's
    // dependencies, then TypeScript's compiler beside them
    expect(r.npmCalls).toBe(`${install.dir}: ci --ignore-scripts --no-audit --no-fund\n${install.dir}/compiler: ci --ignore-scripts --no-audit --no-fund\n`);
    expect(r.outputs).toMatchObject({ 'exit-code': '0', failed: '0', warned: '0', errored: '0', skipped: '0', judged: '100' });
    expect(Number(r.outputs.passed)).toBeGreaterThan(0);
    expect(r.outputs.report).toBe('mockapi-conformance-reports/conformance.json');
    // no HAR unless asked
    expect(readdirSync(join(r.workspace, 'mockapi-conformance-reports')).sort()).toEqual(REPORTS);
    expect(r.summary).toContain('mockapi-conformance');
  });

  test('what runs is the compiled package, its dependencies at the versions of the lockfile, and no TypeScript', () => {
    const { dir } = installLine(first.logs.install);
    const pkg = join(dir, 'package');
    expect(readdirSync(dir).sort()).toEqual(['installed', 'node_modules', 'package', 'package-lock.json', 'package.json']);
    expect(readdirSync(pkg).sort()).toEqual(['LICENSE', 'bin', 'dist', 'package.json', 'schemas', 'suites']);
    // of the sources' folders, only what the package ships from them: the catalogue's data
    expect(readdirSync(join(pkg, 'suites'))).toEqual(['catalogue.json']);
    const own = ownFiles(pkg);
    expect(own).toContain('dist/src/cli/cli.js');
    expect(own.filter((f) => f.endsWith('.ts'))).toEqual([]);
    // the dependencies above the package, where Node finds them from it, as in a project that installed it
    const installed = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    const paths = Object.keys(installed.packages);
    expect(paths).toEqual(expect.arrayContaining(['node_modules/vitest', 'node_modules/undici', 'node_modules/ajv']));
    for (const path of paths) expect([path, installed.packages[path]!.version]).toEqual([path, LOCK.packages[path]?.version]);
    for (const name of ['typescript', 'tsx', '@types/node', '@biomejs/biome']) expect(existsSync(join(dir, 'node_modules', name)), name).toBe(false);
  });

  test("the compiled package's JavaScript is that of the project's own build (tsconfig.build.json), file for file", async () => {
    const dist = join(installLine(first.logs.install).dir, 'package', 'dist');
    const { dir: built } = await compiledWhenEnded(inject('compiledDir'));
    const javascript = (dir: string) =>
      ownFiles(dir)
        .filter((f) => f.endsWith('.js'))
        .sort();
    expect(javascript(dist)).toEqual(javascript(built));
    for (const file of javascript(built)) expect([file, readFileSync(join(dist, file), 'utf8')]).toEqual([file, readFileSync(join(built, file), 'utf8')]);
  });

  test(`uses: OWNER/mockapi-conformance@<commit> (a commit): a later step finds the install of the same files, from its own folder, and runs; the HAR when asked`, () => {
    const r = runAction({ form: FORMS.commit, inputs: { ...PASSING, har: 'true' } });
    expect(r.status, JSON.stringify(r.logs)).toBe(0);
    const install = installLine(r.logs.install);
    expect(install).toEqual({ ...installLine(first.logs.install), from: FORMS.commit.actionPath, how: 'installed earlier in this job' });
    expect(r.npmCalls).toBe('');
    expect(r.outputs).toMatchObject({ 'exit-code': '0', failed: '0', judged: '100' });
    expect(readdirSync(join(r.workspace, 'mockapi-conformance-reports')).sort()).toEqual([...REPORTS, 'conformance.har'].sort());
  });

  test("uses: ./ (the workspace): the package is the checkout's own files, not a dist/ the checkout holds; the outputs are parsed", () => {
    const r = runAction({
      form: FORMS.local,
      inputs: PASSING,
      prepare: (workspace) => {
        mkdirSync(join(workspace, 'dist', 'src', 'cli'), { recursive: true });
        writeFileSync(join(workspace, 'dist', 'src', 'cli', 'cli.js'), 'console.log("a stale build"); process.exit(9);\n');
      },
    });
    expect(r.status, JSON.stringify(r.logs)).toBe(0);
    const install = installLine(r.logs.install);
    expect(install).toEqual({ ...installLine(first.logs.install), from: r.workspace, how: 'installed earlier in this job' });
    expect(r.logs.run).not.toContain('a stale build');
    expect(r.outputs).toMatchObject({ 'exit-code': '0', failed: '0', judged: '100', report: 'mockapi-conformance-reports/conformance.json' });
  });

  test("on a runner's Node older than 20.19: one line that says to set node-version, exit 2, nothing installed", () => {
    const r = runAction({ node: 'v18.20.4' });
    expect(r.status).toBe(2);
    expect(r.logs.install).toBe(
      "::error::mockapi-conformance needs Node.js 20.19 or later; this runner has v18.20.4: set the action's node-version input (for example '22')\n",
    );
    expect(r.npmCalls).toBe('');
  });

  test('the exit-code output documents every exit code of the command', () => {
    const documented = action.outputs['exit-code']!.description;
    for (const code of Object.values(EXIT)) expect(documented).toMatch(new RegExp(`\\b${code} `));
  });

  test('a failing run: the step fails with the exit code, and the outputs are written first', () => {
    const r = runAction({ inputs: { ...PASSING, reports: '' }, env: { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' } });
    expect(r.status).toBe(1);
    expect(r.outputs).toMatchObject({ 'exit-code': '1', failed: '1' });
    expect(r.outputs.report!.startsWith(`${RUNNER_TEMP}/`)).toBe(true);
    expect(existsSync(r.outputs.report!)).toBe(true);
    expect(r.logs.run).toMatch(/^::error /m);
  });
});

describe('the install is reused only from a folder this job made, private to its user', () => {
  /**
   * An install planted in `temp` where the first step's install is, with a copy of its `installed` file, at `mode`:
   * its command leaves a mark when it runs.
   */
  function plant(temp: string, mode: number) {
    const { dir } = installLine(first.logs.install);
    const planted = join(temp, basename(dir));
    mkdirSync(join(planted, 'package', 'bin'), { recursive: true });
    writeFileSync(join(planted, 'installed'), readFileSync(join(dir, 'installed')));
    const mark = join(temp, 'the planted install ran');
    writeFileSync(join(planted, 'package', 'bin', 'mockapi-conformance.js'), `require('node:fs').writeFileSync(${JSON.stringify(mark)}, '');\n`);
    chmodSync(planted, mode);
    return { planted, mark };
  }

  /** The step's run, its npm failing at once (where the install goes is what is looked at): the folder npm was called in. */
  function installedIn(options: RunOptions) {
    const r = runAction({ ...options, inputs: PASSING, env: { ...options.env, NPM_FAILS: '1' } });
    expect(r.status, 'the npm stand-in fails the install').toBe(1);
    const dir = /^(.+): ci /.exec(r.npmCalls)?.[1];
    if (dir === undefined) throw new Error(`no install was begun: ${JSON.stringify(r.logs)}`);
    const stat = statSync(dir);
    expect([stat.uid, stat.mode & 0o077]).toEqual([process.getuid!(), 0]);
    return dir;
  }

  test('a folder of the right name and digest that others may write: not reused, built again in a folder of its own', () => {
    const temp = mkdtempSync(join(runner, 'temp-'));
    const { planted, mark } = plant(temp, 0o777);
    installedIn({ runnerTemp: temp });
    expect(existsSync(mark)).toBe(false);
    const command = join(planted, 'package', 'bin', 'mockapi-conformance.js');
    expect(existsSync(command) && readFileSync(command, 'utf8')).not.toContain('the planted install ran');
  });

  test('a private folder another job of the runner left: not reused (the installed file names the job)', () => {
    const temp = mkdtempSync(join(runner, 'temp-'));
    const { mark } = plant(temp, 0o700);
    installedIn({ runnerTemp: temp, runId: '7002' });
    expect(existsSync(mark)).toBe(false);
  });

  test('RUNNER_TEMP unset: no folder of TMPDIR is reused; the install goes to a new private folder', () => {
    const temp = mkdtempSync(join(runner, 'tmpdir-'));
    const { planted, mark } = plant(temp, 0o700);
    const dir = installedIn({ runnerTemp: null, env: { TMPDIR: temp } });
    expect(existsSync(mark)).toBe(false);
    expect(dir).not.toBe(planted);
  });
});

describe('the Action reads back only what its run wrote, and no value adds an output', () => {
  /** A report a checkout plants: the counts of a clean run, one of them with a line that sets the exit code. */
  const planted = JSON.stringify({ summary: { passed: '999\nexit-code=0', failed: 0, warned: 0, errored: 0, skipped: 0 }, judged: { percent: 100 } });

  test('a checkout that holds conformance.json as a link: refused before the run (exit 2, one line), its target neither read nor written', () => {
    const target = join(mkdtempSync(join(runner, 'elsewhere-')), 'planted.json');
    writeFileSync(target, planted);
    const r = runAction({
      inputs: PASSING,
      prepare: (workspace) => {
        mkdirSync(join(workspace, 'mockapi-conformance-reports'));
        symlinkSync(target, join(workspace, 'mockapi-conformance-reports', 'conformance.json'));
      },
    });
    expect(r.status).toBe(2);
    expect(r.outputs).toEqual({ 'exit-code': '2' });
    expect(r.logs.run).toBe(
      '::error::mockapi-conformance: mockapi-conformance-reports/conformance.json is a symbolic link; the Action never writes its reports through one: remove it from the checkout\n',
    );
    expect(readFileSync(target, 'utf8')).toBe(planted);
  });

  test('a checkout whose reports folder is a link out of it: refused before the run, nothing written there', () => {
    const elsewhere = mkdtempSync(join(runner, 'elsewhere-'));
    writeFileSync(join(elsewhere, 'conformance.json'), planted);
    const r = runAction({ inputs: PASSING, prepare: (workspace) => symlinkSync(elsewhere, join(workspace, 'mockapi-conformance-reports')) });
    expect(r.status).toBe(2);
    expect(r.outputs).toEqual({ 'exit-code': '2' });
    expect(r.logs.run).toContain('::error::mockapi-conformance: mockapi-conformance-reports is a symbolic link;');
    expect(readdirSync(elsewhere)).toEqual(['conformance.json']);
  });

  test('a checkout that holds conformance.json as a file, and a run that writes no report: no count is set', () => {
    const r = runAction({
      // --list lists the checks and runs none
      inputs: { args: '--list' },
      prepare: (workspace) => {
        mkdirSync(join(workspace, 'mockapi-conformance-reports'));
        writeFileSync(join(workspace, 'mockapi-conformance-reports', 'conformance.json'), planted);
      },
    });
    expect(r.status).toBe(0);
    expect(r.outputs).toEqual({ 'exit-code': '0' });
  });

  test("a report whose count holds a line break sets no output but the run's own, each in the delimited form", () => {
    // a command in place of the installed one, writing such a report where it is told to, and failing
    const command = join(mkdtempSync(join(runner, 'stand-in-')), 'command.js');
    writeFileSync(
      command,
      `const at = process.argv.indexOf('--report-json');\nrequire('node:fs').writeFileSync(process.argv[at + 1], ${JSON.stringify(planted)});\nprocess.exit(1);\n`,
    );
    const r = runAction({ inputs: PASSING, command });
    expect(r.status).toBe(1);
    expect(r.outputs).toEqual({
      'exit-code': '1',
      failed: '0',
      warned: '0',
      errored: '0',
      skipped: '0',
      judged: '100',
      report: 'mockapi-conformance-reports/conformance.json',
    });
    expect(r.logs.run).toContain("::warning::mockapi-conformance: the JSON report's passed is not a whole number; the output is not set\n");
    expect(r.rawRunOutput).toMatch(/^(?:[a-z-]+<<(mockapi-conformance-[0-9a-f]{32})\n[^\n]*\n\1\n)+$/);
  });

  test('a reports input with a line break, or a har input not true or false: refused before the run (exit 2)', () => {
    const broken = runAction({ inputs: { ...PASSING, reports: 'reports\nexit-code=0' } });
    expect([broken.status, broken.outputs]).toEqual([2, { 'exit-code': '2' }]);
    expect(broken.logs.run).toBe('::error::mockapi-conformance: the reports input holds a line break\n');
    const har = runAction({ inputs: { ...PASSING, har: 'yes' } });
    expect([har.status, har.outputs]).toEqual([2, { 'exit-code': '2' }]);
    expect(har.logs.run).toBe('::error::mockapi-conformance: the har input is true or false\n');
  });
});

describe('the workflows of docs/ci', () => {
  const known = new Set(KNOWN_SETTINGS);
  const workflow = (file: string) => read(`docs/ci/${file}`) as { on: unknown; jobs: Record<string, { steps: Step[] }> };
  const stepsOf = (file: string) => Object.values(workflow(file).jobs).flatMap((job) => job.steps);
  for (const file of ['github-mock.yml', 'github-release.yml']) {
    test(`${file} uses the action with inputs it has and settings the tool knows, and uploads the reports`, () => {
      expect(workflow(file).on).toBeDefined();
      const steps = stepsOf(file);
      const uses = steps.filter((s) => /\/mockapi-conformance@/.test(s.uses ?? ''));
      expect(uses).toHaveLength(1);
      for (const input of Object.keys(uses[0]!.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
      for (const name of Object.keys(uses[0]!.env ?? {})) expect(known.has(name), `${name} is a setting of the tool`).toBe(true);
      const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      expect(String(upload?.with?.path)).toContain(action.inputs.reports!.default);
    });
  }

  test('the workflows name the tool at a commit the user fills in, never at a tag the repository does not have', () => {
    const refs = ['docs/ci/github-mock.yml', 'docs/ci/github-release.yml', 'docs/ci.md'].flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/OWNER\/mockapi-conformance@(\S+)/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => !/: `?COMMIT`?$/.test(ref))).toEqual([]);
    const gitlab = (read('docs/ci/gitlab-ci.yml') as Record<string, { script: string[] }>).conformance!.script.join('\n');
    expect(gitlab).toContain('"$CONFORMANCE_TOOL_COMMIT"');
    expect(gitlab).not.toMatch(/--branch|v\d+\.\d+\.\d+/);
  });

  test('the mock workflow runs once per change: pushes to main and pull requests, not every push beside its pull request', () => {
    const on = workflow('github-mock.yml').on as { push?: { branches?: string[] }; pull_request?: unknown };
    expect(on).toHaveProperty('pull_request');
    expect(on.push?.branches).toEqual(['main']);
  });

  test('a pull request from a fork, which gets no repository variables, is told why the mock is not verified, and nothing runs without its URL', () => {
    const steps = stepsOf('github-mock.yml');
    const warning = steps.find((s) => s.if === "vars.MOCK_BASE_URL == ''");
    expect(warning?.run).toMatch(/^echo "::warning::MOCK_BASE_URL is not set .*fork/);
    for (const step of steps.filter((s) => s !== warning)) expect(step.if, `${step.uses}`).toMatch(/vars\.MOCK_BASE_URL != ''/);
  });

  test('the production workflow writes and uploads no HAR: the har input is left at false, and no flag asks for one', () => {
    expect(action.inputs.har!.default).toBe('false');
    const steps = stepsOf('github-release.yml');
    const uses = steps.find((s) => /\/mockapi-conformance@/.test(s.uses ?? ''))!;
    expect(uses.with?.har ?? 'false').toBe('false');
    expect(JSON.stringify(steps)).not.toMatch(/report-har|\.har\b|MOCKAPI_REPORT_HAR/);
  });

  test('every other action, in action.yml and the workflows, is pinned by its full commit, its version in a comment, one commit for each', () => {
    const pins = new Map<string, Set<string>>();
    for (const file of ['action.yml', 'docs/ci/github-mock.yml', 'docs/ci/github-release.yml', 'docs/ci.md']) {
      for (const [, name, ref, comment] of readFileSync(join(ROOT, file), 'utf8').matchAll(/uses:\s*([\w.-]+\/[\w./-]+)@(\S+)(.*)$/gm)) {
        if (name === 'OWNER/mockapi-conformance') continue;
        expect(`${file}: ${name}@${ref}${comment}`).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
        pins.set(name!, (pins.get(name!) ?? new Set()).add(`${ref}${comment}`));
      }
    }
    expect([...pins.keys()].sort()).toEqual(['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']);
    for (const [name, refs] of pins) expect([name, refs.size]).toEqual([name, 1]);
  });

  test('the GitLab job writes the JUnit report it hands to GitLab, and sets only settings the tool knows', () => {
    const job = (
      read('docs/ci/gitlab-ci.yml') as Record<string, { variables: Record<string, string>; script: string[]; artifacts: { reports: { junit: string } } }>
    ).conformance!;
    expect(job.script.join('\n')).toContain(`--report-junit ${job.artifacts.reports.junit}`);
    for (const name of Object.keys(job.variables)) expect(known.has(name), `${name} is a setting of the tool`).toBe(true);
  });
});
