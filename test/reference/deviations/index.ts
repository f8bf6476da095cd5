// What each fault visibly does, one file per area of the interface as reference/faults/ names them, joined
// here for test/reference/faults.test.ts, which runs each on a deployment with that fault alone switched on.
import { authentication } from './authentication.ts';
import { errors } from './errors.ts';
import { conventions } from './conventions.ts';
import { identifiers } from './identifiers.ts';
import { chaosSettings } from './chaos-settings.ts';
import { stateSettings } from './state-settings.ts';
import { organisations } from './organisations.ts';
import { dataSources } from './data-sources.ts';
import { teams } from './teams.ts';
import { loggedRequests } from './logged-requests.ts';
import { pushJobs } from './push-jobs.ts';
import type { Reference } from '../helpers.ts';

export const deviations: Record<string, (r: Reference) => Promise<void>> = {
  ...authentication,
  ...errors,
  ...conventions,
  ...identifiers,
  ...chaosSettings,
  ...stateSettings,
  ...organisations,
  ...dataSources,
  ...teams,
  ...loggedRequests,
  ...pushJobs,
};
