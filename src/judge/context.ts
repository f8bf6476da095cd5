// What a check judges with, apart from how it is run: the target it was handed, and the context that
// collects violations (each naming the requirement it breaks, what was expected and what came back),
// notes and the exchanges they were read from. A Judge reads answers only, so that one recorded exchange
// is judged by the very expectations a running check uses (src/judge/exchange.ts); a CheckContext also sends.
// No vitest here: the library face (src/index.ts) loads this without a runner.
import { keptOf, type Client, type Exchange, type RequestSpec } from '../http/client.ts';
import type { Evidence } from '../../contract/report.ts';
import type { Fixtures, FixtureName } from '../../contract/fixtures.ts';
import { requirement, type Level, type RequirementId } from '../../contract/requirements.ts';
import type { Network } from '../http/network.ts';
import { bounded, inertLine } from '../../contract/untrusted.ts';
import { OwnTime } from './own-time.ts';

/** What a check needs to know of a fixture an earlier run deleted (a Deletion of src/run/deletions.ts has more). */
interface Consumed {
  /** the path the DELETE went to */
  resource: string;
  /** ISO 8601 UTC */
  deletedAt: string;
}

/** What the CLI hands every worker. */
export interface Target {
  baseUrl: string;
  token: string | undefined;
  forbiddenToken: string | undefined;
  /** the variable each key is in where it is not the placeholder's own (RunConfig.keyVariables): curl lines name it */
  keyVariables?: Record<string, string>;
  readOnly: boolean;
  timeoutMs: number;
  fixtures: Fixtures;
  /** true when the target is the embedded reference deployment */
  embedded: boolean;
  /** live: keeps state, real keys; mock: generated from the description (see CheckOptions.live) */
  profile: 'live' | 'mock';
  /** fast-check seed and runs per property of the property checks */
  seed: number;
  runs: number;
  /** requests in flight at most (--concurrency), or at the start when they adapt (adaptiveCeiling) */
  concurrency: number;
  /** set when the requests in flight adapt to the answers (no --concurrency, a deployment given by URL): their ceiling */
  adaptiveCeiling?: number;
  /** the time of an answer before the run, measured (the fastest after the first, see src/vitest/run.ts): checks are bounded by it */
  latencyMs: number;
  /** the user's bound on one check (--check-timeout-ms); undefined: derived from what it sends and latencyMs */
  checkTimeoutMs: number | undefined;
  /** the outOfSyncPolicy a push sends; undefined: no consent to push, so no push is sent (see CheckOptions.pushes) */
  pushPolicy: string | undefined;
  /**
   * A deployment that keeps its data between runs (live, given by URL): the state file where deletes are
   * remembered, and the deletable fixtures an earlier run already deleted. Undefined for the embedded
   * reference (fresh on every start) and for mocks (they keep nothing).
   */
  deletions?: { stateFile: string | undefined; consumed: Partial<Record<FixtureName, Consumed>> };
  /** how requests reach it: proxy and CA (src/http/network.ts); direct for a deployment started for the run */
  network?: Network;
  /** fixtures the preflight found missing (404 to their first read), with the reason the checks needing them end errored */
  missingFixtures?: Partial<Record<FixtureName, string>>;
  /** fixtures the preflight read and found (src/run/preflight.ts) */
  foundFixtures?: FixtureName[];
  /** requests sent before any check (the probe and the preflight), all reads: counted in the report */
  preflightRequests?: number;
  /** the preflight's 401 to a read with the key, when only AUTH-* checks run and judge it (src/run/preflight.ts) */
  keyRefused?: string;
}

export interface Violation {
  requirement: RequirementId;
  level: Level;
  statement: string;
  expected: string;
  actual: string;
}

/** What a Judge needs of the target: how the answers it reads came about. */
export type JudgedTarget = Pick<Target, 'profile' | 'fixtures'>;

/** What checks keep of each exchange (keptOf), by the exchange: one kept copy however many checks use it. */
const keptCopies = new WeakMap<Exchange, Exchange>();

/** An exchange as a check keeps it for evidence; a copy kept already is its own. */
function kept(exchange: Exchange): Exchange {
  let copy = keptCopies.get(exchange);
  if (copy === undefined) {
    copy = keptOf(exchange);
    keptCopies.set(exchange, copy);
    if (copy !== exchange) keptCopies.set(copy, copy);
  }
  return copy;
}

/** Collects what one check finds in the answers it reads; sends nothing. */
export class Judge {
  readonly violations: Violation[] = [];
  /** the exchanges the check read, as it keeps them for evidence (keptOf): a long body's start, not the whole */
  readonly exchanges: Exchange[] = [];
  /** for each of `exchanges`, how many violations had been found when it was read: those found before are not about it */
  readonly violationsBefore: number[] = [];
  readonly notes: string[] = [];
  constructor(
    readonly requirementId: RequirementId,
    readonly target: JudgedTarget,
  ) {}

  /** Names an exchange made elsewhere (a shared request) as evidence of this check. */
  uses(exchange: Exchange): Exchange {
    const copy = kept(exchange);
    if (!this.exchanges.includes(copy)) this.read(copy);
    return exchange;
  }

  /** Keeps an exchange as read now, after the violations found so far. */
  protected read(copy: Exchange): void {
    this.exchanges.push(copy);
    this.violationsBefore.push(this.violations.length);
  }

  violate(id: RequirementId, expected: string, actual: string): void {
    const r = requirement(id);
    // a message built with JSON.stringify of a missing value is undefined, whatever its type says
    this.violations.push({ requirement: id, level: r.level, statement: r.statement, expected: String(expected), actual: actual ?? 'absent' });
  }

  /** Records a violation unless ok; returns ok so that callers can stop looking further. */
  expect(ok: boolean, id: RequirementId, expected: string, actual: () => string): boolean {
    if (!ok) this.violate(id, expected, actual());
    return ok;
  }

  /** What was observed where the interface leaves the answer open: reported, never a failure. */
  note(text: string): void {
    this.notes.push(text);
  }

  /** Ends the check as skipped, saying why: for what the target cannot show, never for a failure. */
  skip(reason: string): never {
    throw new CheckSkipped(reason);
  }

  /** Ends the check as errored, saying why it could not judge (a fixture that is gone, a precondition that failed). */
  cannotJudge(reason: string): never {
    throw new CheckCannotJudge(reason);
  }

  /** Ends the check here when something it depends on already failed. */
  stopIfViolated(): void {
    if (this.violations.length > 0) throw new CheckFailed();
  }

  /** Takes over what another judge found, as this one's own. */
  adopt(other: Judge): void {
    // its exchanges first: what it found is about them
    for (const ex of other.exchanges) this.uses(ex);
    this.violations.push(...other.violations);
    this.notes.push(...other.notes);
  }
}

/**
 * The run a check is of, as its checks see it: which checks it has, and the identity under which what it keeps for
 * them is kept (src/harness/check.ts shared, perRun), so that nothing of one run is read in another.
 */
export interface RunOfChecks {
  /** whether the run has this check (declared for its profile, kept by --only) */
  declares(checkId: string): boolean;
  /** what the user types where they run the checks to give these settings, or to run this check again with them */
  rerun?(checkId: string | undefined, settings: readonly RunSetting[]): string;
}

/** A setting of the run as a hint names it: the command's flag, the variable an implementer's vitest project reads, and its value if any. */
export interface RunSetting {
  flag: string;
  variable: string;
  value?: string | number;
}

/** A hint's settings as the command's flags: what a run outside any CheckRun says. */
export const asFlags = (settings: readonly RunSetting[]): string => settings.map((s) => `--${s.flag}${s.value === undefined ? '' : ` ${s.value}`}`).join(' ');

/** The context of a running check: a Judge that also sends, within the check's time bound, as part of its run. */
export class CheckContext extends Judge {
  /**
   * The check's time bound, shared with its forks: when it ends (ms since the epoch, moved on by 429 waits)
   * and, once it has passed, why the check stopped sending (it still sends what puts a change back).
   */
  private bound: { deadline: number; reason?: string; underWay: number; roundTrips: number; chained: number | undefined; own: OwnTime };
  /**
   * `chained`: the check is on a fixture, whose checks take turns: its requests go before others, those of the heaviest
   * chain first (SendOptions.chained: its lane's weight); undefined for a check on no fixture. `run`: the run the
   * check is of (CheckRun); a context made alone is a run of its own, which has no check.
   */
  constructor(
    requirementId: RequirementId,
    override readonly target: Target,
    readonly client: Client,
    deadline = Number.POSITIVE_INFINITY,
    chained: number | undefined = undefined,
    readonly run: RunOfChecks = { declares: () => false },
  ) {
    super(requirementId, target);
    this.bound = { deadline, underWay: 0, roundTrips: 0, chained, own: new OwnTime() };
  }

  /**
   * Round trips of the check and its forks: requests sent while none of theirs was under way (requests sent
   * together count once). A lower bound of the check's requests in a row, never raised by a wait for a place among
   * the requests in flight: inputs sent side by side (a property's pool) count as one strand, however long each
   * is. A check alone on its fixture adds them to that fixture's chain (src/harness/lanes.ts).
   */
  get roundTrips(): number {
    return this.bound.roundTrips;
  }

  private async counted(spec: RequestSpec, options: Parameters<Client['send']>[1]): Promise<Exchange> {
    if (this.bound.underWay++ === 0) this.bound.roundTrips++;
    const asked = performance.now();
    try {
      const exchange = await this.client.send(spec, { ...options, chained: this.bound.chained });
      this.bound.own.record(asked, exchange.queuedMs ?? 0);
      return exchange;
    } finally {
      this.bound.underWay--;
    }
  }

  /**
   * The check's own time until its verdict (performance.now() ms), its forks' requests included (OwnTime); for a
   * check that sent nothing and read an answer another check sent for both, the longest such answer's time.
   */
  ownTimeUntil(verdict: number): number | undefined {
    const used = this.exchanges.map((e) => e.durationMs);
    return this.bound.own.until(verdict) ?? (used.length > 0 ? Math.max(...used) : undefined);
  }

  /** When the check's time bound ends (ms since the epoch). */
  get deadline(): number {
    return this.bound.deadline;
  }

  /** Moves the bound on, by the time the deployment asked the check to wait (Retry-After). */
  extend(ms: number): void {
    this.bound.deadline += ms;
  }

  /** A fresh context for one run of a property: its violations and exchanges stay out of this check's. */
  fork(): CheckContext {
    const run = new CheckContext(this.requirementId, this.target, this.client, undefined, undefined, this.run);
    run.bound = this.bound;
    return run;
  }

  /** Stops the check from sending: every later send throws CheckStopped (see check()). */
  stop(reason: string): void {
    this.bound.reason = reason;
  }

  get stoppedReason(): string | undefined {
    return this.bound.reason;
  }

  /** A fixture the check declared in `needs`. */
  fixture(name: FixtureName): string {
    const value = this.target.fixtures[name];
    if (value === undefined) throw new Error(`fixture ${name} used without being declared in needs`);
    return value;
  }

  async send(spec: RequestSpec): Promise<Exchange> {
    if (this.bound.reason !== undefined) throw new CheckStopped(this.bound.reason);
    const exchange = await this.counted(spec, { stopped: () => this.bound.reason !== undefined });
    // waiting for a place among the requests in flight is not the check's own time
    if (exchange.queuedMs) this.extend(exchange.queuedMs);
    this.read(kept(exchange));
    return exchange;
  }

  /**
   * Sends a request that puts back what the check changed (the organisation's name). Unlike send, it goes
   * out also after the check was stopped, or the run: a stopped check leaves the fixture as it found it.
   */
  async putBack(spec: RequestSpec): Promise<Exchange> {
    const exchange = await this.counted(spec, { putBack: true });
    this.read(kept(exchange));
    return exchange;
  }
}

export class CheckFailed extends Error {}
export class CheckSkipped extends Error {}
export class CheckCannotJudge extends Error {}
/** Thrown by send once a check is past its time bound: nothing more goes out, and the check ends failed. */
export class CheckStopped extends Error {}

/**
 * A failed check's message: each violation with its statement, expected and actual, so that its first line is the
 * cause; then the check's notes, which say what else it saw; then a curl line per request. Expected and actual may hold what the deployment sent (ids it chose, its text): each is one inert
 * line, cut, saying its length (contract/untrusted.ts); curl lines are inert and bounded by construction (curlOf).
 */
export function failureMessage(violations: Violation[], evidence: Evidence[], notes: string[] = []): string {
  const lines: string[] = [];
  for (const v of violations) {
    const r = requirement(v.requirement);
    lines.push(`[${v.requirement}] (${v.level}) ${r.section}: "${v.statement}"`);
    lines.push(`  expected: ${bounded(inertLine(v.expected))}`);
    lines.push(`  actual:   ${bounded(inertLine(v.actual))}`);
  }
  lines.push(...notes);
  for (const e of evidence) {
    lines.push(`  reproduce: ${e.curl}`);
    // a request the client sent twice (the idle-close race) says so where it is read
    if (e.retried) lines.push(`    ${inertLine(e.retried)}`);
  }
  return lines.join('\n');
}
