// A conformance check as a value (CheckDefinition): its stable id, the requirement of the register it verifies, its
// title, what it sends (CheckOptions) and its body, which judges what the deployment answers to the run handed to
// it (CheckContext). Each suite exports its list of them; runCheck (src/harness/run-check.ts) runs one within a run
// (CheckRun), and src/vitest/tests.ts registers them as vitest tests. What checks are written with: what a
// run keeps for its checks (perRun) and the requests several checks of a fixture share (shared).
import { sendingChained } from '../http/client.ts';
import type { CheckContext, RunOfChecks } from './check-context.ts';
import type { Target } from '../judge/target.ts';
import type { RequirementId } from '../../contract/requirements.ts';
import type { FixtureName } from '../../contract/fixtures.ts';
import type { OperationId } from '../../contract/schemas.ts';

export { CheckContext, CheckStopped } from './check-context.ts';
export { CheckFailed } from '../judge/judge.ts';
export type { Target } from '../judge/target.ts';

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

/** The check as a value: what the catalogue lists, and what runCheck runs with a run handed to it. */
export interface CheckDefinition {
  /** its stable id (see check()) */
  id: string;
  requirement: RequirementId;
  title: string;
  options: CheckOptions;
  /**
   * What it sends on a run of this target, where that follows the run (optionsOn): a property's requests (its time
   * bound) and generated inputs, made of --runs and of its fixed inputs for the target.
   */
  sized?: (target: Target) => Pick<CheckOptions, 'requests' | 'generated'>;
  /** the body: sends through its context, judges what comes back, and records violations there */
  run(t: CheckContext): Promise<void>;
}

/** What a check sends on a run of this target: its options, sized for the run (CheckDefinition.sized). */
export function optionsOn(d: CheckDefinition, target: Target): CheckOptions {
  return d.sized === undefined ? d.options : { ...d.options, ...d.sized(target) };
}

/**
 * A check. `checkId` is its stable id: written out where it is declared, never derived from the title, so that
 * rewording a title keeps what reports, baselines and dashboards know the check by. It begins with the area (the
 * suite's file name) and is unique in the catalogue (`mockapi-conformance --list`). Its test's name starts with the
 * requirement id, so that every line of every report ties the result to the statement it verifies.
 */
export function check(checkId: string, id: RequirementId, title: string, options: CheckOptions, body: (t: CheckContext) => Promise<void>): CheckDefinition {
  return { id: checkId, requirement: id, title, options, run: body };
}

/**
 * What a run keeps for its checks, made on the first asking of each run (CheckContext.run) and kept under that run
 * alone: a second run in the worker (watch mode, isolate: false) makes its own, and the first's goes with its run.
 */
export function perRun<T>(make: () => T): (t: { run: RunOfChecks }) => T {
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
