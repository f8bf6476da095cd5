// The target: the deployment a run judges and what the run was opened with (its keys, fixtures, profile, pace and
// bounds), as the command or conformanceProject's global setup opened it (openTarget) and every check reads it.
import type { Fixtures, FixtureName } from '../../contract/fixtures.ts';
import type { Network } from '../http/network.ts';

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
