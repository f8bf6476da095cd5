// One run of the checks, made from its description (RunDescription): the target, the stop it shares with the
// thread that opened it, the one client, the lanes, what its answers say of its fixtures, the checks it has (checksOf),
// the checks that failed. Each check is handed it (runCheck) and finds it in its context (CheckContext.run), under
// which what the run keeps for its checks is kept (shared, perRun), so nothing of a run outlives it: a second run
// (watch mode, another row of the fault matrix) is made of a new description, and is a new CheckRun.
import { expandPath, operation } from '../../contract/schemas.ts';
import { Client } from '../http/client.ts';
import { harRecorder } from '../http/har-log.ts';
import { KEY_PROBE_PATH } from '../http/key-watch.ts';
import { RunGate } from '../http/run-gate.ts';
import { asFlags, type RunOfChecks, type RunSetting } from './check-context.ts';
import type { Target } from '../judge/target.ts';
import { exclusive, optionsOn, type CheckDefinition, type CheckOptions } from './check.ts';
import { FixtureLedger } from './fixture-ledger.ts';
import { Lanes, laneOf } from './lanes.ts';
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
  /** the ids of the checks the run has (checksOf) */
  private readonly declared = new Set<string>();
  /** what each check sends on this run (optionsOn), sized once */
  private readonly sized = new WeakMap<CheckDefinition, CheckOptions>();

  constructor(readonly description: RunDescription) {
    const t = description.target;
    this.target = t;
    this.gate = new RunGate(description.stop);
    this.ledger = t.profile === 'live' ? new FixtureLedger(t.baseUrl, t.fixtures, t.missingFixtures, t.foundFixtures) : undefined;
    this.only = description.only === undefined ? undefined : new RegExp(description.only, 'i');
  }

  /**
   * The checks the run has, in the order given (the order of their turns on a fixture, src/harness/lanes.ts): those
   * of its profile that --only keeps, by stable id (so an area's name, which begins every id of that area, picks the
   * area) or by name (requirement id, then title). A check left out is no part of the run at all: the report, the
   * progress line and the counts know nothing of it. The generated inputs of those it has weigh their lanes.
   */
  checksOf(definitions: readonly CheckDefinition[]): CheckDefinition[] {
    const t = this.target;
    const kept = definitions.filter((d) => (d.options.profile === undefined || d.options.profile === t.profile) && this.selected(d));
    for (const d of kept) {
      this.declared.add(d.id);
      const options = this.optionsOf(d);
      const lane = laneOf(options);
      if (lane !== undefined) this.lanes.weigh(lane, options, exclusive(options), t.adaptiveCeiling ?? t.concurrency);
    }
    return kept;
  }

  /** What a check sends on this run: its options, sized for the run's target (CheckDefinition.sized). */
  optionsOf(d: CheckDefinition): CheckOptions {
    if (!this.sized.has(d)) this.sized.set(d, optionsOn(d, this.target));
    return this.sized.get(d)!;
  }

  private selected(d: CheckDefinition): boolean {
    return this.only === undefined || this.only.test(d.id) || this.only.test(`${d.requirement} ${d.title}`);
  }

  declares(checkId: string): boolean {
    return this.declared.has(checkId);
  }

  /**
   * The name of a check's test (RunDescription.names): its requirement id and title, after its id where asked. In
   * an implementer's vitest a run against the embedded reference says so in each name, so that no report of it
   * (vitest's JSON, JUnit) reads as a run against their own deployment; the id stays first, for `-t`.
   */
  testName(d: CheckDefinition): string {
    const name = `${d.requirement} ${d.title}`;
    if (this.description.names !== 'check-id') return name;
    return `${d.id} ${name}${this.target.embedded ? ' (against the embedded reference deployment)' : ''}`;
  }

  /**
   * What the user types where they run the checks: the command's flags; in an implementer's vitest (names
   * 'check-id'), the variables its project reads, and to run a check again vitest's own command, by the check's id.
   */
  rerun(checkId: string | undefined, settings: readonly RunSetting[]): string {
    if (this.description.names !== 'check-id') return asFlags(settings);
    const variables = settings.map((s) => (s.value === undefined ? s.variable : `${s.variable}=${s.value}`)).join(' ');
    return checkId === undefined ? variables : `${variables} npx vitest run -t '^${checkId} '`;
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
      ...(t.keyVariables ? { keyVariables: t.keyVariables } : {}),
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
