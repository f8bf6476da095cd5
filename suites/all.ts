// Every check of the conformance suite, by area: each suite's list (one file per area, in the order of their names),
// each check in the order its suite lists it. A run has them in this order, and the checks of one fixture take their
// turns in it (src/harness/lanes.ts); the catalogue lists them (src/harness/catalogue.ts).
import type { CheckDefinition } from '../src/harness/check.ts';
import { checks as authentication } from './authentication.suite.ts';
import { checks as chaosSettings } from './chaos-settings.suite.ts';
import { checks as dataSources } from './data-sources.suite.ts';
import { checks as identifiers } from './identifiers.suite.ts';
import { checks as loggedRequests } from './logged-requests.suite.ts';
import { checks as organisations } from './organisations.suite.ts';
import { checks as pushJobs } from './push-jobs.suite.ts';
import { checks as stateSettings } from './state-settings.suite.ts';
import { checks as teams } from './teams.suite.ts';

/** Each area's checks, by the name of its suite's file (the first part of each of its checks' ids). */
export const SUITES: Readonly<Record<string, readonly CheckDefinition[]>> = {
  authentication,
  'chaos-settings': chaosSettings,
  'data-sources': dataSources,
  identifiers,
  'logged-requests': loggedRequests,
  organisations,
  'push-jobs': pushJobs,
  'state-settings': stateSettings,
  teams,
};

/** Every check, in the order a run has them. */
export const CHECKS: readonly CheckDefinition[] = Object.values(SUITES).flat();
