// `mockapi-conformance diff A.json B.json`: checks whose outcome differs between two runs, and the open
// answers each deployment chose where both passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CheckResult, ConformanceReport } from '../../contract/report.ts';
import { DIFF_USAGE, DiffUsageError, drift, formatDrift, ignoredSides, markdownDrift, runDiff } from '../../src/cli/diff.ts';
import { runCommand } from '../../src/cli/main.ts';
import { checkExchange } from '../../src/judge/exchange.ts';
import { BIN } from '../support/cli.ts';
import { asHeaderValue, openAnswerText } from '../support/fuzzed.ts';
import { RAW_SHOWN_ESCAPED } from '../support/invisible.ts';
import { propertySeed } from '../support/seed.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-diff-'));
// a property among them: it notes its seed and inputs, which differ from run to run
const only = ['--only', '^CHAOS-STATUS|^DS-DELETE |generated httpErrors'];
const file = (name: string) => join(dir, name);
const report = (name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as ConformanceReport;
/** the report with each check changed by change */
const edit = (r: ConformanceReport, change: (c: CheckResult) => CheckResult): ConformanceReport => ({ ...r, checks: r.checks.map(change) });
/** `mockapi-conformance diff ARGS` as a process, as a user types it */
const diffProcess = (...args: string[]) => spawnSync(process.execPath, [BIN, 'diff', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
/** the same through the command's own runCommand in this process, as the runners make runs: its output and exit code */
async function diff(...args: string[]): Promise<{ status: number | undefined; stdout: string; stderr: string }> {
  let [stdout, stderr] = ['', ''];
  const io = { write: (text: string) => (stdout += text), error: (text: string) => (stderr += text), tty: false, env: { NO_COLOR: '1' }, cwd: dir };
  const status = await runCommand(['diff', ...args], io);
  return { status, stdout, stderr };
}

describe('diff', () => {
  beforeAll(async () => {
    const runs = await Promise.all([
      runner.run(only),
      runner.run(only, { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' }),
      runner.run(only, { MOCKAPI_REFERENCE_VARIATIONS: '1' }),
    ]);
    for (const [i, name] of ['reference.json', 'faulty.json', 'variations.json'].entries()) writeFileSync(file(name), runs[i]!.reportText);
  });

  test('between the reference and a faulty reference: the check whose outcome changed, exit 1, and the same in Markdown', async () => {
    const r = diffProcess(file('reference.json'), file('faulty.json'), '--markdown', file('diff.md'));
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^A: http:\/\/127\.0\.0\.1:\d+ \(embedded reference\), profile live$/m);
    expect(r.stdout).toContain(
      '1 check passed in one run and not in the other:\n  passed -> failed   chaos-settings/updating-chaos-settings-200  CHAOS-STATUS updating the chaos settings answers 200',
    );
    expect((await diff(file('faulty.json'), file('reference.json'))).status, 'a failure turned into a pass is drift too').toBe(1);
    expect(readFileSync(file('diff.md'), 'utf8')).toContain(
      '### Passed in one run and not in the other\n\n| check | A | B |\n| --- | --- | --- |\n| `chaos-settings/updating-chaos-settings-200` CHAOS-STATUS updating the chaos settings answers 200 | passed | failed |',
    );
  });

  test('between two deployments that both pass: exit 0, and the open answers each chose', async () => {
    const r = await diff(file('reference.json'), file('variations.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('The same outcome for every check.');
    expect(r.stdout).toMatch(
      /passed in both with other answers where the interface leaves them open:\n {2}data-sources\/delete-existing-data-source-succeeds\n {4}A: answered 204 without a body; the interface shows neither status nor body\n {4}B: answered 2\d\d with a body \(application\/json; charset=utf-8\)/,
    );
  });

  test('a file that is no report, or a wrong number of files: one line, exit 2', async () => {
    writeFileSync(file('not-a-report.json'), '{"checks": []}');
    const bad = await diff(file('reference.json'), file('not-a-report.json'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      `mockapi-conformance diff: ${file('not-a-report.json')} is not a report of this version: / must have required property 'tool' (schemas/report.json)\n`,
    );
    const one = await diff(file('reference.json'));
    expect(one.status).toBe(2);
    expect(one.stderr).toBe('mockapi-conformance diff: usage: mockapi-conformance diff A.json B.json [--ignore skipped,absent] [--markdown FILE]\n');
    const word = await diff(file('reference.json'), file('reference.json'), '--ignore', 'skipped,passed');
    expect(word.status).toBe(2);
    expect(word.stderr).toBe(
      'mockapi-conformance diff: --ignore takes outcomes other than passed, or absent (failed, warned, errored, skipped, absent); got skipped,passed\n',
    );
  });

  test('two runs of one deployment with other seeds: no difference, though each property noted its own seed and inputs', async () => {
    const a = report('reference.json');
    const notes = a.checks.flatMap((c) => c.notes).filter((n) => / inputs \(\d+ of them one of each kind, the rest generated\), seed /.test(n));
    expect(notes.length, 'the run has property checks that note their seed').toBeGreaterThan(0);
    const b = edit(a, (c) => ({
      ...c,
      notes: c.notes.map((n) => n.replace(/^\d+ inputs \((\d+) of them(.*), seed \d+$/, '7 inputs ($1 of them$2, seed 999')),
    }));
    writeFileSync(file('other-seed.json'), JSON.stringify({ ...b, run: { ...b.run, seed: 999 } }));
    const r = await diff(file('reference.json'), file('other-seed.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('The same outcome for every check.');
    expect(r.stdout).not.toContain('other answers');
  });

  test('outcomes other than pass against failure are listed apart and exit 0; --ignore leaves out skipped and absent checks on either side', async () => {
    const a = report('reference.json');
    const [skippedInB, goneFromB, warnedInA] = a.checks.filter((c) => c.outcome === 'passed').map((c) => c.id);
    const judged = (c: CheckResult, outcome: 'failed' | 'warned'): CheckResult => ({ ...c, outcome, violated: [c.requirement] });
    const onlyInB = judged({ ...a.checks.find((c) => c.id === goneFromB)!, id: 'new-area/new-check-failed', title: 'NEW a check only B ran' }, 'failed');
    const b = edit(a, (c) => (c.id === skippedInB ? { ...c, outcome: 'skipped' } : c.id === warnedInA ? judged(c, 'failed') : c));
    b.checks = b.checks.filter((c) => c.id !== goneFromB).concat(onlyInB);
    writeFileSync(file('profile-a.json'), JSON.stringify(edit(a, (c) => (c.id === warnedInA ? judged(c, 'warned') : c))));
    writeFileSync(file('profile-b.json'), JSON.stringify(b));
    const all = await diff(file('profile-a.json'), file('profile-b.json'));
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).toContain('4 checks with another outcome, neither of them a pass turned into a failure:');
    for (const line of [
      `passed -> skipped  ${skippedInB}`,
      `passed -> absent   ${goneFromB}`,
      `warned -> failed   ${warnedInA}`,
      'absent -> failed   new-area/new-check-failed',
    ])
      expect(all.stdout).toContain(line);
    const some = await diff(file('profile-a.json'), file('profile-b.json'), '--ignore=skipped,absent');
    expect(some.status, some.stderr).toBe(0);
    expect(some.stdout).toContain(
      'Left out: checks skipped or absent in either run\n\n1 check with another outcome, neither of them a pass turned into a failure:\n  warned -> failed  ',
    );
    expect(some.stdout).not.toContain(skippedInB);
    expect(some.stdout).not.toContain('new-area');
  });
});

// drift itself, in process: each side's ids, absent ones, the outcomes apart from drift, --ignore and the two texts
describe('drift', () => {
  const result = (id: string, outcome: CheckResult['outcome'], notes: string[] = []): CheckResult => ({
    id,
    area: id.split('/')[0]!,
    title: `T ${id}`,
    requirement: 'CHAOS-STATUS',
    operation: 'updateChaosSettings',
    level: 'must',
    outcome,
    message: '',
    violated: outcome === 'failed' || outcome === 'warned' ? ['CHAOS-STATUS'] : [],
    notes,
    evidence: [],
    durationMs: 1,
  });
  const run = (checks: CheckResult[], baseUrl = 'http://a', embedded = false): ConformanceReport => ({
    tool: { name: 'mockapi-conformance', version: '0' },
    target: { baseUrl, profile: 'live', embedded },
    run: { seed: 1, runs: 1, strict: false },
    summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 0 },
    checks,
    errors: [],
  });

  test('takes the ids of both runs: a check only A ran and one only B ran are each absent on the other side', () => {
    const d = drift(run([result('a/only-a', 'passed'), result('a/both', 'passed')]), run([result('a/both', 'passed'), result('a/only-b', 'failed')]));
    expect(d.outcomes).toEqual([
      { id: 'a/only-a', title: 'T a/only-a', a: 'passed', b: 'absent' },
      { id: 'a/only-b', title: 'T a/only-b', a: 'absent', b: 'failed' },
    ]);
    expect(d.drifted).toEqual([]);
    const back = drift(run([result('a/only-b', 'failed')]), run([]));
    expect(back.outcomes).toEqual([{ id: 'a/only-b', title: 'T a/only-b', a: 'failed', b: 'absent' }]);
  });

  test('a pass against a failure, a warning or an error is drift either way; other pairs are outcomes', () => {
    const a = run([
      result('a/1', 'passed'),
      result('a/2', 'warned'),
      result('a/3', 'passed'),
      result('a/4', 'failed'),
      result('a/5', 'skipped'),
      result('a/6', 'errored'),
    ]);
    const b = run([
      result('a/1', 'failed'),
      result('a/2', 'passed'),
      result('a/3', 'errored'),
      result('a/4', 'warned'),
      result('a/5', 'passed'),
      result('a/6', 'errored'),
    ]);
    const d = drift(a, b);
    expect(d.drifted.map((x) => x.id)).toEqual(['a/1', 'a/2', 'a/3']);
    expect(d.outcomes.map((x) => [x.id, x.a, x.b])).toEqual([
      ['a/4', 'failed', 'warned'],
      ['a/5', 'skipped', 'passed'],
    ]);
    expect(drift(a, b, ['errored']).drifted.map((x) => x.id)).toEqual(['a/1', 'a/2']);
    expect(drift(a, b, ['skipped', 'warned'])).toMatchObject({ drifted: [{ id: 'a/1' }, { id: 'a/3' }], outcomes: [], ignored: ['skipped', 'warned'] });
  });

  test('checks that passed in both differ only by the answers they noted, not by their seeds', () => {
    const seed = (n: number) => `7 inputs (3 of them one of each kind, the rest generated), seed ${n}`;
    const d = drift(
      run([result('a/same', 'passed', ['204', seed(1)]), result('a/other', 'passed', ['204']), result('a/failed', 'failed', ['x'])]),
      run([result('a/same', 'passed', ['204', seed(2)]), result('a/other', 'passed', ['200', seed(3)]), result('a/failed', 'failed', ['y'])]),
    );
    expect(d.openAnswers).toEqual([{ id: 'a/other', title: 'T a/other', a: ['204'], b: ['200'] }]);
  });

  test('the console text and the Markdown say each difference, what was left out and the open answers', () => {
    const a = run([result('a/1', 'passed'), result('a/22', 'warned'), result('a/3', 'passed', ['x'])], 'http://a', true);
    const b = run([result('a/1', 'failed'), result('a/22', 'failed'), result('a/3', 'passed', [])], 'http://b');
    const d = drift(a, b, ['skipped']);
    expect(formatDrift(d)).toBe(
      [
        'A: http://a (embedded reference), profile live',
        'B: http://b, profile live',
        'Left out: checks skipped in either run',
        '',
        '1 check passed in one run and not in the other:',
        '  passed -> failed   a/1  T a/1',
        '',
        '1 check with another outcome, neither of them a pass turned into a failure:',
        '  warned -> failed   a/22  T a/22',
        '',
        '1 check passed in both with other answers where the interface leaves them open:',
        '  a/3',
        '    A: x',
        '    B: (nothing noted)',
      ].join('\n'),
    );
    expect(markdownDrift(d)).toBe(
      [
        '## mockapi-conformance diff',
        '',
        'A: http://a (embedded reference), profile live  ',
        'B: http://b, profile live',
        '',
        'Left out: checks skipped in either run',
        '',
        '### Passed in one run and not in the other',
        '',
        '| check | A | B |',
        '| --- | --- | --- |',
        '| `a/1` T a/1 | passed | failed |',
        '',
        '### Other outcomes',
        '',
        '| check | A | B |',
        '| --- | --- | --- |',
        '| `a/22` T a/22 | warned | failed |',
        '',
        '### Open answers',
        '',
        '| check | A | B |',
        '| --- | --- | --- |',
        '| `a/3` | x |  |',
        '',
      ].join('\n'),
    );
    const same = drift(run([result('a/1', 'passed')]), run([result('a/1', 'passed')]));
    expect(formatDrift(same)).toBe('A: http://a, profile live\nB: http://a, profile live\n\nThe same outcome for every check.');
    expect(markdownDrift(same)).toBe(
      '## mockapi-conformance diff\n\nA: http://a, profile live  \nB: http://a, profile live\n\nThe same outcome for every check.\n',
    );
    const two = drift(run([result('a/1', 'skipped'), result('a/2', 'skipped')]), run([]));
    expect(formatDrift(two)).toContain('\n2 checks with another outcome, neither of them a pass turned into a failure:\n  skipped -> absent   a/1  T a/1\n');
    expect(markdownDrift(two)).toContain(
      '\n\n### Other outcomes\n\n| check | A | B |\n| --- | --- | --- |\n| `a/1` T a/1 | skipped | absent |\n| `a/2` T a/2 | skipped | absent |\n',
    );
  });

  test('each list sorted by id and aligned on the widest outcome; only other outcomes, or only drift, without the other section', () => {
    const onlyOutcomes = drift(
      run([result('a/2', 'errored'), result('a/1', 'skipped'), result('a/3', 'passed')]),
      run([result('a/3', 'skipped'), result('a/2', 'failed')]),
      [],
    );
    expect(formatDrift(onlyOutcomes)).toBe(
      [
        'A: http://a, profile live',
        'B: http://a, profile live',
        '',
        '3 checks with another outcome, neither of them a pass turned into a failure:',
        '  skipped -> absent   a/1  T a/1',
        '  errored -> failed   a/2  T a/2',
        '  passed  -> skipped  a/3  T a/3',
      ].join('\n'),
    );
    expect(markdownDrift(onlyOutcomes)).toBe(
      '## mockapi-conformance diff\n\nA: http://a, profile live  \nB: http://a, profile live\n\n### Other outcomes\n\n| check | A | B |\n| --- | --- | --- |\n| `a/1` T a/1 | skipped | absent |\n| `a/2` T a/2 | errored | failed |\n| `a/3` T a/3 | passed | skipped |\n',
    );
    const onlyDrift = drift(run([result('a/1', 'passed')]), run([result('a/1', 'errored')]), ['skipped', 'absent']);
    expect(formatDrift(onlyDrift)).toBe(
      'A: http://a, profile live\nB: http://a, profile live\nLeft out: checks skipped or absent in either run\n\n1 check passed in one run and not in the other:\n  passed -> errored  a/1  T a/1',
    );
    expect(markdownDrift(onlyDrift)).toBe(
      '## mockapi-conformance diff\n\nA: http://a, profile live  \nB: http://a, profile live\n\nLeft out: checks skipped or absent in either run\n\n### Passed in one run and not in the other\n\n| check | A | B |\n| --- | --- | --- |\n| `a/1` T a/1 | passed | errored |\n',
    );
  });

  test('open answers of several notes are joined, one side without any says so; a title or note is one Markdown cell', () => {
    const d = drift(run([{ ...result('a/1', 'passed'), title: 'T | one\n  two' }]), run([result('a/1', 'passed', ['answered 204', 'no | body\n  at all'])]));
    // one line each: a line end in a note is shown escaped, so that it can start no line of its own
    expect(formatDrift(d)).toContain('\n  a/1\n    A: (nothing noted)\n    B: answered 204; no | body\\n  at all');
    expect(markdownDrift(d)).toContain('| `a/1` |  | answered 204; no \\| body at all |');
    const both = drift(run([result('a/1', 'passed', ['204', 'empty'])]), run([result('a/1', 'passed', ['200', 'json'])]));
    expect(formatDrift(both)).toContain('\n  a/1\n    A: 204; empty\n    B: 200; json');
    expect(markdownDrift(both)).toContain('| `a/1` | 204; empty | 200; json |');
    const changed = drift(run([{ ...result('a/1', 'passed'), title: 'T | one\n  two' }]), run([result('a/1', 'failed')]));
    expect(markdownDrift(changed)).toContain('| `a/1` T \\| one two | passed | failed |');
  });

  test('a report that breaks the schema is named with the pointer; a file name with = in it is a file, not an option', () => {
    const bad = join(dir, 'unit-bad.json');
    writeFileSync(bad, JSON.stringify({ ...run([]), tool: { name: 'other', version: '0' } }));
    expect(() => runDiff([bad, bad], () => {})).toThrow(`${bad} is not a report of this version: /tool/name must be equal to constant (schemas/report.json)`);
    writeFileSync(bad, '[]');
    expect(() => runDiff([bad, bad], () => {})).toThrow(`${bad} is not a report of this version: / must be object (schemas/report.json)`);
    const odd = join(dir, 'a=b.json');
    writeFileSync(odd, JSON.stringify(run([result('a/1', 'passed')])));
    expect(runDiff([odd, odd], () => {})).toBe(0);
  });

  test('--ignore takes outcomes other than passed, or absent; runDiff reads two reports and exits 1 on drift', () => {
    expect(ignoredSides(' skipped , absent,')).toEqual(['skipped', 'absent']);
    for (const bad of ['passed', 'skipped,nothing', ',', '']) expect(() => ignoredSides(bad)).toThrow(DiffUsageError);
    expect(() => ignoredSides('x')).toThrow('--ignore takes outcomes other than passed, or absent (failed, warned, errored, skipped, absent); got x');
    const files = { a: join(dir, 'unit-a.json'), b: join(dir, 'unit-b.json'), md: join(dir, 'unit.md') };
    writeFileSync(files.a, JSON.stringify(run([result('a/1', 'passed'), result('a/2', 'skipped')])));
    writeFileSync(files.b, JSON.stringify(run([result('a/1', 'failed')])));
    const out: string[] = [];
    expect(runDiff([files.a, files.b, '--markdown', files.md, '--ignore', 'absent'], (t) => out.push(t))).toBe(1);
    expect(out).toEqual([`${formatDrift(drift(run([result('a/1', 'passed'), result('a/2', 'skipped')]), run([result('a/1', 'failed')]), ['absent']))}\n`]);
    expect(readFileSync(files.md, 'utf8')).toContain('| `a/1` T a/1 | passed | failed |');
    expect(runDiff([files.a, files.a, '--ignore=skipped', '--ignore', 'errored'], () => {})).toBe(0);
    expect(() => runDiff([files.a], () => {})).toThrow(DIFF_USAGE);
    expect(() => runDiff([files.a, files.b, '--markdown'], () => {})).toThrow(`--markdown needs a value; ${DIFF_USAGE}`);
    expect(() => runDiff([files.a, files.b, '-x'], () => {})).toThrow(`unknown option -x; ${DIFF_USAGE}`);
    writeFileSync(files.b, '{');
    expect(() => runDiff([files.a, files.b], () => {})).toThrow(new RegExp(`^${files.b.replace(/[.\\/]/g, '\\$&')} is not a JSON report: `));
  });
});

// what diff prints of a report: the file may be anyone's, and its notes hold what a deployment answered
describe('diff of hostile reports', () => {
  const result = (id: string, notes: string[], title = `T ${id}`): CheckResult => ({
    id,
    area: 'data-sources',
    title,
    requirement: 'DS-DELETE',
    operation: 'deleteDataSource',
    level: 'must',
    outcome: 'passed',
    message: '',
    violated: [],
    notes,
    evidence: [],
    durationMs: 1,
  });
  const run = (checks: CheckResult[], baseUrl: string): ConformanceReport => ({
    tool: { name: 'mockapi-conformance', version: '0' },
    target: { baseUrl, profile: 'live', embedded: false },
    run: { seed: 1, runs: 1, strict: false },
    summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 0 },
    checks,
    errors: [],
  });
  /** The notes of a delete answered 200 with the Content-Type a deployment chose: an open answer, the check passes. */
  const notesOf = (text: string) => {
    const verdict = checkExchange({
      request: { method: 'DELETE', url: 'http://127.0.0.1:1/v1/data-sources/ds-1', headers: { authorization: 'Token abcdefghijkl' } },
      response: { status: 200, headers: { 'content-type': asHeaderValue(`application/json; x="${text}"`) }, body: '{}' },
    });
    expect(verdict.outcome).toBe('passed');
    return verdict.notes;
  };

  test('open answers and any text of a report are shown inert: no control or invisible character, no workflow command, no Markdown or HTML that acts', () => {
    fc.assert(
      fc.property(openAnswerText, openAnswerText, (x, y) => {
        const d = drift(
          run([result('data-sources/delete', notesOf(x)), result('data-sources/other', [x], x)], `http://a/${x}`),
          run([result('data-sources/delete', notesOf(y)), result('data-sources/other', [y], y)], `http://b/${y}`),
        );
        const [console, markdown] = [formatDrift(d), markdownDrift(d)];
        for (const text of [console, markdown]) expect(RAW_SHOWN_ESCAPED.exec(text)?.[0], text).toBeUndefined();
        expect(console.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
        expect(console.split('\n')).toHaveLength(d.openAnswers.length > 0 ? 6 + 3 * d.openAnswers.length : 4);
        expect(markdown, 'raw HTML, an autolink or a link').not.toMatch(/(?<!\\)<[a-z!/]|(?<!\\)\]\(/i);
        // two texts that differ (neither with a backslash of its own, which an escape could mimic) never read the same
        if (x !== y && !`${x}${y}`.includes('\\')) {
          const shown = console.split('\n').filter((line) => /^ {4}[AB]: /.test(line));
          expect(shown[0]!.slice(7)).not.toBe(shown[1]!.slice(7));
        }
      }),
      { seed: propertySeed('diff of hostile reports'), numRuns: 100 },
    );
  });

  test('diff --help and -h: the usage and what it compares, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const out: string[] = [];
      const io = { write: (text: string) => out.push(text), error: (text: string) => out.push(text), tty: false, env: {}, cwd: dir };
      expect(await runCommand(['diff', flag], io)).toBe(0);
      expect(out.join('')).toMatch(new RegExp(`^${DIFF_USAGE.replace(/[[\]]/g, '\\$&')}\nCompares two JSON reports`));
    }
  });

  test('a report that is not JSON: the parser quotes its bytes, and the line says them escaped', async () => {
    const bad = join(dir, 'hostile.json');
    writeFileSync(bad, '\x9b\u200b\n::error::x');
    const errors: string[] = [];
    const io = { write: () => {}, error: (text: string) => errors.push(text), tty: false, env: {}, cwd: dir };
    expect(await runCommand(['diff', bad, bad], io)).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBe(`mockapi-conformance diff: ${bad} is not a JSON report: Unexpected token '\\x9b', "\\x9b\\u200b\\n::error::x" is not valid JSON\n`);
    expect(RAW_SHOWN_ESCAPED.exec(errors[0]!.slice(0, -1))?.[0]).toBeUndefined();
  });
});
