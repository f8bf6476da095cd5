// Known failures (--baseline, --update-baseline): a run fails only on a failure that is new, on an entry whose
// check now passes, and on an entry past its expiry date.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  baselineOf,
  BaselineError,
  baselineSection,
  isRealDate,
  judge,
  readBaseline,
  updateBaseline,
  writeBaseline,
  type BaselineEntry,
} from '../../src/run/baseline.ts';
import { parseCommand } from '../../src/run/config.ts';
import { verdictOf } from '../../contract/report.ts';
import { parse, type TestSuites } from 'junit2json';
import type { CheckResult, ConformanceReport, Outcome } from '../../contract/report.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

const check = (id: string, outcome: Outcome): CheckResult => ({
  id,
  area: id.split('/')[0]!,
  title: id,
  requirement: 'CHAOS-STATUS',
  operation: 'updateChaosSettings',
  level: 'must',
  outcome,
  message: '',
  violated: outcome === 'failed' ? ['CHAOS-STATUS'] : [],
  notes: [],
  evidence: [],
  durationMs: 1,
});
const report = (checks: CheckResult[], strict = false): ConformanceReport => ({
  tool: { name: 'mockapi-conformance', version: '0' },
  target: { baseUrl: 'http://x', profile: 'live', embedded: false },
  run: { seed: 1, runs: 1, strict },
  summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 0 },
  checks,
  errors: [],
});
const entry = (id: string, more: Partial<BaselineEntry> = {}): BaselineEntry => ({ id, outcome: 'failed', reason: 'known', ...more });

describe('judge', () => {
  test('sorts a run into known, new, stale, expired and unmatched', () => {
    const judged = judge(
      report([
        check('a/known', 'failed'),
        check('a/new', 'failed'),
        check('a/fixed', 'passed'),
        check('a/expired', 'failed'),
        check('a/other-outcome', 'errored'),
        check('a/warned', 'warned'),
      ]),
      [entry('a/known'), entry('a/fixed'), entry('a/expired', { expires: '2026-11-23' }), entry('a/other-outcome'), entry('a/gone')],
      '2026-11-23',
    );
    expect(judged.known.map((k) => k.check.id)).toEqual(['a/known']);
    expect(judged.unexpected.map((u) => u.check.id)).toEqual(['a/new', 'a/other-outcome']);
    expect(judged.stale.map((s) => s.check.id)).toEqual(['a/fixed']);
    // an expired entry is counted once, as expired, with what its check did
    expect(judged.expired.map((e) => [e.entry.id, e.check?.outcome])).toEqual([['a/expired', 'failed']]);
    expect(judged.unmatched.map((e) => e.id)).toEqual(['a/gone']);
  });

  test('an entry expires on its date, not before', () => {
    expect(judge(report([check('a/x', 'failed')]), [entry('a/x', { expires: '2026-11-24' })], '2026-11-23').known).toHaveLength(1);
    const on = judge(report([check('a/x', 'failed')]), [entry('a/x', { expires: '2026-11-24' })], '2026-11-24');
    expect([on.known.length, on.unexpected.length, on.expired.length]).toEqual([0, 0, 1]);
  });

  test('the report section names each standing by id, and the verdict fails on new, stale and expired only', () => {
    const judged = judge(
      report([check('a/known', 'failed'), check('a/new', 'failed'), check('a/fixed', 'passed'), check('a/expired', 'failed')]),
      [entry('a/known', { issue: 'API-1' }), entry('a/fixed'), entry('a/expired', { expires: '2026-01-01' }), entry('a/gone')],
      '2026-11-23',
    );
    const section = baselineSection('b.json', judged);
    expect(section).toEqual({
      file: 'b.json',
      known: [{ id: 'a/known', outcome: 'failed', expected: 'failed', reason: 'known', issue: 'API-1' }],
      new: [{ id: 'a/new', outcome: 'failed' }],
      stale: [{ id: 'a/fixed', outcome: 'passed', expected: 'failed', reason: 'known' }],
      expired: [{ id: 'a/expired', outcome: 'failed', expected: 'failed', reason: 'known', expires: '2026-01-01' }],
      unmatched: ['a/gone'],
    });
    expect(verdictOf(section, false)).toBe('failed');
    expect(verdictOf({ ...section, new: [], stale: [], expired: [] }, false)).toBe('holds');
    expect(verdictOf({ ...section, new: [{ id: 'a/new', outcome: 'errored' }], stale: [], expired: [] }, false)).toBe('unjudged');
    // an expired entry whose check did not run fails nothing: there is nothing to judge
    expect(verdictOf({ ...section, new: [], stale: [], expired: [{ ...section.expired[0]!, outcome: undefined }] }, false)).toBe('holds');
  });

  test('an expiry date must be a day of the calendar', () => {
    expect(['2026-11-24', '2028-02-29'].map(isRealDate)).toEqual([true, true]);
    expect(['2026-13-45', '2026-02-29', '2026-04-31', '2026-1-1'].map(isRealDate)).toEqual([false, false, false, false]);
  });
  test('a warned check the baseline does not name is new only under --strict; a skipped one never', () => {
    const checks = [check('a/warned', 'warned'), check('a/skipped', 'skipped'), check('a/passed', 'passed')];
    expect(judge(report(checks), [], '2026-11-23').unexpected).toEqual([]);
    expect(judge(report(checks, true), [], '2026-11-23').unexpected.map((u) => u.check.id)).toEqual(['a/warned']);
    // an entry expecting failed, for a check that warned: another outcome, new only when warned counts
    expect(judge(report([check('a/warned', 'warned')], true), [entry('a/warned')], '2026-11-23').unexpected).toEqual([
      { check: check('a/warned', 'warned'), entry: entry('a/warned') },
    ]);
    expect(judge(report([check('a/warned', 'warned')]), [entry('a/warned')], '2026-11-23')).toMatchObject({ known: [], unexpected: [], stale: [] });
  });
});

describe('baselineOf', () => {
  const failed = { ...check('a/failed', 'failed'), message: '[CHAOS-STATUS] (must) …\n  expected: status 200\n  actual:   status 201\n  reproduce: curl' };
  const errored = { ...check('a/errored', 'errored'), message: 'no HTTP answer\nsecond line' };
  const checks = [check('a/passed', 'passed'), failed, check('a/warned', 'warned'), errored, check('a/skipped', 'skipped')];

  test('writes every check that failed or warned, with its actual line or first line as the reason; errored ones only when asked', () => {
    expect(baselineOf(report(checks)).entries).toEqual([
      // sorted by id, so that a baseline rewritten by a later run diffs by what changed
      { id: 'a/failed', outcome: 'failed', reason: 'CHAOS-STATUS: actual:   status 201' },
      { id: 'a/warned', outcome: 'warned', reason: 'CHAOS-STATUS: ' },
    ]);
    expect(baselineOf(report(checks, true)).entries.map((e) => e.id)).toEqual(['a/failed', 'a/warned']);
    expect(baselineOf(report(checks), [], true).entries.map((e) => [e.id, e.outcome])).toEqual([
      ['a/errored', 'errored'],
      ['a/failed', 'failed'],
      ['a/warned', 'warned'],
    ]);
    expect(baselineOf(report(checks), [], true).entries[0]!.reason).toBe('could not judge: no HTTP answer');
  });

  test('--update-baseline-with-errored is what records errored checks; without it the line says how many were left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-baseline-unit-'));
    const config = parseCommand(['--update-baseline', join(dir, 'b.json'), '--update-baseline-with-errored'], {}, dir).config;
    expect(config.updateBaselineWithErrored).toBe(true);
    expect(parseCommand([], {}, dir).config.updateBaselineWithErrored).toBe(false);
    expect(updateBaseline(join(dir, 'b.json'), report(checks), [], false)).toBe(
      `Baseline: 2 checks that failed or warned, written to ${join(dir, 'b.json')}; 1 errored, not recorded (--update-baseline-with-errored records them)\n`,
    );
    expect(updateBaseline(join(dir, 'b.json'), report(checks), [], true)).toBe(`Baseline: 3 checks that did not pass, written to ${join(dir, 'b.json')}\n`);
    expect(readBaseline(join(dir, 'b.json')).map((e) => e.outcome)).toEqual(['errored', 'failed', 'warned']);
  });

  test('an errored check left out of the baseline is new in the next run, never known: the run could not judge (exit 4)', () => {
    const entries = baselineOf(report(checks)).entries;
    const section = baselineSection('b.json', judge(report(checks), entries, '2026-01-01'));
    expect(section.known.map((k) => k.id)).toEqual(['a/failed', 'a/warned']);
    expect(section.new).toEqual([{ id: 'a/errored', outcome: 'errored' }]);
    expect(verdictOf(section, false)).toBe('unjudged');
  });

  test('the reason of a check that broke two requirements names both', () => {
    expect(baselineOf(report([{ ...failed, violated: ['CHAOS-STATUS', 'GEN-NO-5XX'] }])).entries[0]!.reason).toBe(
      'CHAOS-STATUS, GEN-NO-5XX: actual:   status 201',
    );
  });

  test('keeps the reason, issue and expiry a team gave an entry, and adds none it did not', () => {
    const previous = [entry('a/failed', { reason: 'ours', issue: 'API-2', expires: '2027-01-01' }), entry('a/errored', { reason: 'flaky' })];
    expect(baselineOf(report(checks), previous, true).entries).toEqual([
      { id: 'a/errored', outcome: 'errored', reason: 'flaky' },
      { id: 'a/failed', outcome: 'failed', reason: 'ours', issue: 'API-2', expires: '2027-01-01' },
      { id: 'a/warned', outcome: 'warned', reason: 'CHAOS-STATUS: ' },
    ]);
  });

  test('reads back what it writes; a file that is not JSON, or names an id twice, is a BaselineError saying so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-baseline-unit-'));
    const file = join(dir, 'b.json');
    writeBaseline(file, baselineOf(report(checks)));
    expect(readFileSync(file, 'utf8')).toMatch(/^\{\n {2}"entries": \[\n[^]*\]\n\}\n$/);
    expect(readBaseline(file)).toEqual(baselineOf(report(checks)).entries);
    writeFileSync(file, '{');
    expect(() => readBaseline(file)).toThrow(BaselineError);
    const notJson = (() => {
      try {
        JSON.parse('{');
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(() => readBaseline(file)).toThrow(`${file} is not a baseline: ${notJson}`);
    writeFileSync(file, JSON.stringify({ entries: [{ id: 'a/x', outcome: 'failed' }] }));
    expect(() => readBaseline(file)).toThrow(`${file} is not a baseline: /entries/0 must have required property 'reason' (schemas/baseline.json)`);
    writeFileSync(file, '[]');
    expect(() => readBaseline(file)).toThrow(`${file} is not a baseline: / must be object (schemas/baseline.json)`);
    writeFileSync(file, JSON.stringify({ entries: [entry('a/x'), entry('a/y'), entry('a/x')] }));
    expect(() => readBaseline(file)).toThrow(`${file} names a/x twice`);
  });
});

describe('a run against a baseline', () => {
  const only = ['--only', '^CHAOS-STATUS|^ORG-RENAME updat'];
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-baseline-'));
  const file = join(dir, 'baseline.json');

  test('--update-baseline writes the checks that did not pass and exits 0; with it, the known failure passes the run, a new one fails it', async () => {
    const first = await runner.run([...only, '--update-baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    // writing the file is what was asked: done, exit 0 (the summary says what failed)
    expect(first.code, first.stderr).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { entries: BaselineEntry[] };
    expect(written.entries).toEqual([{ id: 'chaos-settings/updating-chaos-settings-200', outcome: 'failed', reason: 'CHAOS-STATUS: actual:   status 201' }]);
    expect(first.stdout).toContain(`Baseline: 1 checks that failed or warned, written to ${file}`);

    // a reason of the team's own survives the next update
    writeFileSync(file, JSON.stringify({ entries: [{ ...written.entries[0], reason: '201 until the fix ships', issue: 'https://tracker.example/API-42' }] }));
    const known = await runner.run([...only, '--baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(known.code, known.stdout).toBe(0);
    expect(known.stdout).toContain(`Against the baseline ${file}: 1 known, 0 new, 0 stale, 0 expired`);
    expect(known.report!.baseline).toMatchObject({
      file,
      known: [{ id: 'chaos-settings/updating-chaos-settings-200', outcome: 'failed', reason: '201 until the fix ships' }],
      new: [],
      stale: [],
      expired: [],
    });

    const fresh = await runner.run([...only, '--baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201,organisation-rename-ignored' });
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toMatch(/^ {2}new: organisations\/update-changes-name-answer-later-get failed$/m);

    // a run of other checks (another --only) keeps the entries of the checks it did not run, reasons and all
    const other = { id: 'data-sources/not-run-here', outcome: 'failed', reason: 'ours', issue: 'API-7', expires: '2099-01-01' };
    writeFileSync(file, JSON.stringify({ entries: [...JSON.parse(readFileSync(file, 'utf8')).entries, other] }));
    const kept = await runner.run([...only, '--update-baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain(`Baseline: 1 checks that failed or warned, and 1 entries of checks this run did not run, kept, written to ${file}`);
    const entries = JSON.parse(readFileSync(file, 'utf8')).entries;
    expect(entries[0]).toMatchObject({ reason: '201 until the fix ships', issue: 'https://tracker.example/API-42' });
    expect(entries).toContainEqual(other);
  });

  test('every output shows a known failure as known: the console, JUnit (skipped, with the reason), GitHub (::notice), Markdown and JSON', async () => {
    const known = join(dir, 'known.json');
    writeFileSync(known, JSON.stringify({ entries: [entry('chaos-settings/updating-chaos-settings-200', { reason: '201 until API-42 ships' })] }));
    const [junit, markdown, stepSummary] = ['r.xml', 'r.md', 'step.md'].map((f) => join(dir, f));
    const r = await runner.run([...only, '--baseline', known, '--report-junit', junit!, '--report-markdown', markdown!], {
      MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201',
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: stepSummary!,
    });
    expect(r.code, r.stdout).toBe(0);
    // the area is not FAIL: its one failure is known, and counted so
    expect(r.stdout).toMatch(/^ {2}ok +chaos-settings +\d+ passed +1 failed .* +1 known$/m);
    expect(r.stdout).not.toMatch(/^Failed \(must-level/m);
    expect(r.stdout).toContain(`Known (${known} expects them not to pass):\n  chaos-settings/updating-chaos-settings-200 failed: 201 until API-42 ships`);
    expect(r.stdout).not.toMatch(/^::error/m);
    expect(r.stdout).toMatch(
      /^::notice title=CHAOS-STATUS \(must\)%3A 1 check on updateChaosSettings::known \(.*\): chaos-settings\/updating-chaos-settings-200: /m,
    );
    const suites = (await parse(readFileSync(junit!, 'utf8'))) as TestSuites;
    expect([suites.failures, suites.errors]).toEqual([0, 0]);
    const testcase = suites.testsuite!.flatMap((s) => s.testcase ?? []).find((c) => String(c.name).startsWith('chaos-settings/updating-chaos-settings-200 '))!;
    expect(testcase.skipped![0]!.message).toBe(`known (${known}): 201 until API-42 ships`);
    const md = readFileSync(markdown!, 'utf8');
    expect(md).toContain('**1 known, 0 new, 0 stale, 0 expired**');
    expect(md).toContain('| `chaos-settings/updating-chaos-settings-200` | failed | 201 until API-42 ships |  |');
    expect(md).not.toContain('### ❌ Failed');
  });

  test('an entry whose check now passes is stale, and fails the run', async () => {
    const stale = join(dir, 'stale.json');
    writeFileSync(stale, JSON.stringify({ entries: [entry('chaos-settings/updating-chaos-settings-200')] }));
    const r = await runner.run([...only, '--baseline', stale]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('stale: chaos-settings/updating-chaos-settings-200 passed; remove its entry ("known")');
  });

  test('an entry past its expiry date excuses nothing', async () => {
    const expired = join(dir, 'expired.json');
    writeFileSync(expired, JSON.stringify({ entries: [entry('chaos-settings/updating-chaos-settings-200', { expires: '2026-01-01' })] }));
    const r = await runner.run([...only, '--baseline', expired], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('expired: chaos-settings/updating-chaos-settings-200 on 2026-01-01 ("known"): failed, and it counts again');
    // counted once: as expired, not as new as well
    expect(r.stdout).toContain(': 0 known, 0 new, 0 stale, 1 expired');
    expect(r.report!.baseline).toMatchObject({ new: [], expired: [{ id: 'chaos-settings/updating-chaos-settings-200', outcome: 'failed' }] });
  });

  test('an expiry that is no date is refused, by --baseline and by --update-baseline, before any request', async () => {
    const bad = join(dir, 'bad-date.json');
    writeFileSync(bad, JSON.stringify({ entries: [entry('chaos-settings/x', { expires: '2026-13-45' })] }));
    for (const flag of ['--baseline', '--update-baseline']) {
      const r = await runner.run([flag, bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`mockapi-conformance: ${flag}: ${bad} is not a baseline: chaos-settings/x expires on 2026-13-45, which is no date (YYYY-MM-DD)\n`);
    }
  });

  test('a baseline that is not one is a configuration error: one line, exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ entries: [{ id: 'chaos-settings/x', outcome: 'failed' }] }));
    const r = await runner.run(['--baseline', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `mockapi-conformance: --baseline: ${bad} is not a baseline: /entries/0 must have required property 'reason' (schemas/baseline.json)\n`,
    );
  });
});
