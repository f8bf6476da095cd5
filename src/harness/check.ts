// The shape of every conformance check: a vitest test tied to one requirement of the register. A check
// collects violations (each naming the requirement it breaks, what was expected and what came back) and
// fails once at its end with all of them, the evidence and a curl line per request. Skips always carry a
// reason that names what to configure. Runs inside a vitest worker handed a run description (CheckRun), or
// records declarations for the catalogue (collectDeclarations).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { test, type TestContext } from 'vitest';
import { cutByRunStop, sendingChained, sendingCheck } from '../http/client.ts';
import { notJudged } from '../http/transient.ts';
import {
  CheckCannotJudge,
  CheckContext,
  CheckFailed,
  CheckSkipped,
  CheckStopped,
  failureMessage,
  Judge,
  type RunOfChecks,
  type Target,
  type Violation,
} from '../judge/context.ts';
import { operationOf } from '../judge/exchange.ts';
import { expectServed, isDocumentedRequest, notServed } from '../judge/served.ts';
import { FIXTURE_VARIABLES, type FixtureName } from '../../contract/fixtures.ts';
import { CODE_ROOT } from '../../contract/package-root.ts';
import { laneOf } from './lanes.ts';
import { type CheckRun, currentRun } from './check-run.ts';
import type { Evidence, WindowRange } from '../../contract/report.ts';
import { boundedThrough } from '../../contract/untrusted.ts';
import { requirement, type Level, type RequirementId } from '../../contract/requirements.ts';
import type { OperationId } from '../../contract/schemas.ts';

export { CheckContext, CheckFailed, CheckStopped, type Target } from '../judge/context.ts';

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

declare module 'vitest' {
  export interface TaskMeta {
    check?: CheckMeta;
    /** the check's area (the first part of its id), known before it starts */
    area?: string;
  }
}

/** A check as declared, without running it: what the catalogue (src/harness/catalogue.ts) lists. */
export interface Declaration {
  id: string;
  requirement: RequirementId;
  title: string;
  options: CheckOptions;
  /** file:line of the declaration, relative to the package */
  location: string;
}

/** The catalogue's collection, while it imports the suites: check() records its declaration instead of registering a test. */
const declaring = new AsyncLocalStorage<{ target: Target; declarations: Declaration[] }>();

/**
 * The target checks are being declared for: the run's, as its suites are imported, or the catalogue's while it
 * collects. Only for what decides, while declaring, which checks there are and what they send (a profile's steps, a
 * property's fixed inputs); a check's body reads its run's target and client from its context (CheckContext).
 */
export function declaredFor(): Target {
  return declaring.getStore()?.target ?? currentRun().target;
}

/**
 * The checks that `declare` (which imports suites) declares for a target of this kind, none of them run:
 * check() records instead of registering tests, and declaredFor() answers with the one given.
 */
export async function collectDeclarations(declaredFor: Target, declare: () => Promise<void>): Promise<Declaration[]> {
  const collected = { target: declaredFor, declarations: [] as Declaration[] };
  await declaring.run(collected, declare);
  return collected.declarations;
}

/**
 * Where the checks' files are (the sources, or dist/ in an installed package, itself inside a node_modules), with
 * its trailing slash; frames below it in its own node_modules are vitest's, not a declaration.
 */
const CODE_DIR = `${CODE_ROOT}/`;

/** Modules that declare checks for others (the helpers of a suite's own file count as that file). */
const DECLARING_HELPERS = /\/(?:src\/(?:[^/]+\/)?[^/]+|properties\/(?:property|model)|suites\/deletes)\.[jt]s$/;

const sourceLines = new Map<string, string[]>();
const lineOf = (file: string, line: number): string => {
  if (!sourceLines.has(file)) sourceLines.set(file, readFileSync(file, 'utf8').split('\n'));
  return sourceLines.get(file)![line - 1] ?? '';
};

/**
 * Where a check is declared, from the stack of the call to check(): going out through the files that are
 * neither the harness nor a shared helper, the first line that writes the check's id out (a suite's own helper,
 * such as `rejected('chaos-settings/…', …)`, is called with it), else the first such file's line.
 */
function declaredAt(checkId: string, stack: string | undefined): string {
  const frames = (stack ?? '')
    .split('\n')
    .map((line) => /\(?(?:file:\/\/)?(\/[^():?]+\.[jt]s)(?:\?[^:]*)?:(\d+):\d+\)?\s*$/.exec(line))
    .filter(
      (m): m is RegExpExecArray =>
        m !== null && m[1]!.startsWith(CODE_DIR) && !m[1]!.slice(CODE_DIR.length).startsWith('node_modules/') && !DECLARING_HELPERS.test(m[1]!),
    )
    .map((m) => ({ file: m[1]!, line: Number(m[2]) }));
  const first = frames[0];
  if (first === undefined) return 'unknown';
  // the id may be written further out, where a helper of properties/ is called with it (staysGone); a call the
  // formatter spread over lines has it on one of the next few
  const writes = (text: string) => text.includes(`'${checkId}'`) || text.includes(`\`${checkId.split('/')[0]}/\${`);
  const idLine = (f: { file: string; line: number }) => [0, 1, 2, 3].map((d) => f.line + d).find((n) => writes(lineOf(f.file, n)));
  const at = frames.map((f) => ({ file: f.file, line: idLine(f) })).find((f) => f.line !== undefined) ?? first;
  return `${at.file.slice(CODE_DIR.length)}:${at.line}`;
}

/**
 * What a run keeps for its checks, made on the first asking of each run (CheckContext.run) and kept under that run
 * alone: a second run in the worker (watch mode, isolate: false) makes its own, and the first's goes with its run.
 */
export function perRun<T>(make: () => T): (t: Pick<CheckContext, 'run'>) => T {
  const kept = new WeakMap<RunOfChecks, T>();
  return ({ run }) => {
    if (!kept.has(run)) kept.set(run, make());
    return kept.get(run)!;
  };
}

/** What a shared request is made with: the run's target and its one client, not a check's context (the request is no one check's). */
export type SharedWith = Pick<CheckContext, 'target' | 'client'>;

/**
 * Memoises a request that several checks of a fixture look at (one push, one get), so the target sees it once per
 * run (perRun): each check asks with its context. It is of the fixture's chain (sendingChained): the checks waiting
 * for it hold up those after them on the fixture.
 */
export function shared<T>(make: (run: SharedWith) => Promise<T>): (t: CheckContext) => Promise<T> {
  const result = perRun<{ made?: Promise<T> }>(() => ({}));
  return (t) => {
    const kept = result(t);
    // the chain of the check that asks first (runCheck), or the lightest chain for one on no fixture
    kept.made ??= sendingChained.run(sendingChained.getStore() ?? 0, () => make({ target: t.target, client: t.client }));
    return kept.made;
  };
}

export interface CheckOptions {
  /** the operation of schemas/openapi.yaml that the check exercises */
  operation: OperationId;
  /**
   * Declared only in a run of this profile (the catalogue lists it with the profile): for what only one kind of
   * deployment can show, such as the documented answers a mock picks with Prefer.
   */
  profile?: Target['profile'];
  /** a property check: one request or more per generated input, and fixed inputs sent on every run; a model-based one: inputs are sequences of up to `steps` steps */
  generated?: { perInput: number; fixed: number; steps?: number };
  /** fixtures the check needs; unset ones skip it with a reason that names the variable */
  needs?: FixtureName[];
  /** needs the key without permission */
  forbidden?: boolean;
  /** sends a request that can change something (skipped in read-only runs) */
  writes?: boolean;
  /**
   * fixtures whose paths it sends to when they are set, without needing them (it sends to a made-up id
   * otherwise): it takes its turn on their resource like a check that needs them (src/harness/lanes.ts)
   */
  touches?: FixtureName[];
  /** deletes this fixture (or needs it not yet deleted): skipped when an earlier run deleted it */
  consumes?: FixtureName;
  /**
   * sends a push to the mock API of MOCKAPI_MOCK_API_ID (or one a wrong answer could take for it): needs the
   * user's consent and value, MOCKAPI_PUSH_POLICY, like a delete needs its fixture
   */
  pushes?: boolean;
  /** about how many requests the check sends, for its time bound (default 5) */
  requests?: number;
  /**
   * The check whose requests carry this one's inputs, declared before it on the same fixture: it sends only the
   * inputs that did not pass there (properties/shared-renames.ts). Its requests count as its own in the catalogue's
   * chains: each input is sent once, there or here, on the same fixture.
   */
  ridesIn?: string;
  /**
   * Why the check needs a live deployment (state, real keys, rules a description cannot state); such a check
   * is skipped in the mock profile with this reason.
   */
  live?: string;
  /**
   * Why the check may run beside others on its resource: it judges each answer on its own and sends only what a
   * conforming deployment refuses (CHANGES_NOTHING). Without it, a check that writes runs alone on its
   * resource (src/harness/lanes.ts): what it reads back, an echo, a version, a 404 after a delete depends on no other
   * request being under way there.
   */
  overlaps?: string;
}

/** Why a rejection check may overlap others on its resource (CheckOptions.overlaps). */
export const CHANGES_NOTHING = 'it sends what must be refused, which changes nothing, and judges each answer on its own';

/**
 * Whether a check runs alone on its resource: it writes (an update, a delete, a push) and does not say that it
 * sends only what is refused. Checks that only read share the resource with each other, never with one alone.
 */
export function exclusive(options: CheckOptions): boolean {
  return options.consumes !== undefined || (options.writes === true && options.overlaps === undefined);
}

/** Why a check of what a deployment keeps is for live deployments only (CheckOptions.live). */
export const KEEPS_NO_STATE = "a mock keeps no state: it answers with the description's examples";

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
 * Declares a check. `checkId` is its stable id: written out where it is declared, never derived from the
 * title, so that rewording a title keeps what reports, baselines and dashboards know the check by. It begins
 * with the area (the suite's file name) and is unique in the catalogue (`mockapi-conformance --list`). The
 * test's name starts with the requirement id, so that every line of every report ties the result to the
 * statement it verifies. Its run is runCheck. Returns whether the run has it (its profile, --only), as a test.
 */
export function check(checkId: string, id: RequirementId, title: string, options: CheckOptions, body: (t: CheckContext) => Promise<void>): boolean {
  const collecting = declaring.getStore();
  if (collecting) {
    collecting.declarations.push({ id: checkId, requirement: id, title, options, location: declaredAt(checkId, new Error().stack) });
    return false;
  }
  const run = currentRun();
  const declared = run.target;
  if (options.profile !== undefined && options.profile !== declared.profile) return false;
  if (!run.selected(checkId, `${id} ${title}`)) return false;
  run.declare(checkId);
  const lane = laneOf(options);
  if (lane !== undefined) run.lanes.weigh(lane, options, exclusive(options), declared.adaptiveCeiling ?? declared.concurrency);
  // vitest's own timeout is not used: ours is moved on by 429 waits, and a stopped check still waits for its
  // last answer and a put-back; the run's own bound (--run-timeout-ms) ends a check that never settles
  const vitestTimeout = 2 ** 31 - 1;
  // concurrent: checks run at the same time, lanes keep those of one fixture apart (src/harness/lanes.ts); the area
  // rides along for the progress line, which counts an area's checks before any has started
  test(run.testName(checkId, `${id} ${title}`), { concurrent: true, timeout: vitestTimeout, meta: { area: checkId.split('/')[0]! } }, (ctx) =>
    runCheck(ctx, run, { checkId, id, options, body }),
  );
  return true;
}

/** What runCheck needs of a declaration. */
interface Declared {
  checkId: string;
  id: RequirementId;
  options: CheckOptions;
  body: (t: CheckContext) => Promise<void>;
}

/**
 * A check's run: admitted (skipped, unjudgeable, its turn on its lane, --max-failures), its body run within a
 * time bound that waits the deployment asks for move on (movingBound), an error turned into its outcome
 * (outcomeOfError), and its violations into the failure vitest reports (throwFailure). A check past its bound
 * stops sending (anything but putting back what it changed) and ends only once its last request is answered,
 * so that nothing it sends overlaps the next check.
 */
async function runCheck(ctx: TestContext, run: CheckRun, { checkId, id, options, body }: Declared): Promise<void> {
  const t = run.target;
  const r = requirement(id);
  const meta: CheckMeta = { id: checkId, requirement: id, operation: options.operation, level: r.level, section: r.section, sentByRun: 0 };
  ctx.task.meta.check = meta;
  const leave = await admit(ctx, run, options, meta);
  const bound = checkBound(t, options.requests ?? 5);
  const entered = performance.now();
  meta.startedAt = Date.now();
  // a check on a fixture is part of its lane's chain: its requests go first, the heaviest chain's before the others'
  // (SendOptions.chained, Lanes.weight)
  const chain = leave === undefined ? undefined : run.lanes.weight(laneOf(options)!);
  const c = new CheckContext(id, t, run.client, Date.now() + bound, chain, run);
  // Everything a check hands to vitest passes the redactor: messages quote answers, and an answer may
  // echo the key. vitest prints errors itself, so the report's own redaction would come too late.
  const redact = (text: string) => c.client.redactor.redact(text);
  const stoppedAfter = `the check ran past its time bound of ${(bound / 1000).toFixed(1)} s (${t.checkTimeoutMs !== undefined ? '--check-timeout-ms' : `about ${options.requests ?? 5} requests at ${Math.round(t.latencyMs)} ms measured before the run`}) and stopped sending`;
  // what the body sends through the client itself (shared) is of its chain too
  const settled = sendingCheck.run(checkId, () => (chain === undefined ? body(c) : sendingChained.run(chain, () => body(c))));
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
    if (!unserved) await outcomeOfError(error, { ctx, meta, redact, settled, stoppedAfter });
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
async function admit(ctx: TestContext, run: CheckRun, options: CheckOptions, meta: CheckMeta): Promise<((roundTrips?: number) => void) | undefined> {
  const reason = skipReason(run.target, options);
  if (reason) ctx.skip(reason);
  const unjudgeable = unjudgeableReason(run, options);
  if (unjudgeable) {
    meta.errored = unjudgeable;
    ctx.skip(unjudgeable);
  }
  const lane = laneOf(options);
  const leave = lane === undefined ? undefined : await run.lanes.enter(lane, exclusive(options));
  // checked once the check's turn has come: those waiting behind a failure are the ones not started
  const stopped = run.maxFailuresReason();
  if (stopped) {
    leave?.();
    meta.errored = stopped;
    ctx.skip(stopped);
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
    ctx,
    meta,
    redact,
    settled,
    stoppedAfter,
  }: { ctx: TestContext; meta: CheckMeta; redact: (text: string) => string; settled: Promise<void>; stoppedAfter: string },
): Promise<void> {
  if (error instanceof CheckSkipped) ctx.skip(redact(error.message));
  if (error instanceof CheckCannotJudge) {
    meta.errored = redact(error.message);
    ctx.skip(meta.errored);
  }
  if (error instanceof CheckStopped) {
    await settled.catch(() => {});
    meta.errored = `${stoppedAfter}; what it changed was put back. The deployment answered more slowly than before the run: set --check-timeout-ms, or fewer --runs.`;
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
 * The failure vitest reports for a check with violations: evidence of every exchange (built only now: it costs
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
