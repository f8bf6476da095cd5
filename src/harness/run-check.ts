// A check's run, apart from any test runner: given its definition and the run (CheckRun), it is admitted (skipped,
// unjudgeable, its turn on its lane, --max-failures), its body runs within a time bound that the deployment's waits
// move on, and it ends with its record (CheckMeta: violations, evidence, notes, the run's figures) and how it ended:
// passed, skipped with a reason, or failed with the error to show (CheckEnded). src/vitest/tests.ts hands that
// to vitest; the project's fault matrix reads it directly.
import { cutByRunStop, sendingChained, sendingCheck } from '../http/client.ts';
import { notJudged } from '../http/transient.ts';
import { CheckCannotJudge, CheckFailed, CheckSkipped, failureMessage, Judge, type Violation } from '../judge/judge.ts';
import { CheckContext, CheckStopped } from './check-context.ts';
import type { Target } from '../judge/target.ts';
import { operationOf } from '../judge/exchange.ts';
import { expectServed, isDocumentedRequest, notServed } from '../judge/served.ts';
import { FIXTURE_VARIABLES, type FixtureName } from '../../contract/fixtures.ts';
import { laneOf } from './lanes.ts';
import type { CheckRun } from './check-run.ts';
import { exclusive, type CheckDefinition, type CheckOptions } from './check.ts';
import type { Evidence, WindowRange } from '../../contract/report.ts';
import { boundedThrough } from '../../contract/untrusted.ts';
import { requirement, type Level, type RequirementId } from '../../contract/requirements.ts';
import type { OperationId } from '../../contract/schemas.ts';

/** What a check records as it runs, and leaves once it has ended: what the report is made of (src/vitest/conformance-reporter.ts). */
export interface CheckMeta {
  /** the check's stable id (see check()) */
  id: string;
  requirement: RequirementId;
  /** the operation it exercises */
  operation: OperationId;
  level: Level;
  section: string;
  /** requests the run's client had sent when the check ended: the run's total is the largest (checks run at the same time) */
  sentByRun: number;
  /** connections the run's client had opened when the check ended: the run's total is the largest, as for sentByRun */
  connectionsByRun?: number;
  /** the time the deployment had held the run back when the check ended (transient answers: 429, 503) */
  heldByRun?: number;
  /** the range the adaptive window of requests in flight had taken when the check ended (src/http/window.ts) */
  windowByRun?: WindowRange;
  /** each lane's chain of round trips in a row when the check ended (src/harness/lanes.ts chains) */
  chainsByRun?: Record<string, number>;
  /** when the check entered its lane (ms since the epoch), and how long it took from there: the wait for checks of its fixture before it is not its own */
  startedAt?: number;
  durationMs?: number;
  /** the check's own time: from its first request going out to its verdict, waits for a place left out (OwnTime) */
  ownMs?: number;
  violations?: Violation[];
  evidence?: Evidence[];
  notes?: string[];
  /** why the check could not judge (the deployment gave no answer, a fixture was gone, it was stopped): its outcome is errored */
  errored?: string;
}

/**
 * How a check's run ended: its record, and passed (neither), skipped with this reason (not configured, not
 * applicable; or errored, its record says why), or failed with this error (its violations, or why it could not judge).
 */
export interface CheckEnded {
  meta: CheckMeta;
  skipped?: string;
  failure?: Error;
}

/** The state a test runner gives a check that ended so (vitest's: what the report's outcome is read from, with the record). */
export function stateOf(ended: CheckEnded): 'passed' | 'failed' | 'skipped' {
  return ended.skipped !== undefined ? 'skipped' : ended.failure !== undefined ? 'failed' : 'passed';
}

/** A check not run, or run without a verdict to show as a failure: it ends skipped with this reason. */
class NotRun extends Error {}

const skip = (reason: string): never => {
  throw new NotRun(reason);
};

/** The record a check starts with, before it is admitted: a runner shows it while the check runs. */
export function checkMeta(d: CheckDefinition): CheckMeta {
  const r = requirement(d.requirement);
  return { id: d.id, requirement: d.requirement, operation: d.options.operation, level: r.level, section: r.section, sentByRun: 0 };
}

const PUSH_POLICY_VARIABLE = 'MOCKAPI_PUSH_POLICY';

/** What a user consents to by setting MOCKAPI_PUSH_POLICY: said wherever a push check is skipped for want of it. */
const PUSH_CONSENT =
  "consent to push, with a value of outOfSyncPolicy the deployment accepts: a push starts a background job that pushes the mock API's OpenAPI document to its connected Git repository";

function skipReason(t: Target, options: CheckOptions): string | undefined {
  // what a mock cannot show comes first: configuring more would not make it show it
  if (t.profile === 'mock' && options.forbidden) return 'mock profile: a mock refuses no key; the documented 403 is checked with Prefer: code=403';
  if (t.profile === 'mock' && options.live) return `mock profile: ${options.live}`;
  const missing = (options.needs ?? []).filter((name) => t.fixtures[name] === undefined).map((name) => FIXTURE_VARIABLES[name]);
  if (options.forbidden && !t.forbiddenToken) missing.unshift('MOCKAPI_FORBIDDEN_TOKEN');
  if (options.pushes && t.pushPolicy === undefined) missing.push(`${PUSH_POLICY_VARIABLE} (${PUSH_CONSENT})`);
  if (missing.length > 0) return `not configured: set ${missing.join(', ')}`;
  if (options.writes && t.readOnly) return 'read-only run: this check sends a request that can change data';
  return undefined;
}

/** The fixtures whose paths a check sends to: those it needs, touches or deletes (a fixture not set is not sent to). */
const fixturesOf = (t: Target, options: CheckOptions): FixtureName[] =>
  [...(options.needs ?? []), ...(options.touches ?? []), ...(options.consumes ? [options.consumes] : [])].filter((name) => t.fixtures[name] !== undefined);

/** Why a check that could run cannot judge before it sends anything: a fixture of it does not exist, or the one it deletes is gone. */
function unjudgeableReason(run: CheckRun, options: CheckOptions): string | undefined {
  const t = run.target;
  const missing = run.ledger?.missing(fixturesOf(t, options));
  if (missing) return missing;
  const deleted = options.consumes && t.deletions?.consumed[options.consumes];
  if (!deleted) return undefined;
  const variable = FIXTURE_VARIABLES[options.consumes!];
  return `consumed: an earlier run deleted ${deleted.resource} on this deployment at ${deleted.deletedAt} (recorded in ${t.deletions!.stateFile}); set ${variable} to one that exists, or remove that line from the file if it exists again`;
}

/** A request's share of a check's time bound: ten times the measured latency, and never under 250 ms. */
const PER_REQUEST_MS = (latencyMs: number) => Math.max(10 * latencyMs, 250);
/** What every check may take besides its requests: the runner, evidence, a slow first connection. */
const CHECK_BASE_MS = 15_000;

/** The time bound of a check: the user's, or one made of what it sends and the latency measured before the run. */
export function checkBound(t: Pick<Target, 'latencyMs' | 'checkTimeoutMs'>, requests: number): number {
  return t.checkTimeoutMs ?? CHECK_BASE_MS + requests * PER_REQUEST_MS(t.latencyMs);
}

/**
 * A check's run within `run`: admitted (skipped, unjudgeable, its turn on its lane, --max-failures), its body run
 * within a time bound that waits the deployment asks for move on (movingBound), an error turned into its outcome
 * (outcomeOfError), and its violations into the failure it ends with (throwFailure). A check past its bound stops
 * sending (anything but putting back what it changed) and ends only once its last request is answered, so that
 * nothing it sends overlaps the next check. `meta` is the record it fills in as it goes (checkMeta).
 */
export async function runCheck(d: CheckDefinition, run: CheckRun, meta: CheckMeta = checkMeta(d)): Promise<CheckEnded> {
  try {
    await admittedAndJudged(d, run, meta);
    return { meta };
  } catch (error) {
    if (error instanceof NotRun) return { meta, skipped: error.message };
    return { meta, failure: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** runCheck's work: it returns when the check passed, and throws how it ended otherwise (NotRun, or the failure). */
async function admittedAndJudged(d: CheckDefinition, run: CheckRun, meta: CheckMeta): Promise<void> {
  const t = run.target;
  const options = run.optionsOf(d);
  const leave = await admit(run, options, meta);
  const bound = checkBound(t, options.requests ?? 5);
  const entered = performance.now();
  meta.startedAt = Date.now();
  // a check on a fixture is part of its lane's chain: its requests go first, the heaviest chain's before the others'
  // (SendOptions.chained, Lanes.weight)
  const chain = leave === undefined ? undefined : run.lanes.weight(laneOf(options)!);
  const c = new CheckContext(d.requirement, t, run.client, Date.now() + bound, chain, run);
  // Everything a check shows passes the redactor: messages quote answers, and an answer may echo the key. vitest
  // prints errors itself, so the report's own redaction would come too late.
  const redact = (text: string) => c.client.redactor.redact(text);
  // the settings as the user gives them where they run the checks: the command's flags, or vitest's variables
  const [timeoutSetting, runsSetting] = [
    run.rerun(undefined, [{ flag: 'check-timeout-ms', variable: 'MOCKAPI_CHECK_TIMEOUT_MS' }]),
    run.rerun(undefined, [{ flag: 'runs', variable: 'MOCKAPI_RUNS' }]),
  ];
  const stoppedAfter = `the check ran past its time bound of ${(bound / 1000).toFixed(1)} s (${t.checkTimeoutMs !== undefined ? timeoutSetting : `about ${options.requests ?? 5} requests at ${Math.round(t.latencyMs)} ms measured before the run`}) and stopped sending`;
  // what the body sends through the client itself (shared) is of its chain too
  const settled = sendingCheck.run(d.id, () => (chain === undefined ? d.run(c) : sendingChained.run(chain, () => d.run(c))));
  const past = movingBound(
    c,
    () => c.client.heldMs,
    () => c.stop(stoppedAfter),
  );
  // whether unservedFirst has judged the check's requests already (it runs once, at the check's end)
  let unserved: boolean | undefined;
  try {
    await Promise.race([settled, past.reached]);
    // past the bound: wait for the request under way and any put-back; a check that still got to its end
    // (its last request was under way) has its verdict
    await settled;
    if (c.stoppedReason !== undefined) c.note(`${stoppedAfter}, but its last request was already under way and it finished`);
  } catch (error) {
    // what the check could not judge, or did not expect to read, may follow from a request that reached no operation;
    // a check skipped or stopped has no verdict to put it in
    unserved = error instanceof CheckSkipped || error instanceof CheckStopped ? false : unservedFirst(c);
    if (!unserved) await outcomeOfError(error, { meta, redact, settled, stoppedAfter, slower: `${timeoutSetting}, or fewer ${runsSetting}` });
  } finally {
    past.clear();
    ended(run, c, meta, { leave, entered, redact });
  }
  if (unserved === undefined) unservedFirst(c);
  // a request withheld (the key may not write) judged nothing, whatever the check made of it: it ends errored, saying why
  if (c.violations.length > 0 || c.exchanges.some((e) => e.withheld !== undefined))
    throwFailure(c, meta, redact, run, run.ledger?.missing(fixturesOf(t, options)));
}

/**
 * EP-METHOD-PATH first: a documented request of the check (isDocumentedRequest) answered 405 reached no operation,
 * so whatever else the check made of it follows from that. Its findings are then those requests, one per operation,
 * in place of what it found once the first of them was read; true when there was one.
 */
export function unservedFirst(c: Judge): boolean {
  const unserved = new Judge(c.requirementId, c.target);
  const seen = new Set<OperationId>();
  let after = c.violations.length;
  for (const [i, ex] of c.exchanges.entries()) {
    const found = notServed(ex) ? operationOf(ex.method, ex.url) : undefined;
    if (found === undefined || !isDocumentedRequest(ex, found.params)) continue;
    after = Math.min(after, c.violationsBefore[i] ?? 0);
    if (seen.has(found.operation)) continue;
    seen.add(found.operation);
    expectServed(unserved, found.operation, ex);
  }
  if (unserved.violations.length === 0) return false;
  // A violation does not say which answer it was made of. One found before the first such answer was read cannot be
  // about it, and stays; one found after may follow from it (a read-back of an update that never happened), so it
  // goes, though it may be about another answer: a finding lost is less wrong than one that blames the deployment
  // for what the route already explains.
  c.violations.splice(after, c.violations.length - after, ...unserved.violations);
  return true;
}

/** What a check's end records, however it ended: its lane left, its chain counted, and the run's figures as it ended. */
function ended(
  run: CheckRun,
  c: CheckContext,
  meta: CheckMeta,
  { leave, entered, redact }: { leave: ((roundTrips?: number) => void) | undefined; entered: number; redact: (text: string) => string },
): void {
  // the round trips it sent in a row count towards its lane's chain (src/harness/lanes.ts Lanes.chains)
  if (leave) leave(c.roundTrips);
  else run.lanes.freeCheckEnded(c.roundTrips);
  meta.durationMs = performance.now() - entered;
  meta.ownMs = c.ownTimeUntil(performance.now()) ?? meta.durationMs;
  meta.sentByRun = c.client.requestCount;
  meta.connectionsByRun = c.client.connections;
  meta.heldByRun = c.client.heldMs;
  const window = c.client.windowRange();
  if (window) meta.windowByRun = window;
  meta.chainsByRun = run.lanes.chains();
  if (c.notes.length > 0) meta.notes = c.notes.map(redact);
}

/**
 * Whether a check runs, before it sends anything: skipped (not configured, not applicable), errored (its
 * fixture is gone), or its turn on its lane (src/harness/lanes.ts: it waits for the checks of that fixture declared
 * before it), and then not started if --max-failures was reached meanwhile. Returns how to leave the lane.
 */
async function admit(run: CheckRun, options: CheckOptions, meta: CheckMeta): Promise<((roundTrips?: number) => void) | undefined> {
  const reason = skipReason(run.target, options);
  if (reason) skip(reason);
  const unjudgeable = unjudgeableReason(run, options);
  if (unjudgeable) {
    meta.errored = unjudgeable;
    skip(unjudgeable);
  }
  const lane = laneOf(options);
  const leave = lane === undefined ? undefined : await run.lanes.enter(lane, exclusive(options));
  // checked once the check's turn has come: those waiting behind a failure are the ones not started
  const stopped = run.maxFailuresReason();
  if (stopped) {
    leave?.();
    meta.errored = stopped;
    skip(stopped);
  }
  return leave;
}

/**
 * A check's time bound, moved on by the time the deployment held the run back (transient answers, 429, 503:
 * every request waits; `heldMs` counts it) and by the check's own waits for a place among the requests in
 * flight (CheckContext.extend): when it is reached, `onPast` runs and `reached` resolves. Tested on its own
 * (test/harness/check-bound.test.ts).
 */
export function movingBound(c: Pick<CheckContext, 'deadline' | 'extend'>, heldMs: () => number, onPast: () => void): { reached: Promise<void>; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  let held = heldMs();
  const reached = new Promise<void>((resolve) => {
    const arm = (ms: number) => {
      timer = setTimeout(() => {
        c.extend(heldMs() - held);
        held = heldMs();
        const left = c.deadline - Date.now();
        if (left > 0) {
          arm(left);
          return;
        }
        onPast();
        resolve();
      }, ms);
    };
    arm(Math.max(0, c.deadline - Date.now()));
  });
  return { reached, clear: () => clearTimeout(timer) };
}

/**
 * The outcome of an error a check's body threw: skipped, errored (it could not judge, or was stopped at its
 * bound), or failed (CheckFailed: its violations are thrown by throwFailure). Anything else is a defect of the
 * check or an answer it did not expect to read: it judged nothing, and its message is redacted.
 */
async function outcomeOfError(
  error: unknown,
  {
    meta,
    redact,
    settled,
    stoppedAfter,
    slower,
  }: { meta: CheckMeta; redact: (text: string) => string; settled: Promise<void>; stoppedAfter: string; slower: string },
): Promise<void> {
  if (error instanceof CheckSkipped) skip(redact(error.message));
  if (error instanceof CheckCannotJudge) {
    meta.errored = redact(error.message);
    skip(meta.errored);
  }
  if (error instanceof CheckStopped) {
    await settled.catch(() => {});
    meta.errored = `${stoppedAfter}; what it changed was put back. The deployment answered more slowly than before the run: set ${slower}.`;
    throw named('CheckStopped', meta.errored);
  }
  if (error instanceof CheckFailed) return;
  const message = redact(error instanceof Error ? error.message : String(error));
  meta.errored = `the check could not judge: ${message}`;
  if (error instanceof Error) {
    error.message = message;
    error.stack = error.stack && redact(error.stack);
  }
  throw error;
}

/**
 * The failure a check with violations ends with: evidence of every exchange (built only now: it costs
 * more than the check itself), each value cut (contract/untrusted.ts), and the statement, expected and actual of each
 * violation. A request without an HTTP answer, or with one still transient (429, 503), judges nothing: what the
 * check made of it is no violation; nor does a check on a fixture that turned out not to exist
 * (src/harness/fixture-ledger.ts).
 */
function throwFailure(c: CheckContext, meta: CheckMeta, redact: (text: string) => string, run: CheckRun, fixtureMissing: string | undefined): never {
  const evidence = c.exchanges.map((e) => c.client.evidence(e));
  meta.evidence = evidence;
  // a fixture set wrong is a misconfiguration, whichever check meets it first: nothing it saw is a verdict
  if (fixtureMissing !== undefined) {
    meta.errored = redact(fixtureMissing);
    throw named('FixtureMissing', [meta.errored, ...evidence.map((e) => `  reproduce: ${e.curl}`)].join('\n'));
  }
  const unanswered = c.exchanges.find((e) => notJudged(e) !== undefined);
  if (unanswered) {
    meta.errored = cutByRunStop(unanswered) ? `the run stopped before this check had its answers: ${unanswered.error}` : redact(notJudged(unanswered)!);
    throw named('NoAnswer', [meta.errored, ...evidence.map((e) => `  reproduce: ${e.curl}`)].join('\n'));
  }
  const violations = c.violations.map((v) => ({ ...v, expected: boundedThrough(v.expected, redact), actual: boundedThrough(v.actual, redact) }));
  meta.violations = violations;
  run.failedWith(violations.map((v) => v.level));
  throw named('ConformanceViolation', failureMessage(violations, evidence, meta.notes ?? []));
}

/** An error whose stack is its message alone: vitest prints it, and a check's end has no stack worth reading. */
function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  error.stack = `${name}: ${message}`;
  return error;
}
