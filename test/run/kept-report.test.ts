// The reports a run keeps for replay (src/run/kept-report.ts): the last run's always, beside the state file; the
// last red run's only for a red one, in the user's private state folder, removed by a run that passes; private,
// never through a link planted at the path; a folder it cannot write, or not the user's alone, says why instead of
// failing the run.
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { EXIT } from '../../contract/exit.ts';
import type { CheckResult, ConformanceReport, Outcome } from '../../contract/report.ts';
import { isRed, keepReport, keptReports, notYours } from '../../src/run/kept-report.ts';

/** A check of the given outcome: only the outcome matters to what is kept. */
const check = (outcome: Outcome): CheckResult =>
  ({
    id: `organisations/${outcome}`,
    area: 'organisations',
    outcome,
    violated: [],
    notes: [],
    evidence: [],
    message: '',
    durationMs: 1,
  }) as unknown as CheckResult;

const reportOf = (...outcomes: Outcome[]): ConformanceReport => ({
  tool: { name: 'mockapi-conformance', version: '0.1.0' },
  target: { baseUrl: 'https://api.example.com', profile: 'live', embedded: false },
  run: { seed: 7, runs: 20, strict: false, env: 'prod' },
  summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 1, durationMs: 1 },
  checks: outcomes.map(check),
  errors: [],
});

/** A state folder of the test's own, and what a run reads of the environment for it. */
const stateOf = (dir: string) => ({ XDG_STATE_HOME: join(dir, 'state') });

test('a red run keeps its report as the last run beside the state file and as the red run in your state folder; a green one removes the red', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-kept-'));
  const env = stateOf(dir);
  const files = keptReports(join(dir, 'state.jsonl'), env);
  expect(files.last).toBe(join(dir, '.mockapi-conformance-last-run.json'));
  expect(dirname(files.red!)).toBe(join(dir, 'state', 'mockapi-conformance', 'red-runs'));
  expect(statSync(dirname(files.red!)).mode & 0o777).toBe(0o700);
  // another state file has a red run of its own
  expect(keptReports(join(dir, 'other', 'state.jsonl'), env).red).not.toBe(files.red);
  expect(keepReport(join(dir, 'state.jsonl'), reportOf('failed', 'passed'), EXIT.failed, env)).toEqual({ red: files.red });
  expect(JSON.parse(readFileSync(files.red!, 'utf8'))).toMatchObject({ run: { seed: 7, runs: 20, env: 'prod' }, judged: { checks: 2 } });
  expect(statSync(files.red!).mode & 0o777).toBe(0o600);
  expect(notYours(files.red!)).toBeUndefined();
  // a run that did not pass and is not red (stopped) leaves it; one that passed supersedes it
  expect(keepReport(join(dir, 'state.jsonl'), reportOf('failed'), EXIT.interrupted, env)).toEqual({});
  expect(existsSync(files.red!)).toBe(true);
  expect(keepReport(join(dir, 'state.jsonl'), reportOf('passed'), EXIT.passed, env)).toEqual({});
  expect(JSON.parse(readFileSync(files.last, 'utf8')).checks).toHaveLength(1);
  expect(existsSync(files.red!)).toBe(false);
});

test('a state folder that is not yours alone keeps no red run, saying so; a kept file that is a link or writable by others is not yours', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-kept-'));
  mkdirSync(join(dir, 'state'), { mode: 0o777 });
  chmodSync(join(dir, 'state'), 0o777);
  const env = stateOf(dir);
  expect(keptReports(join(dir, 'state.jsonl'), env).red).toBeUndefined();
  expect(keepReport(join(dir, 'state.jsonl'), reportOf('failed'), EXIT.failed, env).failed).toMatch(
    /^no private state folder .*--report-json FILE keeps one for replay$/,
  );

  const file = join(dir, 'planted.json');
  writeFileSync(file, '{}', { mode: 0o666 });
  chmodSync(file, 0o666);
  expect(notYours(file)).toBe('writable by others');
  symlinkSync(file, join(dir, 'link.json'));
  expect(notYours(join(dir, 'link.json'))).toBe('not a file of its own');
  expect(notYours(file, 4242)).toBe("another user's");
});

test('red is a run that did not pass with a check to replay: a stale baseline alone, or warnings that pass, is not', () => {
  expect(isRed(reportOf('errored'), EXIT.unjudged)).toBe(true);
  expect(isRed(reportOf('passed'), EXIT.failed)).toBe(false);
  expect(isRed(reportOf('warned'), EXIT.passed)).toBe(false);
  expect(isRed(reportOf('failed'), EXIT.interrupted)).toBe(false);
});

test('a link planted where a report is kept is replaced, its target untouched; a directory that cannot be written says why', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-kept-'));
  const elsewhere = join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-elsewhere-')), 'victim');
  writeFileSync(elsewhere, 'untouched');
  const files = keptReports(join(dir, 'state.jsonl'), stateOf(dir));
  symlinkSync(elsewhere, files.last);
  keepReport(join(dir, 'state.jsonl'), reportOf('failed'), EXIT.failed, stateOf(dir));
  expect(readFileSync(elsewhere, 'utf8')).toBe('untouched');
  expect(lstatSync(files.last).isSymbolicLink()).toBe(false);
  expect(keepReport(join(dir, 'no-such-directory', 'state.jsonl'), reportOf('failed'), EXIT.failed, stateOf(dir)).failed).toMatch(
    /^could not keep the report \(ENOENT: .*\); --report-json FILE keeps one for replay$/,
  );
});
