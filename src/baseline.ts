// Known outcomes (--baseline FILE): the checks, by stable id, that a team expects not to pass while a fix is
// under way, each with why, where it is followed and until when. A run against a baseline fails only on what
// is new: a failure that is not in it, an entry whose check now passes (stale: the file must stay true), and
// an entry past its expiry date. --update-baseline FILE writes one from a run. schemas/baseline.json
// describes the file.
import { readFileSync, writeFileSync } from 'node:fs';
import { schema } from '../contract/schemas.ts';
import type { CheckResult, ConformanceReport, Outcome } from '../reporters/conformance.ts';

export interface BaselineEntry {
  id: string;
  outcome: Extract<Outcome, 'failed' | 'warned' | 'errored'>;
  reason: string;
  issue?: string;
  /** YYYY-MM-DD (UTC): from that day on the entry excuses nothing */
  expires?: string;
}

export class BaselineError extends Error {}

/** The entries of a baseline file; a file that cannot be read or breaks schemas/baseline.json is a BaselineError saying why. */
export function readBaseline(file: string): BaselineEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BaselineError(`${file} is not a baseline: ${(error as Error).message}`);
  }
  const validate = schema('baseline.json');
  if (!validate(data)) {
    const first = validate.errors![0]!;
    throw new BaselineError(`${file} is not a baseline: ${first.instancePath || '/'} ${first.message} (schemas/baseline.json)`);
  }
  const entries = (data as { entries: BaselineEntry[] }).entries;
  const twice = entries.map((e) => e.id).find((id, i, ids) => ids.indexOf(id) !== i);
  if (twice) throw new BaselineError(`${file} names ${twice} twice`);
  return entries;
}

/** How a run stands against a baseline. */
export interface Judged {
  /** did not pass, and the baseline expects exactly that */
  known: { check: CheckResult; entry: BaselineEntry }[];
  /** failed (or warned under --strict, or errored) where the baseline expects nothing, or another outcome */
  unexpected: { check: CheckResult; entry?: BaselineEntry }[];
  /** the baseline expects them not to pass, and they passed: the entry is to go */
  stale: { check: CheckResult; entry: BaselineEntry }[];
  /** past their expiry date: their checks count as if the entry were not there */
  expired: BaselineEntry[];
  /** entries whose check this run did not report (another --only, a check that was renamed or removed) */
  unmatched: BaselineEntry[];
}

const notPassing = (c: CheckResult, strict: boolean) => c.outcome === 'failed' || c.outcome === 'errored' || (strict && c.outcome === 'warned');

/** The report against the entries, on the given day (YYYY-MM-DD, UTC). */
export function judge(report: ConformanceReport, entries: readonly BaselineEntry[], today: string): Judged {
  const expired = entries.filter((e) => e.expires !== undefined && e.expires <= today);
  const live = new Map(entries.filter((e) => !expired.includes(e)).map((e) => [e.id, e]));
  const judged: Judged = { known: [], unexpected: [], stale: [], expired, unmatched: [] };
  for (const check of report.checks) {
    const entry = live.get(check.id);
    if (entry && check.outcome === entry.outcome) judged.known.push({ check, entry });
    else if (entry && check.outcome === 'passed') judged.stale.push({ check, entry });
    else if (notPassing(check, report.run.strict)) judged.unexpected.push(entry ? { check, entry } : { check });
  }
  const reported = new Set(report.checks.map((c) => c.id));
  judged.unmatched = entries.filter((e) => !reported.has(e.id));
  return judged;
}

/** Whether the run passes against its baseline: nothing unexpected, nothing stale. */
export const holds = (judged: Judged): boolean => judged.unexpected.length === 0 && judged.stale.length === 0;

/** The console lines of a run against its baseline. */
export function formatJudged(file: string, judged: Judged): string {
  const lines = ['', `Against the baseline ${file}: ${judged.known.length} known, ${judged.unexpected.length} new, ${judged.stale.length} stale, ${judged.expired.length} expired`];
  for (const { check, entry } of judged.unexpected) lines.push(`  new: ${check.id} ${check.outcome}${entry ? ` (the baseline expects ${entry.outcome})` : ''}`);
  for (const { check, entry } of judged.stale) lines.push(`  stale: ${check.id} passed; remove its entry ("${entry.reason}")`);
  for (const entry of judged.expired) lines.push(`  expired: ${entry.id} on ${entry.expires} ("${entry.reason}"${entry.issue ? `, ${entry.issue}` : ''}): it counts again`);
  for (const entry of judged.unmatched) lines.push(`  not reported by this run: ${entry.id}`);
  return lines.join('\n');
}

/**
 * A baseline of every check of the run that did not pass (warned ones only under --strict; skipped ones
 * never), keeping the reason, issue and expiry of entries the file had.
 */
export function baselineOf(report: ConformanceReport, previous: readonly BaselineEntry[] = []): { entries: BaselineEntry[] } {
  const kept = new Map(previous.map((e) => [e.id, e]));
  const entries = report.checks
    .filter((c) => notPassing(c, report.run.strict))
    .map((c): BaselineEntry => {
      const before = kept.get(c.id);
      const reason = before?.reason ?? `${c.violated.join(', ') || 'could not judge'}: ${c.message.split('\n').find((line) => line.trim().startsWith('actual:'))?.trim() ?? c.message.split('\n')[0]}`;
      return { id: c.id, outcome: c.outcome as BaselineEntry['outcome'], reason, ...(before?.issue ? { issue: before.issue } : {}), ...(before?.expires ? { expires: before.expires } : {}) };
    });
  return { entries };
}

export function writeBaseline(file: string, baseline: { entries: BaselineEntry[] }): void {
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}
