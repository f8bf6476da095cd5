// The context of a running check: a Judge that also sends, through the run's client, within the check's time bound,
// as part of its run (RunOfChecks); what it sends and when it stops sending are decided here alone.
import type { Client, Exchange, RequestSpec } from '../http/client.ts';
import type { FixtureName } from '../../contract/fixtures.ts';
import type { RequirementId } from '../../contract/requirements.ts';
import { Judge, kept } from '../judge/judge.ts';
import type { Target } from '../judge/target.ts';
import { OwnTime } from './own-time.ts';

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

/** Thrown by send once a check is past its time bound: nothing more goes out, and the check ends failed. */
export class CheckStopped extends Error {}
