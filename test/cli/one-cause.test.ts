// One cause, one line: a 401 body worded differently (the reference's auth-401-wording) fails every check that
// reads a 401, whatever requirement each cites; the console, JUnit, GitHub's annotations, the Markdown summary and
// the HTML page each show it as one group counted once with its checks, and the console's last screen is the
// causes, the closing line and the replay command. Then the same checks as a baseline against the fixed
// reference: every entry is stale, and the closing line says so and how to prune. Runs of the compiled command.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type TestSuites } from 'junit2json';
import { beforeAll, expect, test } from 'vitest';
import type { CliResult } from '../support/cli.ts';
import { emptyDirectory } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';

const runner = useRunners(1);
const dir = emptyDirectory();
const files = { junit: join(dir, 'r.xml'), markdown: join(dir, 'r.md'), html: join(dir, 'r.html'), summary: join(dir, 'step.md') };
let red: CliResult;
let github: CliResult;
let failing: number;

beforeAll(async () => {
  const fault = { MOCKAPI_REFERENCE_FAULTS: 'auth-401-wording' };
  const only = ['--only', '^authentication/'];
  red = await runner.run([...only, '--report-junit', files.junit, '--report-markdown', files.markdown, '--report-html', files.html], fault, { cwd: dir });
  writeFileSync(files.summary, '');
  github = await runner.run(only, { ...fault, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: files.summary }, { cwd: emptyDirectory() });
  failing = red.report!.summary.failed;
});

test('the wording fails a hundred checks or more, under the titles of several requirements, with one answer', () => {
  expect(red.code).toBe(1);
  expect(failing).toBeGreaterThan(100);
  const failed = red.report!.checks.filter((c) => c.outcome === 'failed');
  expect(new Set(failed.map((c) => c.requirement)).size).toBeGreaterThan(3);
  expect(new Set(failed.flatMap((c) => c.violated))).toEqual(new Set(['AUTH-401-BODY']));
});

test("the console's last screen is the cause, the closing line and the replay command; the detail above shows one check", () => {
  const lines = red.stdout.trimEnd().split('\n');
  const cause = `  AUTH-401-BODY: ${failing} checks on `;
  expect(lines.slice(-5)).toEqual([
    'Failed (must-level statements broken), one line per cause:',
    expect.stringMatching(new RegExp(`^${cause}[^;]+; actual "Unauthorized\\.", expected a text stating that credentials are required`)),
    '',
    expect.stringMatching(new RegExp(`^\\d+ passed, ${failing} failed, 0 warned, 0 errored, 0 skipped: `)),
    `Replay the ${failing} checks that did not pass: mockapi-conformance replay --state-file ${join(dir, '.mockapi-conformance-state.jsonl')}`,
  ]);
  expect(lines.filter((l) => l.startsWith('  AUTH-401-BODY: '))).toHaveLength(1);
  expect(lines.filter((l) => /^ {2}FAILED /.test(l))).toHaveLength(1);
});

test('JUnit keeps a testcase per check, names the one cause of each, and counts it once at the root', async () => {
  const xml = readFileSync(files.junit, 'utf8');
  const suites = (await parse(xml)) as TestSuites;
  expect(suites.failures).toBe(failing);
  expect(xml.match(/<property name="causes" value="1"\/>/g)).toHaveLength(1);
  expect(xml.match(/<property name="cause" value="AUTH-401-BODY: \d+ checks on [^"]+; actual &quot;Unauthorized\.&quot;, expected [^"]+"\/>/g)).toHaveLength(1);
  expect(xml.match(/<property name="cause" value="AUTH-401-BODY: actual &quot;Unauthorized\.&quot;"\/>/g)).toHaveLength(failing);
});

test('GitHub takes one annotation for the cause; the Markdown summary opens with its verdict and has one heading for it', () => {
  expect(github.stdout.match(/^::(?:error|warning|notice) .*$/gm)).toEqual([
    expect.stringMatching(new RegExp(`^::error title=AUTH-401-BODY \\(must\\)%3A ${failing} checks on `)),
  ]);
  const md = readFileSync(files.markdown, 'utf8');
  expect(md.split('\n')[2]).toBe(`**❌ FAILED**: ${failing} failed, 0 warned, 0 errored, ${red.report!.summary.passed} passed, 0 skipped, from 1 cause.`);
  expect(md.match(/^#### .*$/gm)).toEqual([expect.stringMatching(new RegExp(`^#### AUTH-401-BODY: ${failing} checks on .*; actual "Unauthorized\\."`))]);
  expect(readFileSync(files.summary, 'utf8')).toMatch(/^## mockapi-conformance: .*\n\n\*\*❌ FAILED\*\*: /);
});

test('the HTML page lists the one cause with its answer, its checks under it', () => {
  const html = readFileSync(files.html, 'utf8');
  const body = html.slice(0, html.indexOf('<script'));
  expect([...body.matchAll(/<li class="requirement" data-requirement="([A-Z0-9-]+)">/g)].map((m) => m[1])).toEqual(['AUTH-401-BODY']);
  expect(body).toContain('<div class="cause">actual <code>&quot;Unauthorized.&quot;</code>; expected a text stating that credentials are required');
  expect(body.match(/<li class="broken-check">/g)).toHaveLength(failing);
  // each check's link opens the cell of the requirement it broke, not the one its title cites
  expect(body.match(/href="#cell-AUTH-401-BODY-/g)).toHaveLength(failing);
});

test('those checks as a baseline, against the fixed reference: every entry is stale, and the closing line says how to prune', async () => {
  const baseline = join(dir, 'baseline.json');
  const written = await runner.run(['--only', '^authentication/', '--update-baseline', baseline], { MOCKAPI_REFERENCE_FAULTS: 'auth-401-wording' });
  expect(written.code).toBe(0);
  const r = await runner.run(['--only', '^authentication/', '--baseline', baseline]);
  expect(r.code).toBe(1);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toMatch(
    new RegExp(
      `^\\d+ passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of \\d+ checks judged, 0% skipped; \\d+ requests in [\\d.]+ s; ${failing} stale entries of the baseline \\(the checks pass now\\): prune them with --update-baseline ${baseline.replace(/[.]/g, '\\.')}$`,
    ),
  );
  expect(lines.filter((l) => l.startsWith('  stale: '))).toHaveLength(10);
  expect(lines).toContain(`  … and ${failing - 10} more stale: prune them with --update-baseline ${baseline}`);
});
