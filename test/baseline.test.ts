// Known failures (--baseline, --update-baseline): a run fails only on a failure that is new, on an entry whose
// check now passes, and on an entry past its expiry date.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { baselineOf, BaselineError, formatJudged, holds, judge, readBaseline, writeBaseline, type BaselineEntry } from '../src/baseline.ts';
import type { CheckResult, ConformanceReport, Outcome } from '../reporters/conformance.ts';
import { runCli } from './support/cli.ts';

const check = (id: string, outcome: Outcome): CheckResult => ({
  id, area: id.split('/')[0]!, title: id, requirement: 'CHAOS-STATUS', operation: 'updateChaosSettings', level: 'must', outcome, message: '', violated: outcome === 'failed' ? ['CHAOS-STATUS'] : [], notes: [], evidence: [], durationMs: 1,
});
const report = (checks: CheckResult[], strict = false): ConformanceReport => ({
  tool: { name: 'mockapi-conformance', version: '0' }, target: { baseUrl: 'http://x', profile: 'live', embedded: false }, run: { seed: 1, runs: 1, strict },
  summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 0 }, checks, errors: [],
});
const entry = (id: string, more: Partial<BaselineEntry> = {}): BaselineEntry => ({ id, outcome: 'failed', reason: 'known', ...more });

describe('judge', () => {
  test('sorts a run into known, new, stale, expired and unmatched', () => {
    const judged = judge(
      report([check('a/known', 'failed'), check('a/new', 'failed'), check('a/fixed', 'passed'), check('a/expired', 'failed'), check('a/other-outcome', 'errored'), check('a/warned', 'warned')]),
      [entry('a/known'), entry('a/fixed'), entry('a/expired', { expires: '2026-11-23' }), entry('a/other-outcome'), entry('a/gone')],
      '2026-11-23',
    );
    expect(judged.known.map((k) => k.check.id)).toEqual(['a/known']);
    expect(judged.unexpected.map((u) => u.check.id)).toEqual(['a/new', 'a/expired', 'a/other-outcome']);
    expect(judged.stale.map((s) => s.check.id)).toEqual(['a/fixed']);
    expect(judged.expired.map((e) => e.id)).toEqual(['a/expired']);
    expect(judged.unmatched.map((e) => e.id)).toEqual(['a/gone']);
  });

  test('an entry expires on its date, not before', () => {
    expect(judge(report([check('a/x', 'failed')]), [entry('a/x', { expires: '2026-11-24' })], '2026-11-23').known).toHaveLength(1);
    expect(judge(report([check('a/x', 'failed')]), [entry('a/x', { expires: '2026-11-24' })], '2026-11-24').unexpected).toHaveLength(1);
  });
  test('a warned check the baseline does not name is new only under --strict; a skipped one never', () => {
    const checks = [check('a/warned', 'warned'), check('a/skipped', 'skipped'), check('a/passed', 'passed')];
    expect(judge(report(checks), [], '2026-11-23').unexpected).toEqual([]);
    expect(judge(report(checks, true), [], '2026-11-23').unexpected.map((u) => u.check.id)).toEqual(['a/warned']);
    // an entry expecting failed, for a check that warned: another outcome, new only when warned counts
    expect(judge(report([check('a/warned', 'warned')], true), [entry('a/warned')], '2026-11-23').unexpected).toEqual([{ check: check('a/warned', 'warned'), entry: entry('a/warned') }]);
    expect(judge(report([check('a/warned', 'warned')]), [entry('a/warned')], '2026-11-23')).toMatchObject({ known: [], unexpected: [], stale: [] });
  });

  test('a run holds against its baseline only with nothing new and nothing stale', () => {
    const judged = (checks: CheckResult[], entries: BaselineEntry[]) => judge(report(checks), entries, '2026-11-23');
    expect(holds(judged([check('a/x', 'failed')], [entry('a/x')]))).toBe(true);
    expect(holds(judged([check('a/x', 'failed')], []))).toBe(false);
    expect(holds(judged([check('a/x', 'passed')], [entry('a/x')]))).toBe(false);
    expect(holds(judged([check('a/x', 'passed')], [entry('a/gone')]))).toBe(true);
  });

  test('the console lines name each new, stale, expired and unreported entry', () => {
    const judged = judge(
      report([check('a/new', 'errored'), check('a/other', 'failed'), check('a/fixed', 'passed'), check('a/expired', 'failed')]),
      [entry('a/other', { outcome: 'errored' }), entry('a/fixed', { reason: 'fixing' }), entry('a/expired', { expires: '2026-01-01', issue: 'API-1' }), entry('a/late', { expires: '2026-01-01' }), entry('a/gone')],
      '2026-11-23',
    );
    expect(formatJudged('b.json', judged)).toBe([
      '',
      'Against the baseline b.json: 0 known, 3 new, 1 stale, 2 expired',
      '  new: a/new errored',
      '  new: a/other failed (the baseline expects errored)',
      '  new: a/expired failed',
      '  stale: a/fixed passed; remove its entry ("fixing")',
      '  expired: a/expired on 2026-01-01 ("known", API-1): it counts again',
      '  expired: a/late on 2026-01-01 ("known"): it counts again',
      '  not reported by this run: a/late',
      '  not reported by this run: a/gone',
    ].join('\n'));
  });
});

describe('baselineOf', () => {
  const failed = { ...check('a/failed', 'failed'), message: '[CHAOS-STATUS] (must) …\n  expected: status 200\n  actual:   status 201\n  reproduce: curl' };
  const errored = { ...check('a/errored', 'errored'), message: 'no HTTP answer\nsecond line' };
  const checks = [check('a/passed', 'passed'), failed, check('a/warned', 'warned'), errored, check('a/skipped', 'skipped')];

  test('writes every check that did not pass, warned ones only under --strict, with its actual line or first line as the reason', () => {
    expect(baselineOf(report(checks)).entries).toEqual([
      { id: 'a/failed', outcome: 'failed', reason: 'CHAOS-STATUS: actual:   status 201' },
      { id: 'a/errored', outcome: 'errored', reason: 'could not judge: no HTTP answer' },
    ]);
    expect(baselineOf(report(checks, true)).entries.map((e) => [e.id, e.outcome])).toEqual([['a/failed', 'failed'], ['a/warned', 'warned'], ['a/errored', 'errored']]);
  });

  test('the reason of a check that broke two requirements names both', () => {
    expect(baselineOf(report([{ ...failed, violated: ['CHAOS-STATUS', 'GEN-NO-5XX'] }])).entries[0]!.reason).toBe('CHAOS-STATUS, GEN-NO-5XX: actual:   status 201');
  });

  test('keeps the reason, issue and expiry a team gave an entry, and adds none it did not', () => {
    const previous = [entry('a/failed', { reason: 'ours', issue: 'API-2', expires: '2027-01-01' }), entry('a/errored', { reason: 'flaky' })];
    expect(baselineOf(report(checks), previous).entries).toEqual([
      { id: 'a/failed', outcome: 'failed', reason: 'ours', issue: 'API-2', expires: '2027-01-01' },
      { id: 'a/errored', outcome: 'errored', reason: 'flaky' },
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

  test('--update-baseline writes the checks that did not pass; with it, the known failure passes the run, a new one fails it', async () => {
    const first = await runCli([...only, '--update-baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(first.code).toBe(1);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { entries: BaselineEntry[] };
    expect(written.entries).toEqual([{ id: 'chaos-settings/updating-chaos-settings-200', outcome: 'failed', reason: 'CHAOS-STATUS: actual:   status 201' }]);
    expect(first.stdout).toContain(`Baseline: 1 checks that did not pass, written to ${file}`);

    // a reason of the team's own survives the next update
    writeFileSync(file, JSON.stringify({ entries: [{ ...written.entries[0], reason: '201 until the fix ships', issue: 'https://tracker.example/API-42' }] }));
    const known = await runCli([...only, '--baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(known.code, known.stdout).toBe(0);
    expect(known.stdout).toContain(`Against the baseline ${file}: 1 known, 0 new, 0 stale, 0 expired`);

    const fresh = await runCli([...only, '--baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201,org-rename-ignored' });
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toMatch(/^ {2}new: organisations\/update-changes-name-answer-later-get failed$/m);

    await runCli([...only, '--update-baseline', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(JSON.parse(readFileSync(file, 'utf8')).entries[0]).toMatchObject({ reason: '201 until the fix ships', issue: 'https://tracker.example/API-42' });
  });

  test('an entry whose check now passes is stale, and fails the run', async () => {
    const stale = join(dir, 'stale.json');
    writeFileSync(stale, JSON.stringify({ entries: [entry('chaos-settings/updating-chaos-settings-200')] }));
    const r = await runCli([...only, '--baseline', stale]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('stale: chaos-settings/updating-chaos-settings-200 passed; remove its entry ("known")');
  });

  test('an entry past its expiry date excuses nothing', async () => {
    const expired = join(dir, 'expired.json');
    writeFileSync(expired, JSON.stringify({ entries: [entry('chaos-settings/updating-chaos-settings-200', { expires: '2026-01-01' })] }));
    const r = await runCli([...only, '--baseline', expired], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('expired: chaos-settings/updating-chaos-settings-200 on 2026-01-01 ("known"): it counts again');
  });

  test('a baseline that is not one is a configuration error: one line, exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ entries: [{ id: 'chaos-settings/x', outcome: 'failed' }] }));
    const r = await runCli(['--baseline', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`mockapi-conformance: --baseline: ${bad} is not a baseline: /entries/0 must have required property 'reason' (schemas/baseline.json)\n`);
  });
});
