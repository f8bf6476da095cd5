// The conformance report: what a run (or a judging of recorded traffic) hands every format once it ends, one
// entry per check with its stable id, requirement, level, outcome, message and evidence, and a summary; and
// what follows from it alone (how a check stands against the baseline, whether the baseline holds). The runner
// builds it (ConformanceReporter), the formats of reporters/ write it; neither imports the other's workings.
// schemas/report.json describes the report.
import type { Level } from './requirements.ts';

/**
 * How a check ended. passed; failed: a must-level statement is broken; warned: only should-level ones are;
 * errored: the check could not judge (no answer, a fixture gone, stopped at its bound); skipped: not
 * applicable or not configured.
 */
export type Outcome = 'passed' | 'failed' | 'warned' | 'errored' | 'skipped';

export const OUTCOMES: readonly Outcome[] = ['passed', 'failed', 'warned', 'errored', 'skipped'];

export interface CheckResult {
  id: string;
  area: string;
  title: string;
  requirement: string;
  /** the operation of schemas/openapi.yaml it exercises */
  operation: string;
  level: Level;
  outcome: Outcome;
  /** the failure, the reason it could not judge or was skipped, or what was observed where the interface leaves the answer open */
  message: string;
  /** requirements this check found broken (a check may find more than the one it cites) */
  violated: string[];
  notes: string[];
  evidence: Evidence[];
  /** ISO 8601, UTC, milliseconds: when the check started (absent for one that never started) */
  startedAt?: string;
  durationMs: number;
  /** the check's own time: from its first request going out to its verdict, waits for a place among the requests in flight left out */
  ownMs?: number;
}

export interface ConformanceReport {
  tool: { name: 'mockapi-conformance'; version: string };
  target: { baseUrl: string; profile: string; embedded: boolean };
  /** what makes the run repeatable: the seed and runs of the generated payloads; strict: warnings fail */
  run: { seed: number; runs: number; strict: boolean; concurrency?: number; fixtures?: string[] };
  /** heldBackMs: time the deployment held the whole run back (transient answers: 429, 503), overlapping holds once */
  summary: Record<Outcome, number> & {
    requests: number;
    durationMs: number;
    heldBackMs?: number;
    preflightRequests?: number;
    window?: WindowRange;
    chains?: Record<string, number>;
  };
  checks: CheckResult[];
  /** errors outside any check (a suite that could not load, the run stopped at its bound): the run could not judge all */
  errors: string[];
  /** set when recorded traffic was judged (check-har, proxy) rather than requests sent: where it came from and what was left out */
  recorded?: {
    source: string;
    exchanges: number;
    judged: number;
    origins: string[];
    ignored: { method: string; path: string; count: number }[];
    /** checks judged past the first of their outcome the report keeps in full: counted by requirement and outcome */
    notKept?: { checks: number; requirements: { requirement: string; outcome: Outcome; count: number }[] };
  };
  /** set when the run was judged against a baseline (--baseline FILE) */
  baseline?: BaselineSection;
  /**
   * set when the run ended before it judged anything (src/run/unjudged-run.ts): its exit code and the one line
   * that says why, which errors holds too; such a report has no checks, and seed and runs are 0
   */
  exit?: { code: number; reason: string };
}

/** What a report of a run that judged nothing says it is, its exit code with it; undefined for a run that judged. */
export const notJudged = (report: ConformanceReport): string | undefined => (report.exit ? `nothing judged (exit ${report.exit.code})` : undefined);

/** How a check stands against a baseline (--baseline FILE), as the run judged it (baselineSection). */
export type Standing = 'known' | 'new' | 'stale' | 'expired';

/** Why a baseline entry is there, as the file says. */
interface EntryAbout {
  reason: string;
  issue?: string;
  expires?: string;
}

/**
 * The run against its baseline, each standing by check id. known: did not pass, as the entry expects; new: did
 * not pass where no entry expects it (or expects another outcome); stale: passed where an entry expects it not
 * to; expired: an entry past its date, whatever its check did (outcome absent when it did not run); unmatched:
 * entries whose check this run did not report.
 */
export interface BaselineSection {
  file: string;
  known: ({ id: string; outcome: Outcome; expected: Outcome } & EntryAbout)[];
  new: { id: string; outcome: Outcome; expected?: Outcome }[];
  stale: ({ id: string; outcome: 'passed'; expected: Outcome } & EntryAbout)[];
  expired: ({ id: string; outcome?: Outcome; expected: Outcome } & EntryAbout)[];
  unmatched: string[];
}

/** One way of writing the report (the console summary, a JSON file ...): given the report once the run ends. */
export interface ReportFormat {
  write(report: ConformanceReport): void;
}

/** What a check shows of one exchange (evidenceOf builds it): the request with the key redacted, the answer, a curl line. */
export interface Evidence {
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response: { status: number; error?: string; headers: Record<string, string>; body: string };
  curl: string;
  /** present when 429 answers were waited out before this one */
  rateLimited?: string;
  /** present when 503 answers were waited out before this one */
  unavailable?: string;
  /** present when the answer came in a content coding (decoded before it was judged) */
  coding?: string;
  /** present when the request was sent again after the idle-close race */
  retried?: string;
}

/** What the window of requests in flight (InFlightWindow) was asked to be, and the range it took during the run. */
export interface WindowRange {
  /** the window at the start (today's fixed default), and its ceiling */
  from: number;
  ceiling: number;
  /** the smallest and largest whole window the run had */
  min: number;
  max: number;
}

/** How a check stands against the report's baseline, when the report has one and names it. */
export function standingOf(report: ConformanceReport): (id: string) => Standing | undefined {
  const b = report.baseline;
  if (!b) return () => undefined;
  const by = new Map<string, Standing>();
  for (const s of ['known', 'new', 'stale', 'expired'] as const) for (const e of b[s]) by.set(e.id, s);
  return (id) => by.get(id);
}

/**
 * Whether a baseline section fails the run: a new failure, a stale entry, or an expired entry whose check
 * ran and did not stay errored ('failed'); only new or expired checks that could not judge ('unjudged').
 */
export function verdictOf(b: BaselineSection, strict: boolean): 'failed' | 'unjudged' | 'holds' {
  const fails = (o: Outcome | undefined) => o === 'failed' || o === 'passed' || (strict && o === 'warned');
  if (b.stale.length > 0 || b.new.some((n) => n.outcome !== 'errored') || b.expired.some((e) => fails(e.outcome))) return 'failed';
  if (b.new.length > 0 || b.expired.some((e) => e.outcome === 'errored')) return 'unjudged';
  return 'holds';
}
