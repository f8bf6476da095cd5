// The report formats: JUnit XML read back by a JUnit parser (junit2json, on xml2js), the Markdown summary,
// GitHub annotations and step summary; from a report that has every outcome, and from a real run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type TestCase, type TestSuites } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { schema } from '../contract/schemas.ts';
import type { CheckResult, ConformanceReport, Outcome } from '../reporters/conformance.ts';
import { annotations } from '../reporters/github.ts';
import { junitXml } from '../reporters/junit.ts';
import { markdownSummary } from '../reporters/markdown.ts';
import { runCli } from './support/cli.ts';

const check = (outcome: Outcome, more: Partial<CheckResult> = {}): CheckResult => ({
  id: `chaos-settings/${outcome}-check`,
  area: 'chaos-settings',
  title: `CHAOS-STATUS a ${outcome} check`,
  requirement: 'CHAOS-STATUS',
  operation: 'updateChaosSettings',
  level: 'must',
  outcome,
  message: { passed: '', failed: '[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."\n  expected: status 200\n  actual:   status 201 <b>&amp;</b> \u0001\n  reproduce: curl -sS -i -X PUT \'http://127.0.0.1:1/v1/x\'', warned: '[GEN-NO-5XX] (should) Errors: "…"\n  expected: a 4xx\n  actual:   500', errored: 'the deployment gave no HTTP answer: the connection was reset', skipped: 'not configured: set MOCKAPI_MOCK_API_ID' }[outcome],
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
  checks: (['passed', 'failed', 'warned', 'errored', 'skipped'] as const).map((o) => check(o, o === 'warned' ? { level: 'should', requirement: 'GEN-NO-5XX', area: 'identifiers', id: 'identifiers/warned-check' } : {})),
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
    expect(suites.testsuite!.map((s) => [s.name, s.tests, s.failures, s.errors, s.skipped])).toEqual([['chaos-settings', 4, 1, 1, 1], ['identifiers', 1, 0, 0, 0]]);
    const byId = await cases(xml);
    expect(byId.get('chaos-settings/passed-check')).not.toHaveProperty('failure');
    const failed = byId.get('chaos-settings/failed-check')!;
    expect(failed.classname).toBe('chaos-settings');
    expect(failed.name).toBe('chaos-settings/failed-check CHAOS-STATUS a failed check');
    expect(failed.failure![0]!.message).toBe('[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."');
    // the markup in an answer is text, and a control character XML cannot carry is left out
    expect(failed.failure![0]!.inner).toContain('actual:   status 201 <b>&amp;</b> \n');
    expect(failed.failure![0]!.inner).toContain("reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'");
    expect(byId.get('chaos-settings/errored-check')!.error![0]!.message).toBe('the deployment gave no HTTP answer: the connection was reset');
    expect(byId.get('chaos-settings/skipped-check')!.skipped![0]!.message).toBe('not configured: set MOCKAPI_MOCK_API_ID');
    // JUnit has no warning: a passed case that says so in its output and its properties
    const warned = byId.get('identifiers/warned-check')!;
    expect(warned).not.toHaveProperty('failure');
    expect(warned['system-out']![0]).toMatch(/^warning: \[GEN-NO-5XX\] \(should\)/);
    expect(xml).toContain('<property name="outcome" value="warned"/>');
  });

  test('with --strict a warning is a failure of type warning', async () => {
    const warned = (await cases(junitXml(report(true)))).get('identifiers/warned-check')!;
    expect(warned.failure![0]!.type).toBe('warning');
  });
});

describe('GitHub Actions', () => {
  test('one ::error per failed check and one ::warning per warned one (::error for both under --strict), newlines escaped', () => {
    expect(annotations(report())).toEqual([
      `::error title=CHAOS-STATUS chaos-settings/failed-check::[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."%0A  expected: status 200%0A  actual:   status 201 <b>&amp;</b> \u0001%0A  reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'`,
      '::warning title=GEN-NO-5XX identifiers/warned-check::[GEN-NO-5XX] (should) Errors: "…"%0A  expected: a 4xx%0A  actual:   500',
    ]);
    expect(annotations(report(true))[1]).toMatch(/^::error title=GEN-NO-5XX /);
  });

  test('in the message %, CR and LF escaped; in the title also : and , (GitHub\'s escapeData and escapeProperty)', () => {
    const odd = check('failed', { id: 'chaos-settings/a:b,c%d', violated: ['CHAOS-STATUS', 'GEN-NO-5XX'], message: 'expected: 100%\r\nactual: 50%, then\nmore' });
    expect(annotations({ ...report(), checks: [odd] })).toEqual([
      // the message keeps its colons and commas: only a property value (the title) escapes them
      '::error title=CHAOS-STATUS%2C GEN-NO-5XX chaos-settings/a%3Ab%2Cc%25d::expected: 100%25%0D%0Aactual: 50%25, then%0Amore',
    ]);
  });
});

describe('Markdown summary', () => {
  test('counts per area and outcome, each broken check folded with its message, reasons counted', () => {
    const md = markdownSummary(report());
    expect(md).toContain('| area | ✅ passed | ❌ failed | ⚠️ warned | ⛔ errored | ⏭️ skipped |');
    expect(md).toContain('| chaos-settings | 1 | 1 | 0 | 1 | 1 |');
    expect(md).toContain('| **all** | **1** | **1** | **1** | **1** | **1** |');
    expect(md).toContain('<details><summary><code>chaos-settings/failed-check</code> CHAOS-STATUS: CHAOS-STATUS a failed check</summary>');
    expect(md).toMatch(/### ⛔ Errored: could not judge\n\n\| checks \| reason \|\n\| ---: \| --- \|\n\| 1 \| the deployment gave no HTTP answer: the connection was reset \|/);
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
  expect(readFileSync(stepSummary!, 'utf8')).toMatch(/^# earlier steps\n## mockapi-conformance: http:\/\/127\.0\.0\.1:\d+ \(embedded reference deployment\)/);
  expect(readFileSync(markdown!, 'utf8')).toBe(readFileSync(stepSummary!, 'utf8').replace('# earlier steps\n', ''));
  expect(r.stdout).toContain(`JUnit report: ${junit}`);
  expect(r.stdout).toContain(`Markdown summary: ${markdown}`);
});
