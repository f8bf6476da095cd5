// The conformance report: what a run (or a judging of recorded traffic) hands every format once it ends, one
// entry per check with its stable id, requirement, level, outcome, message and evidence, and a summary; and
// what follows from it alone (how a check stands against the baseline, whether the baseline holds). The runner
// builds it (ConformanceReporter), the formats of reporters/ write it; neither imports the other's workings.
// schemas/report.json describes the report.
import { isRequirementId, requirement, type Level } from './requirements.ts';

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
  run: RunSection;
  /**
   * heldBackMs: time the deployment held the whole run back (transient answers: 429, 503), overlapping holds once;
   * connections: those the run opened to send its requests (through a proxy, to the proxy where it forwards them)
   */
  summary: Record<Outcome, number> & {
    requests: number;
    connections?: number;
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

/**
 * What makes the run repeatable, and what replay takes from it: the seed and runs of the generated payloads;
 * concurrency: the requests in flight at most (fixed), or at the start where they adapted to the answers
 * (adaptive: no --concurrency, a deployment given by URL), which decides what a sequence sends together; only:
 * the --only pattern; readOnly: only GET requests were sent; env: the config file's environment (--env); strict:
 * warnings fail; minJudged: the least share of the checks, in percent, the run had to judge (--min-judged);
 * fixtures: the variables of the fixtures the run was given, by name (replay says which is not set again).
 */
export interface RunSection {
  seed: number;
  runs: number;
  strict: boolean;
  concurrency?: number;
  adaptive?: boolean;
  only?: string;
  readOnly?: boolean;
  env?: string;
  minJudged?: number;
  fixtures?: string[];
}

/** A value for a POSIX shell, quoted where it needs to be. */
const shellWord = (text: string): string => (/^[\w./,:=+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);

/**
 * The flags that make another run send the same requests to the same deployment (with the user's own flags and
 * fixtures): the seed and the runs per property (chosen by latency when not given), the requests in flight where
 * they were fixed, --only and --read-only where given. The rerun line prints them and replay passes them.
 */
export function rerunFlags(run: RunSection): string[] {
  return [
    ...['--seed', String(run.seed), '--runs', String(run.runs)],
    ...(run.concurrency !== undefined && !run.adaptive ? ['--concurrency', String(run.concurrency)] : []),
    ...(run.only !== undefined ? ['--only', run.only] : []),
    ...(run.readOnly ? ['--read-only'] : []),
  ];
}

/** rerunFlags as a shell reads them. */
export const rerunSaid = (run: RunSection): string => rerunFlags(run).map(shellWord).join(' ');

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

/** How much of a set of checks was judged (passed, failed or warned) and how much skipped; errored ones are neither. */
export interface JudgedShare {
  checks: number;
  judged: number;
  skipped: number;
  /** judged, in whole percent of checks, rounded down: never shown above the share it stands for */
  percent: number;
}

const JUDGED: readonly Outcome[] = ['passed', 'failed', 'warned'];

/** The share judged of some checks (none: 0 percent). */
export function judgedShare(checks: readonly CheckResult[]): JudgedShare {
  const judged = checks.filter((c) => JUDGED.includes(c.outcome)).length;
  const skipped = checks.filter((c) => c.outcome === 'skipped').length;
  return { checks: checks.length, judged, skipped, percent: checks.length === 0 ? 0 : Math.floor((judged * 100) / checks.length) };
}

/** The share judged of the run's checks, and of each area's, the areas in the order of the report. */
export function judgedShares(report: ConformanceReport): JudgedShare & { areas: Record<string, JudgedShare> } {
  const areas: Record<string, JudgedShare> = {};
  for (const area of new Set(report.checks.map((c) => c.area))) areas[area] = judgedShare(report.checks.filter((c) => c.area === area));
  return { ...judgedShare(report.checks), areas };
}

/** Whether the run judged less of its checks than --min-judged asks (the exact share, not the rounded percent). */
export function judgedTooLittle(report: ConformanceReport): boolean {
  const min = report.run.minJudged;
  if (min === undefined || report.checks.length === 0) return false;
  const { judged, checks } = judgedShare(report.checks);
  return judged * 100 < min * checks;
}

/**
 * One requirement the checks found broken: its level (the register's), the checks that found it broken and
 * the operations they exercised, in the order of the report.
 */
export interface BrokenRequirement {
  requirement: string;
  level: Level;
  checks: CheckResult[];
  operations: string[];
}

/** A requirement's level: the register's; for an id it does not hold, must when a check that found it broken failed. */
const levelOf = (id: string, checks: readonly CheckResult[]): Level =>
  isRequirementId(id) ? requirement(id).level : checks.some((c) => c.outcome === 'failed') ? 'must' : 'should';

/**
 * The requirements the given checks (failed or warned) found broken, each with its checks, the most severe
 * first: must-level before should-level, then the most checks, then by id. A check that found two broken
 * stands under both. Every format groups by it: computed from the checks, never stored beside them.
 */
export function brokenRequirements(checks: readonly CheckResult[]): BrokenRequirement[] {
  const by = new Map<string, CheckResult[]>();
  for (const c of checks) {
    if (c.outcome !== 'failed' && c.outcome !== 'warned') continue;
    // a failure that names nothing broken stands under the requirement it cites
    for (const id of c.violated.length ? c.violated : [c.requirement]) {
      const found = by.get(id);
      if (found) found.push(c);
      else by.set(id, [c]);
    }
  }
  const groups = [...by].map(([id, found]) => ({
    requirement: id,
    level: levelOf(id, found),
    checks: found,
    operations: [...new Set(found.map((c) => c.operation).filter((o) => o !== ''))],
  }));
  const severity = (g: BrokenRequirement) => (g.level === 'must' ? 0 : 1);
  return groups.sort(
    (a, b) => severity(a) - severity(b) || b.checks.length - a.checks.length || (a.requirement < b.requirement ? -1 : a.requirement > b.requirement ? 1 : 0),
  );
}

/** One violation a failure's message states (failureMessage): the requirement, then what was expected and what came back. */
interface ViolationSaid {
  requirement: string;
  expected: string;
  actual: string;
}

/**
 * The violations a check's message states, in its order: each `[ID] (level) …` line with the `expected:` and
 * `actual:` lines under it. A message written otherwise states none.
 */
function violationsSaid(message: string): ViolationSaid[] {
  const said: ViolationSaid[] = [];
  let current: ViolationSaid | undefined;
  for (const line of message.split('\n')) {
    const head = /^\[([A-Za-z0-9-]+)\] \((?:must|should)\) /.exec(line);
    if (head) said.push((current = { requirement: head[1]!, expected: '', actual: '' }));
    const part = current && /^ {2}(expected|actual): +(.*)$/.exec(line);
    if (part) current![part[1] as 'expected' | 'actual'] = part[2]!;
  }
  return said;
}

/**
 * What an `actual:` says came back, as a cause holds it: an answer described whole (checker.ts describe: status,
 * media type, then the start of the body) is its status and media type, for the body of an answer with the wrong
 * status is each request's own (the settings it echoes); any other actual as it is.
 */
const answerOf = (actual: string): string => /^(\d{3} \([^)]*\)) /.exec(actual)?.[1] ?? actual;

/**
 * One cause: a requirement broken with one answer, the `actual:` its checks' messages share (empty where they
 * state none), with what the statement expected (as its first check says it), the checks it explains and the
 * operations they hit. A deployment that words its 401 body differently fails every check that reads a 401: one
 * cause, however many checks see it.
 */
export interface Cause extends BrokenRequirement {
  actual: string;
  expected: string;
}

/**
 * The causes of the given checks (failed or warned), the most severe first as brokenRequirements orders them,
 * then by what came back. A check that broke two requirements stands under a cause of each. Every format groups its failures by it: computed from the checks, never stored beside them.
 */
export function causesOf(checks: readonly CheckResult[]): Cause[] {
  const by = new Map<string, Cause>();
  for (const group of brokenRequirements(checks)) {
    for (const c of group.checks) {
      // a check that broke one requirement twice (a sequence's steps) stands under the answer it met first
      const v = violationsSaid(c.message).find((said) => said.requirement === group.requirement) ?? { expected: '', actual: '' };
      const actual = answerOf(v.actual);
      const key = `${group.requirement}\u0000${actual}`;
      const cause = by.get(key) ?? { ...group, checks: [], operations: [], actual, expected: v.expected };
      by.set(key, cause);
      cause.checks.push(c);
      if (c.operation !== '' && !cause.operations.includes(c.operation)) cause.operations.push(c.operation);
    }
  }
  const severity = (g: Cause) => (g.level === 'must' ? 0 : 1);
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...by.values()].sort(
    (a, b) => severity(a) - severity(b) || b.checks.length - a.checks.length || order(a.requirement, b.requirement) || order(a.actual, b.actual),
  );
}
