// The report formats: JUnit XML read back by a JUnit parser (junit2json, on xml2js), the Markdown summary,
// GitHub annotations and step summary; from a report that has every outcome, and from a real run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type TestCase, type TestSuites } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { schema } from '../../contract/schemas.ts';
import type { CheckResult, ConformanceReport, Outcome } from '../../reporters/conformance.ts';
import { annotations, areaGroups, moreLine } from '../../reporters/github.ts';
import { junitXml, wallTimeMs } from '../../reporters/junit.ts';
import { markdownSummary } from '../../reporters/markdown.ts';
import { runCli } from '../support/cli.ts';

const check = (outcome: Outcome, more: Partial<CheckResult> = {}): CheckResult => ({
  id: `chaos-settings/${outcome}-check`,
  area: 'chaos-settings',
  title: `CHAOS-STATUS a ${outcome} check`,
  requirement: 'CHAOS-STATUS',
  operation: 'updateChaosSettings',
  level: 'must',
  outcome,
  message: {
    passed: '',
    failed:
      '[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."\n  expected: status 200\n  actual:   status 201 <b>&amp;</b> \u0001\n  reproduce: curl -sS -i -X PUT \'http://127.0.0.1:1/v1/x\'',
    warned: '[GEN-NO-5XX] (should) Errors: "…"\n  expected: a 4xx\n  actual:   500',
    errored: 'the deployment gave no HTTP answer: the connection was reset',
    skipped: 'not configured: set MOCKAPI_MOCK_API_ID',
  }[outcome],
  violated: outcome === 'failed' ? ['CHAOS-STATUS'] : outcome === 'warned' ? ['GEN-NO-5XX'] : [],
  notes: [],
  evidence: [],
  startedAt: '2026-11-23T10:00:00.000Z',
  durationMs: 12,
  ...more,
});

const report = (strict = false): ConformanceReport => ({
  tool: { name: 'mockapi-conformance', version: '0.1.0' },
  target: { baseUrl: 'https://api.example.com', profile: 'live', embedded: false },
  run: { seed: 1, runs: 10, strict },
  summary: { passed: 1, failed: 1, warned: 1, errored: 1, skipped: 1, requests: 9, durationMs: 100 },
  checks: (['passed', 'failed', 'warned', 'errored', 'skipped'] as const).map((o) =>
    check(o, o === 'warned' ? { level: 'should', requirement: 'GEN-NO-5XX', area: 'identifiers', id: 'identifiers/warned-check' } : {}),
  ),
  errors: [],
});

/** The root <testsuites>, as the parser reads it (it drops the root element's name). */
const suitesOf = async (xml: string) => (await parse(xml)) as TestSuites;

const cases = async (xml: string): Promise<Map<string, TestCase>> =>
  new Map(((await suitesOf(xml)).testsuite ?? []).flatMap((s) => s.testcase ?? []).map((c) => [String(c.name).split(' ')[0]!, c]));

describe('JUnit XML', () => {
  test('is read by a JUnit parser: one testcase per check, each outcome as JUnit has it, counts per suite', async () => {
    const xml = junitXml(report());
    const suites = await suitesOf(xml);
    expect({ tests: suites.tests, failures: suites.failures, errors: suites.errors }).toEqual({ tests: 5, failures: 1, errors: 1 });
    expect(suites.testsuite!.map((s) => [s.name, s.tests, s.failures, s.errors, s.skipped])).toEqual([
      ['chaos-settings', 4, 1, 1, 1],
      ['identifiers', 1, 0, 0, 0],
    ]);
    const byId = await cases(xml);
    expect(byId.get('chaos-settings/passed-check')).not.toHaveProperty('failure');
    const failed = byId.get('chaos-settings/failed-check')!;
    expect(failed.classname).toBe('chaos-settings');
    expect(failed.name).toBe('chaos-settings/failed-check CHAOS-STATUS a failed check');
    expect(failed.failure![0]!.message).toBe('[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."');
    // the markup in an answer is text, and a control character is shown escaped (src/http/untrusted.ts)
    expect(failed.failure![0]!.inner).toContain('actual:   status 201 <b>&amp;</b> \\x01\n');
    expect(failed.failure![0]!.inner).toContain("reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'");
    expect(byId.get('chaos-settings/errored-check')!.error![0]!.message).toBe('the deployment gave no HTTP answer: the connection was reset');
    expect(byId.get('chaos-settings/skipped-check')!.skipped![0]!.message).toBe('not configured: set MOCKAPI_MOCK_API_ID');
    // JUnit has no warning: a passed case that says so in its output and its properties
    const warned = byId.get('identifiers/warned-check')!;
    expect(warned).not.toHaveProperty('failure');
    expect(warned['system-out']![0]).toMatch(/^warning: \[GEN-NO-5XX\] \(should\)/);
    expect(xml).toContain('<property name="outcome" value="warned"/>');
  });

  test("times are wall time: a suite from its first start to its last end, the root the run's own", async () => {
    const r = report();
    r.checks = [
      check('failed', { startedAt: '2026-11-23T10:00:00.000Z', durationMs: 2000 }),
      check('passed', { startedAt: '2026-11-23T10:00:01.000Z', durationMs: 2500 }),
      check('errored', { startedAt: '2026-11-23T10:00:00.500Z', durationMs: 1000 }),
    ];
    expect(wallTimeMs(r.checks)).toBe(3500);
    const suites = await suitesOf(junitXml(r));
    expect(suites.testsuite![0]!.time).toBe(3.5);
    expect(suites.time).toBe(0.1);
  });

  test('with --strict a warning is a failure of type warning', async () => {
    const warned = (await cases(junitXml(report(true)))).get('identifiers/warned-check')!;
    expect(warned.failure![0]!.type).toBe('warning');
  });
});

describe('GitHub Actions', () => {
  test('one ::error per failed check and one ::warning per warned one, newlines and colons escaped', () => {
    expect(annotations(report()).lines).toEqual([
      `::error title=CHAOS-STATUS chaos-settings/failed-check::[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."%0A  expected: status 200%0A  actual:   status 201 <b>&amp;</b> \\x01%0A  reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'`,
      '::warning title=GEN-NO-5XX identifiers/warned-check::[GEN-NO-5XX] (should) Errors: "…"%0A  expected: a 4xx%0A  actual:   500',
    ]);
    expect(annotations(report(true)).lines[1]).toMatch(/^::error title=GEN-NO-5XX /);
  });

  test('at most ten of each kind, must-level failures first and new before known, and a line saying how many more', () => {
    const many: ConformanceReport = { ...report(true), checks: [] };
    for (let i = 0; i < 12; i++) many.checks.push(check('warned', { id: `identifiers/warned-${i}`, level: 'should', violated: ['GEN-NO-5XX'] }));
    for (let i = 0; i < 14; i++) many.checks.push(check('failed', { id: `chaos-settings/failed-${i}` }));
    for (let i = 0; i < 3; i++) many.checks.push(check('warned', { id: `identifiers/non-strict-${i}`, level: 'should', violated: ['GEN-NO-5XX'] }));
    // four of the failures are known: they are notices, and no new failure gives way to them
    many.baseline = {
      file: 'b.json',
      known: [0, 1, 2, 3].map((i) => ({ id: `chaos-settings/failed-${i}`, outcome: 'failed' as const, expected: 'failed' as const, reason: 'known' })),
      new: [],
      stale: [],
      expired: [],
      unmatched: [],
    };
    const { lines, more } = annotations(many);
    const errors = lines.filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(10);
    // the ten new must-level failures come before any warning made an error by --strict
    expect(errors.map((l) => /title=\S+ (\S+)::/.exec(l)![1])).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((i) => `chaos-settings/failed-${i}`));
    expect(lines.filter((l) => l.startsWith('::notice'))).toHaveLength(4);
    expect(more).toEqual({ error: 15, warning: 0, notice: 0 });
    expect(moreLine(more, true)).toBe('GitHub shows 10 annotations of each kind: 15 more failures than annotated are in the step summary and the reports');
    expect(moreLine({ error: 0, warning: 0, notice: 0 }, true)).toBe('');
  });

  test('a stale entry and an expired one whose check passed are errors too: each fails the run', () => {
    const r: ConformanceReport = { ...report(), checks: [check('passed', { id: 'chaos-settings/fixed' }), check('passed', { id: 'chaos-settings/expired' })] };
    const about = { outcome: 'passed' as const, expected: 'failed' as const, reason: 'r' };
    r.baseline = {
      file: 'b.json',
      known: [],
      new: [],
      stale: [{ id: 'chaos-settings/fixed', ...about }],
      expired: [{ id: 'chaos-settings/expired', ...about, expires: '2026-01-01' }],
      unmatched: [],
    };
    expect(annotations(r).lines).toEqual([
      '::error title=CHAOS-STATUS chaos-settings/fixed::passed, but b.json expects it not to: remove its entry',
      '::error title=CHAOS-STATUS chaos-settings/expired::passed, and its entry in b.json has expired: remove the entry',
    ]);
  });

  test('the log is folded in one ::group:: per area, each check that did not pass inside, inert', () => {
    const out: string[] = [];
    areaGroups(report(), (t) => out.push(t));
    const text = out.join('');
    expect(text).toMatch(
      /^::group::chaos-settings: 1 passed, 1 failed, 0 warned, 1 errored, 1 skipped\n::stop-commands::([0-9a-f]{32})\n[\s\S]*FAILED chaos-settings\/failed-check[\s\S]*\n::\1::\n::endgroup::\n::group::identifiers: /,
    );
  });

  test("in the message %, CR and LF escaped; in the title also : and , (GitHub's escapeData and escapeProperty)", () => {
    const odd = check('failed', {
      id: 'chaos-settings/a:b,c%d',
      violated: ['CHAOS-STATUS', 'GEN-NO-5XX'],
      message: 'expected: 100%\r\nactual: 50%, then\nmore',
    });
    expect(annotations({ ...report(), checks: [odd] }).lines).toEqual([
      // the message keeps its colons and commas: only a property value (the title) escapes them
      '::error title=CHAOS-STATUS%2C GEN-NO-5XX chaos-settings/a%3Ab%2Cc%25d::expected: 100%25%0D%0Aactual: 50%25, then%0Amore',
    ]);
  });
});

describe('Markdown summary', () => {
  test('against a baseline: a known column, the known checks with their reasons, failures only for what is not known', () => {
    const r = report();
    r.baseline = {
      file: 'b.json',
      known: [{ id: 'chaos-settings/failed-check', outcome: 'failed', expected: 'failed', reason: '201 until API-42', issue: 'API-42' }],
      new: [],
      stale: [],
      expired: [],
      unmatched: [],
    };
    const md = markdownSummary(r);
    expect(md).toContain('Against the baseline `b.json`: **1 known, 0 new, 0 stale, 0 expired**.');
    expect(md).toContain('| chaos-settings | 1 | 1 | 0 | 1 | 1 | 1 |');
    expect(md).toContain('| `chaos-settings/failed-check` | failed | 201 until API-42 | API-42 |');
    expect(md).not.toContain('### ❌ Failed');
  });

  test('counts per area and outcome, each broken check folded with its message, reasons counted', () => {
    const md = markdownSummary(report());
    expect(md).toContain('| area | ✅ passed | ❌ failed | ⚠️ warned | ⛔ errored | ⏭️ skipped |');
    expect(md).toContain('| chaos-settings | 1 | 1 | 0 | 1 | 1 |');
    expect(md).toContain('| **all** | **1** | **1** | **1** | **1** | **1** |');
    expect(md).toContain('<details><summary><code>chaos-settings/failed-check</code> CHAOS-STATUS: CHAOS-STATUS a failed check</summary>');
    expect(md).toMatch(
      /### ⛔ Errored: could not judge\n\n\| checks \| reason \|\n\| ---: \| --- \|\n\| 1 \| the deployment gave no HTTP answer: the connection was reset \|/,
    );
  });
});

test('a run writes JUnit, Markdown, JSON and, under GitHub Actions, annotations and the step summary, all from one run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-formats-'));
  const [junit, markdown, stepSummary] = ['report.xml', 'summary.md', 'step-summary.md'].map((f) => join(dir, f));
  writeFileSync(stepSummary!, '# earlier steps\n');
  const r = await runCli(['--only', '^CHAOS-STATUS|^DS-VERSION', '--report-junit', junit!, '--report-markdown', markdown!], {
    MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201,data-source-version-frozen',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: stepSummary!,
  });
  expect(r.code).toBe(1);
  expect(schema('report.json')(r.report)).toBe(true);
  const byId = await cases(readFileSync(junit!, 'utf8'));
  expect([...byId.values()].filter((c) => c.failure).map((c) => String(c.name).split(' ')[0])).toEqual(['chaos-settings/updating-chaos-settings-200']);
  expect(r.stdout).toMatch(/^::error title=CHAOS-STATUS chaos-settings\/updating-chaos-settings-200::\[CHAOS-STATUS\] \(must\)/m);
  expect(r.stdout).toMatch(/^::warning title=DS-VERSION data-sources\/version-integer-successful-update-raises::/m);
  // the console summary, which quotes the deployment, stands between ::stop-commands:: and its random token; the annotations after
  // (each area's log first, in its ::group::, then the summary), each with a token of its own
  const stops = [...r.stdout.matchAll(/^::stop-commands::([0-9a-f]{32})$/gm)];
  expect(new Set(stops.map((m) => m[1])).size).toBe(stops.length);
  for (const stop of stops) expect(r.stdout.indexOf(`\n::${stop[1]}::\n`, stop.index)).toBeGreaterThan(stop.index);
  const last = stops.at(-1)!;
  const resumed = r.stdout.indexOf(`\n::${last[1]}::\n`, last.index);
  expect(r.stdout.slice(last.index, resumed)).toContain('Conformance of http://127.0.0.1');
  expect(r.stdout).toMatch(/^::group::chaos-settings: \d+ passed, 1 failed, 0 warned, 0 errored, 0 skipped\n::stop-commands::/m);
  expect(r.stdout.indexOf('::error title=')).toBeGreaterThan(resumed);
  expect(readFileSync(stepSummary!, 'utf8')).toMatch(/^# earlier steps\n## mockapi-conformance: http:\/\/127\.0\.0\.1:\d+ \(embedded reference deployment\)/);
  expect(readFileSync(markdown!, 'utf8')).toBe(readFileSync(stepSummary!, 'utf8').replace('# earlier steps\n', ''));
  expect(r.stdout).toContain(`JUnit report: ${junit}`);
  expect(r.stdout).toContain(`Markdown summary: ${markdown}`);
});
