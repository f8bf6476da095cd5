// The reports a run keeps beside its state file for replay (src/run/kept-report.ts): the last run's always, the
// last red run's only for a red one, private, never through a link planted at the path; a directory it cannot
// write says why instead of failing the run.
import { lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { EXIT } from '../../contract/exit.ts';
import type { CheckResult, ConformanceReport, Outcome } from '../../contract/report.ts';
import { isRed, keepReport, keptReports } from '../../src/run/kept-report.ts';

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

test('a red run keeps its report as the last run and the last red run; a green one only as the last run, leaving the red', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-kept-'));
  const files = keptReports(join(dir, 'state.jsonl'));
  expect(keepReport(join(dir, 'state.jsonl'), reportOf('failed', 'passed'), EXIT.failed)).toEqual({ red: files.red });
  expect(JSON.parse(readFileSync(files.red, 'utf8'))).toMatchObject({ run: { seed: 7, runs: 20, env: 'prod' }, judged: { checks: 2 } });
  expect(statSync(files.red).mode & 0o777).toBe(0o600);
  expect(keepReport(join(dir, 'state.jsonl'), reportOf('passed'), EXIT.passed)).toEqual({});
  expect(JSON.parse(readFileSync(files.last, 'utf8')).checks).toHaveLength(1);
  expect(JSON.parse(readFileSync(files.red, 'utf8')).checks).toHaveLength(2);
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
  const files = keptReports(join(dir, 'state.jsonl'));
  symlinkSync(elsewhere, files.red);
  keepReport(join(dir, 'state.jsonl'), reportOf('failed'), EXIT.failed);
  expect(readFileSync(elsewhere, 'utf8')).toBe('untouched');
  expect(lstatSync(files.red).isSymbolicLink()).toBe(false);
  expect(keepReport(join(dir, 'no-such-directory', 'state.jsonl'), reportOf('failed'), EXIT.failed).failed).toMatch(
    /^could not keep the report beside the state file \(ENOENT: .*\); --report-json FILE keeps one for replay$/,
  );
});
