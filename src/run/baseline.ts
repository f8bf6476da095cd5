// Known outcomes (--baseline FILE): the checks, by stable id, that a team expects not to pass while a fix is
// under way, each with why, where it is followed and until when. A run against a baseline fails only on what
// is new: a failure that is not in it, an entry whose check now passes (stale: the file must stay true), and
// an entry past its expiry date. --update-baseline FILE writes one from a run. schemas/baseline.json
// describes the file.
import { writePrivateFile } from '../../reporters/private-file.ts';
import { FileReadError, readRegularFile } from './file-read.ts';
import { schema } from '../../contract/schemas.ts';
import type { BaselineSection, CheckResult, ConformanceReport, Outcome } from '../../contract/report.ts';
import { inertLine } from '../../contract/untrusted.ts';

export interface BaselineEntry {
  id: string;
  outcome: Extract<Outcome, 'failed' | 'warned' | 'errored'>;
  reason: string;
  issue?: string;
  /** YYYY-MM-DD (UTC): from that day on the entry excuses nothing */
  expires?: string;
}

/** Why a baseline file cannot be used: one inert line, for it quotes the file (its ids, dates, the parser's error). */
export class BaselineError extends Error {
  constructor(message: string) {
    super(inertLine(message));
  }
}

/** A baseline is one entry a check id: past this it is no baseline a run wrote or a person keeps. */
const BASELINE_BYTES = 16 * 1024 * 1024;

/** The entries of a baseline file; a file that cannot be read or breaks schemas/baseline.json is a BaselineError saying why. */
export function readBaseline(file: string): BaselineEntry[] {
  let data: unknown;
  try {
    // a regular file, read with a bound (src/run/file-read.ts): a checkout may have named it
    data = JSON.parse(readRegularFile(file, BASELINE_BYTES).toString('utf8'));
  } catch (error) {
    throw new BaselineError(error instanceof FileReadError ? error.message : `${file} is not a baseline: ${(error as Error).message}`);
  }
  const validate = schema('baseline.json');
  if (!validate(data)) {
    const first = validate.errors![0]!;
    throw new BaselineError(`${file} is not a baseline: ${first.instancePath || '/'} ${first.message} (schemas/baseline.json)`);
  }
  const entries = (data as { entries: BaselineEntry[] }).entries;
  const unreal = entries.find((e) => e.expires !== undefined && !isRealDate(e.expires));
  if (unreal) throw new BaselineError(`${file} is not a baseline: ${unreal.id} expires on ${unreal.expires}, which is no date (YYYY-MM-DD)`);
  const twice = entries.map((e) => e.id).find((id, i, ids) => ids.indexOf(id) !== i);
  if (twice) throw new BaselineError(`${file} names ${twice} twice`);
  return entries;
}

/** A YYYY-MM-DD that names a day of the calendar (2026-13-45 and 2026-02-30 do not). */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === text;
}

/** How a run stands against a baseline. */
export interface Judged {
  /** did not pass, and the baseline expects exactly that */
  known: { check: CheckResult; entry: BaselineEntry }[];
  /** failed (or warned under --strict, or errored) where the baseline expects nothing, or another outcome */
  unexpected: { check: CheckResult; entry?: BaselineEntry }[];
  /** the baseline expects them not to pass, and they passed: the entry is to go */
  stale: { check: CheckResult; entry: BaselineEntry }[];
  /** past their expiry date: they excuse nothing; each is counted here once, whatever its check did (check: absent when it did not run) */
  expired: { entry: BaselineEntry; check?: CheckResult }[];
  /** entries, not expired, whose check this run did not report (another --only, a check renamed or removed) */
  unmatched: BaselineEntry[];
}

const notPassing = (c: CheckResult, strict: boolean) => c.outcome === 'failed' || c.outcome === 'errored' || (strict && c.outcome === 'warned');

/** The report against the entries, on the given day (YYYY-MM-DD, UTC). */
export function judge(report: ConformanceReport, entries: readonly BaselineEntry[], today: string): Judged {
  const isExpired = (e: BaselineEntry) => e.expires !== undefined && e.expires <= today;
  const live = new Map(entries.filter((e) => !isExpired(e)).map((e) => [e.id, e]));
  const byId = new Map(report.checks.map((c) => [c.id, c]));
  const judged: Judged = { known: [], unexpected: [], stale: [], expired: [], unmatched: [] };
  for (const entry of entries.filter(isExpired)) judged.expired.push(byId.has(entry.id) ? { entry, check: byId.get(entry.id)! } : { entry });
  const expiredIds = new Set(judged.expired.map((e) => e.entry.id));
  for (const check of report.checks) {
    if (expiredIds.has(check.id)) continue;
    const entry = live.get(check.id);
    if (entry && check.outcome === entry.outcome) judged.known.push({ check, entry });
    else if (entry && check.outcome === 'passed') judged.stale.push({ check, entry });
    else if (notPassing(check, report.run.strict)) judged.unexpected.push(entry ? { check, entry } : { check });
  }
  judged.unmatched = [...live.values()].filter((e) => !byId.has(e.id));
  return judged;
}

/** The baseline section of the report (schemas/report.json): each standing by check id. */
export function baselineSection(file: string, judged: Judged): BaselineSection {
  const about = (e: BaselineEntry) => ({ reason: e.reason, ...(e.issue ? { issue: e.issue } : {}), ...(e.expires ? { expires: e.expires } : {}) });
  return {
    file,
    known: judged.known.map(({ check, entry }) => ({ id: check.id, outcome: check.outcome, expected: entry.outcome, ...about(entry) })),
    new: judged.unexpected.map(({ check, entry }) => ({ id: check.id, outcome: check.outcome, ...(entry ? { expected: entry.outcome } : {}) })),
    stale: judged.stale.map(({ entry }) => ({ id: entry.id, outcome: 'passed' as const, expected: entry.outcome, ...about(entry) })),
    expired: judged.expired.map(({ entry, check }) => ({
      id: entry.id,
      ...(check ? { outcome: check.outcome } : {}),
      expected: entry.outcome,
      ...about(entry),
    })),
    unmatched: judged.unmatched.map((e) => e.id),
  };
}

/** What a baseline records of a run: what the deployment did (failed, warned), and errored checks only when asked. */
const recorded = (c: CheckResult, withErrored: boolean) => c.outcome === 'failed' || c.outcome === 'warned' || (withErrored && c.outcome === 'errored');

/**
 * A baseline of the checks of the run that failed or warned (errored ones only with `withErrored`: a check that
 * could not judge, a fixture missing among them, says nothing of the deployment; skipped ones never), keeping
 * the reason, issue and expiry of entries the file had, and the entries of checks the run did not run.
 */
export function baselineOf(report: ConformanceReport, previous: readonly BaselineEntry[] = [], withErrored = false): { entries: BaselineEntry[] } {
  const kept = new Map(previous.map((e) => [e.id, e]));
  const entries = report.checks
    .filter((c) => recorded(c, withErrored))
    .map((c): BaselineEntry => {
      const before = kept.get(c.id);
      const reason =
        before?.reason ??
        `${c.violated.join(', ') || (c.outcome === 'errored' ? 'could not judge' : c.requirement)}: ${
          c.message
            .split('\n')
            .find((line) => line.trim().startsWith('actual:'))
            ?.trim() ?? c.message.split('\n')[0]
        }`;
      return {
        id: c.id,
        outcome: c.outcome as BaselineEntry['outcome'],
        reason,
        ...(before?.issue ? { issue: before.issue } : {}),
        ...(before?.expires ? { expires: before.expires } : {}),
      };
    });
  // what this run did not run (another --only, another profile) it cannot judge: those entries stay as they were
  const ran = new Set(report.checks.map((c) => c.id));
  const notRun = previous.filter((e) => !ran.has(e.id));
  return { entries: [...entries, ...notRun].sort((a, b) => a.id.localeCompare(b.id)) };
}

export function writeBaseline(file: string, baseline: { entries: BaselineEntry[] }): void {
  writePrivateFile(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** --update-baseline FILE: the baseline of the run written, and the line that says what it holds and what it left out. */
export function updateBaseline(file: string, report: ConformanceReport, previous: readonly BaselineEntry[], withErrored: boolean): string {
  const written = baselineOf(report, previous, withErrored);
  writeBaseline(file, written);
  const ran = new Set(report.checks.map((c) => c.id));
  const kept = written.entries.filter((e) => !ran.has(e.id)).length;
  const errored = withErrored ? 0 : report.checks.filter((c) => c.outcome === 'errored').length;
  const what = withErrored ? 'checks that did not pass' : 'checks that failed or warned';
  const left = errored ? `; ${errored} errored, not recorded (--update-baseline-with-errored records them)` : '';
  return `Baseline: ${written.entries.length - kept} ${what}${kept ? `, and ${kept} entries of checks this run did not run, kept` : ''}, written to ${file}${left}\n`;
}
