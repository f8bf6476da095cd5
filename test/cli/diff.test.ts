// `mockapi-conformance diff A.json B.json`: checks whose outcome differs between two runs, and the open
// answers each deployment chose where both passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CheckResult, ConformanceReport } from '../../reporters/conformance.ts';
import { BIN, runCli } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-diff-'));
// a property among them: it notes its seed and inputs, which differ from run to run
const only = ['--only', '^CHAOS-STATUS|^DS-DELETE |generated httpErrors'];
const file = (name: string) => join(dir, name);
const report = (name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as ConformanceReport;
/** the report with each check changed by change */
const edit = (r: ConformanceReport, change: (c: CheckResult) => CheckResult): ConformanceReport => ({ ...r, checks: r.checks.map(change) });
const diff = (...args: string[]) => spawnSync(process.execPath, [BIN, 'diff', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('diff', () => {
  beforeAll(async () => {
    const runs = await Promise.all([
      runCli(only),
      runCli(only, { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' }),
      runCli(only, { MOCKAPI_REFERENCE_VARIATIONS: '1' }),
    ]);
    for (const [i, name] of ['reference.json', 'faulty.json', 'variations.json'].entries()) writeFileSync(file(name), runs[i]!.reportText);
  });

  test('between the reference and a faulty reference: the check whose outcome changed, exit 1, and the same in Markdown', () => {
    const r = diff(file('reference.json'), file('faulty.json'), '--markdown', file('diff.md'));
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^A: http:\/\/127\.0\.0\.1:\d+ \(embedded reference\), profile live$/m);
    expect(r.stdout).toContain(
      '1 check passed in one run and not in the other:\n  passed -> failed   chaos-settings/updating-chaos-settings-200  CHAOS-STATUS updating the chaos settings answers 200',
    );
    expect(diff(file('faulty.json'), file('reference.json')).status, 'a failure turned into a pass is drift too').toBe(1);
    expect(readFileSync(file('diff.md'), 'utf8')).toContain(
      '### Passed in one run and not in the other\n\n| check | A | B |\n| --- | --- | --- |\n| `chaos-settings/updating-chaos-settings-200` CHAOS-STATUS updating the chaos settings answers 200 | passed | failed |',
    );
  });

  test('between two deployments that both pass: exit 0, and the open answers each chose', () => {
    const r = diff(file('reference.json'), file('variations.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('The same outcome for every check.');
    expect(r.stdout).toMatch(
      /passed in both with other answers where the interface leaves them open:\n {2}data-sources\/delete-existing-data-source-succeeds\n {4}A: answered 204 without a body; the interface shows neither status nor body\n {4}B: answered 200 with a body \(application\/json; charset=utf-8\)/,
    );
  });

  test('a file that is no report, or a wrong number of files: one line, exit 2', () => {
    writeFileSync(file('not-a-report.json'), '{"checks": []}');
    const bad = diff(file('reference.json'), file('not-a-report.json'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      `mockapi-conformance diff: ${file('not-a-report.json')} is not a report of this version: / must have required property 'tool' (schemas/report.json)\n`,
    );
    const one = diff(file('reference.json'));
    expect(one.status).toBe(2);
    expect(one.stderr).toBe('mockapi-conformance diff: usage: mockapi-conformance diff A.json B.json [--ignore skipped,absent] [--markdown FILE]\n');
    const word = diff(file('reference.json'), file('reference.json'), '--ignore', 'skipped,passed');
    expect(word.status).toBe(2);
    expect(word.stderr).toBe(
      'mockapi-conformance diff: --ignore takes outcomes other than passed, or absent (failed, warned, errored, skipped, absent); got skipped,passed\n',
    );
  });

  test('two runs of one deployment with other seeds: no difference, though each property noted its own seed and inputs', () => {
    const a = report('reference.json');
    const notes = a.checks.flatMap((c) => c.notes).filter((n) => / inputs \(\d+ of them one of each kind, the rest generated\), seed /.test(n));
    expect(notes.length, 'the run has property checks that note their seed').toBeGreaterThan(0);
    const b = edit(a, (c) => ({
      ...c,
      notes: c.notes.map((n) => n.replace(/^\d+ inputs \((\d+) of them(.*), seed \d+$/, '7 inputs ($1 of them$2, seed 999')),
    }));
    writeFileSync(file('other-seed.json'), JSON.stringify({ ...b, run: { ...b.run, seed: 999 } }));
    const r = diff(file('reference.json'), file('other-seed.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('The same outcome for every check.');
    expect(r.stdout).not.toContain('other answers');
  });

  test('outcomes other than pass against failure are listed apart and exit 0; --ignore leaves out skipped and absent checks on either side', () => {
    const a = report('reference.json');
    const [skippedInB, goneFromB, warnedInA] = a.checks.filter((c) => c.outcome === 'passed').map((c) => c.id);
    const judged = (c: CheckResult, outcome: 'failed' | 'warned'): CheckResult => ({ ...c, outcome, violated: [c.requirement] });
    const onlyInB = judged({ ...a.checks.find((c) => c.id === goneFromB)!, id: 'new-area/new-check-failed', title: 'NEW a check only B ran' }, 'failed');
    const b = edit(a, (c) => (c.id === skippedInB ? { ...c, outcome: 'skipped' } : c.id === warnedInA ? judged(c, 'failed') : c));
    b.checks = b.checks.filter((c) => c.id !== goneFromB).concat(onlyInB);
    writeFileSync(file('profile-a.json'), JSON.stringify(edit(a, (c) => (c.id === warnedInA ? judged(c, 'warned') : c))));
    writeFileSync(file('profile-b.json'), JSON.stringify(b));
    const all = diff(file('profile-a.json'), file('profile-b.json'));
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).toContain('4 checks with another outcome, neither of them a pass turned into a failure:');
    for (const line of [
      `passed -> skipped  ${skippedInB}`,
      `passed -> absent   ${goneFromB}`,
      `warned -> failed   ${warnedInA}`,
      'absent -> failed   new-area/new-check-failed',
    ])
      expect(all.stdout).toContain(line);
    const some = diff(file('profile-a.json'), file('profile-b.json'), '--ignore=skipped,absent');
    expect(some.status, some.stderr).toBe(0);
    expect(some.stdout).toContain(
      'Left out: checks skipped or absent in either run\n\n1 check with another outcome, neither of them a pass turned into a failure:\n  warned -> failed  ',
    );
    expect(some.stdout).not.toContain(skippedInB);
    expect(some.stdout).not.toContain('new-area');
  });
});
