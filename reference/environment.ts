// A running reference deployment as the configuration of a run against it: the variables the CLI reads
// (base URL, keys, fixtures, a push policy it accepts). `npm run reference` prints them as a .env block; the
// benchmark hands them to the runs it starts.
import { FIXTURE_VARIABLES, type FixtureName } from '../contract/fixtures.ts';
import type { ReferenceDeployment } from './server.ts';

export function runEnvironment(deployment: ReferenceDeployment): Record<string, string> {
  const { fixtures } = deployment;
  return {
    MOCKAPI_BASE_URL: deployment.baseUrl,
    MOCKAPI_TOKEN: fixtures.token,
    MOCKAPI_FORBIDDEN_TOKEN: fixtures.forbiddenToken,
    ...Object.fromEntries((Object.entries(FIXTURE_VARIABLES) as [FixtureName, string][]).map(([name, variable]) => [variable, fixtures[name]])),
    MOCKAPI_PUSH_POLICY: fixtures.pushPolicy,
  };
}
