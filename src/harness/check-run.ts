// One run of the checks in its worker, made from the run description vitest provides (RunDescription): the
// target, the stop it shares with the thread that opened it, the one client, the lanes, what its answers say of
// its fixtures, the checks it has, the checks that failed. Its checks are declared for it (currentRun) and handed it
// in their context (CheckContext.run), under which what the run keeps for them is kept (shared, perRun), so nothing
// of a run outlives it: a second run in the same worker (watch mode) is handed a new description, and gets a new
// CheckRun.
import { inject } from 'vitest';
import { expandPath, operation } from '../../contract/schemas.ts';
import { Client } from '../http/client.ts';
import { harRecorder } from '../http/har-log.ts';
import { KEY_PROBE_PATH } from '../http/key-watch.ts';
import { RunGate } from '../http/run-gate.ts';
import type { RunOfChecks, Target } from '../judge/context.ts';
import { FixtureLedger } from './fixture-ledger.ts';
import { Lanes } from './lanes.ts';
import type { RunDescription } from './run-description.ts';

export class CheckRun implements RunOfChecks {
  readonly target: Target;
  readonly gate: RunGate;
  readonly lanes = new Lanes();
  /** what the run's answers say of its fixtures' existence; none for a mock, which answers 404 when a check asks it to (Prefer) */
  readonly ledger: FixtureLedger | undefined;
  /** --only, compiled once */
  private readonly only: RegExp | undefined;
  /** checks that ended failed (or warned, with --strict): what --max-failures counts */
  private failed = 0;
  private sharedClient: Client | undefined;
  /** the ids of the checks declared for the run (check()) */
  private readonly declared = new Set<string>();

  constructor(readonly description: RunDescription) {
    const t = description.target;
    this.target = t;
    this.gate = new RunGate(description.stop);
    this.ledger = t.profile === 'live' ? new FixtureLedger(t.baseUrl, t.fixtures, t.missingFixtures, t.foundFixtures) : undefined;
    this.only = description.only === undefined ? undefined : new RegExp(description.only, 'i');
  }

  /**
   * Whether --only keeps a check: its stable id (so an area's name, which begins every id of that area, picks the
   * area) or its name (requirement id, then title). A check left out is not declared at all, so the report, the
   * progress line and the counts know nothing of it.
   */
  selected(checkId: string, name: string): boolean {
    return this.only === undefined || this.only.test(checkId) || this.only.test(name);
  }

  /** A check was declared for the run: its profile and --only keep it. */
  declare(checkId: string): void {
    this.declared.add(checkId);
  }

  declares(checkId: string): boolean {
    return this.declared.has(checkId);
  }

  /** The name of a check's test (RunDescription.names). */
  testName(checkId: string, name: string): string {
    return this.description.names === 'check-id' ? `${checkId} ${name}` : name;
  }

  /** A check ended with violations: counted towards --max-failures when it failed (or, with --strict, warned). */
  failedWith(levels: readonly string[]): void {
    if (levels.some((level) => level === 'must' || this.description.maxFailures?.strict)) this.failed++;
  }

  /** Why a check is not started: --max-failures was reached; undefined while it is not. */
  maxFailuresReason(): string | undefined {
    const limit = this.description.maxFailures;
    if (limit === undefined || this.failed < limit.count) return undefined;
    return `not run: ${this.failed} check${this.failed === 1 ? '' : 's'} had failed${limit.strict ? ' or warned' : ''}, and --max-failures ${limit.count} stops the run from sending more once that many have`;
  }

  /** The run's one client: connections are kept alive, and --concurrency bounds its requests in flight. */
  get client(): Client {
    this.sharedClient ??= this.makeClient();
    return this.sharedClient;
  }

  private makeClient(): Client {
    const t = this.target;
    const recorded = this.description.harLog ? harRecorder(this.description.harLog) : undefined;
    const ledger = this.ledger;
    return new Client({
      baseUrl: t.baseUrl,
      token: t.token,
      forbiddenToken: t.forbiddenToken,
      timeoutMs: t.timeoutMs,
      connections: t.concurrency,
      adaptiveCeiling: t.adaptiveCeiling,
      network: t.network,
      onExchange: (exchange, sending, redactor) => {
        ledger?.saw(exchange);
        recorded?.(exchange, sending, redactor);
      },
      gate: this.gate,
      // a key refused part-way is confirmed by the probe's read, accepted before the run (not when the preflight saw it refused)
      ...(t.keyRefused === undefined ? { keyConfirmedBy: KEY_PROBE_PATH } : {}),
      ...writesConfirmable(t),
    });
  }
}

/**
 * Where a 403 to a write with the key is confirmed (ClientOptions.writesConfirmedBy): the organisation the preflight
 * read with the key, renamed to its own name. None where there is nothing to rename, or nothing is written.
 */
function writesConfirmable(t: Target): { writesConfirmedBy?: string } {
  const id = t.fixtures.organisationId;
  if (t.profile !== 'live' || t.readOnly || t.keyRefused !== undefined || id === undefined || !t.foundFixtures?.includes('organisationId')) return {};
  return { writesConfirmedBy: expandPath(operation('updateOrganisation').path, { organisationId: id }) };
}

/** Each description vitest provided in this worker, and the run made of it. */
const runs = new WeakMap<RunDescription, CheckRun>();

/** The run the worker is running: the one made of the description vitest provides (RunDescription). */
export function currentRun(): CheckRun {
  const described = inject('run');
  if (described === undefined) throw new Error('no run described: the checks run in a worker of the command or of conformanceProject, which provide one');
  let run = runs.get(described);
  if (run === undefined) runs.set(described, (run = new CheckRun(described)));
  return run;
}
