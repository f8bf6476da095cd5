// Graded outcomes: a should-level statement broken is a warning (exit 0), a failure with --strict; the
// summary and the report use the five words; a run that judged less than --min-judged exits 4.
import { describe, expect, test } from 'vitest';
import type { CheckMeta } from '../../src/harness/run-check.ts';
import { outcomeOf } from '../../src/vitest/conformance-reporter.ts';
import type { ReportFile } from '../../reporters/json.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

// data-source-version-frozen breaks DS-VERSION, a should-level statement (the interface calls version a
// counter and says no more)
const run = (args: string[] = []) => runner.run(['--only', '^DS-VERSION', ...args], { MOCKAPI_REFERENCE_FAULTS: 'data-source-version-frozen' });

describe('a should-level statement broken', () => {
  test.concurrent('is warned: the run passes (exit 0), and the summary and the report say warned', async () => {
    const r = await run();
    expect(r.code, r.stdout).toBe(0);
    const report = r.report!;
    expect(report.summary).toMatchObject({ failed: 0, errored: 0 });
    expect(report.summary.warned).toBeGreaterThan(0);
    expect(report.run.strict).toBe(false);
    for (const c of report.checks.filter((c) => c.outcome === 'warned')) expect(c).toMatchObject({ level: 'should', violated: ['DS-VERSION'] });
    expect(r.stdout).toMatch(/^Warned \(should-level statements broken\), one line per cause:\n {2}DS-VERSION: \d+ checks? /m);
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed, [1-9]\d* warned, 0 errored, 0 skipped: 100% of \d+ checks judged, 0% skipped; /m);
  });

  test.concurrent('fails the run with --strict (exit 1), and the report says it was strict', async () => {
    const r = await run(['--strict']);
    expect(r.code, r.stdout).toBe(1);
    expect(r.report!.run.strict).toBe(true);
    expect(r.report!.summary.warned).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/^Warned \(should-level statements broken; --strict makes them failures\), one line per cause:$/m);
  });
});

test.concurrent('MOCKAPI_STRICT=1 is --strict', async () => {
  const r = await runner.run(['--only', '^DS-VERSION'], { MOCKAPI_REFERENCE_FAULTS: 'data-source-version-frozen', MOCKAPI_STRICT: '1' });
  expect(r.code).toBe(1);
});

describe('outcomeOf', () => {
  const violation = (level: 'must' | 'should') =>
    ({ requirement: level === 'must' ? 'CHAOS-STATUS' : 'GEN-NO-5XX', level, statement: '', expected: '', actual: '' }) as const;
  const meta = (more: Partial<CheckMeta>): CheckMeta => ({
    id: 'a/b',
    requirement: 'CHAOS-STATUS',
    operation: 'updateChaosSettings',
    level: 'must',
    section: '',
    sentByRun: 0,
    ...more,
  });

  test('a check with a must-level and a should-level violation failed, in either order; should-level ones alone warned', () => {
    expect(outcomeOf('failed', meta({ violations: [violation('should'), violation('must')] }))).toBe('failed');
    expect(outcomeOf('failed', meta({ violations: [violation('must'), violation('should')] }))).toBe('failed');
    expect(outcomeOf('failed', meta({ violations: [violation('should'), violation('should')] }))).toBe('warned');
  });

  test('a failure without violations, or one that could not judge, errored; a pass passed; anything else skipped', () => {
    expect(outcomeOf('failed', meta({ violations: [] }))).toBe('errored');
    expect(outcomeOf('failed', meta({}))).toBe('errored');
    expect(outcomeOf('failed', undefined)).toBe('errored');
    expect(outcomeOf('passed', meta({ errored: 'no answer' }))).toBe('errored');
    expect(outcomeOf('passed', meta({}))).toBe('passed');
    expect(outcomeOf('passed', undefined)).toBe('passed');
    expect(outcomeOf('skipped', meta({}))).toBe('skipped');
    expect(outcomeOf('pending', undefined)).toBe('skipped');
  });
});

test.concurrent('--min-judged: a run that skipped what it was asked to judge exits 4, and its closing line and report say how little it judged', async () => {
  // --read-only skips every check that sends a PUT: those of CHAOS-STATUS all do
  const r = await runner.run(['--only', '^CHAOS-STATUS', '--read-only', '--min-judged', '1']);
  expect(r.code, r.stdout).toBe(4);
  expect(r.stdout).toMatch(/^ {2}not judged chaos-settings +0 passed .* 0% judged$/m);
  expect(r.stdout).toMatch(/^0 passed, 0 failed, 0 warned, 0 errored, (\d+) skipped: 0% of \1 checks? judged \(below --min-judged 1%\), 100% skipped; /m);
  expect(r.report!.run.minJudged).toBe(1);
  expect((r.report as ReportFile).judged).toMatchObject({ judged: 0, percent: 0 });
});
