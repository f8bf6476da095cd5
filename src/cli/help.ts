// The help text of the command, apart from everything a run needs: `mockapi-conformance --help` answers from
// this module alone, without loading vitest, tsx or Ajv (bin/mockapi-conformance.js). Import nothing heavy here.
import { FIXTURE_VARIABLES } from '../../contract/fixtures.ts';
import { helpRows, wrap } from '../run/settings.ts';

export const HELP = `Usage: mockapi-conformance [flags]

Verifies a deployment of the Mock API Management Service interface. With no base URL it starts the
reference deployment embedded in this package and verifies that.

${helpRows('run')}

  mockapi-conformance diff A.json B.json [--ignore skipped,absent] [--markdown FILE]
                         what differs between two JSON reports (two deployments, or one before and after a
                         release): checks whose outcome differs, and the open answers each chose; exit 1 when
                         a check passed in one and failed, warned or errored in the other; --ignore leaves
                         out checks with those outcomes in either report (comparing two profiles)
  mockapi-conformance replay [REPORT.json] [--base-url URL]
                         runs again the checks that failed, warned or errored in a JSON report (no report: the
                         last red run's, which every run keeps beside the state file), sending what it sent, to
                         the deployment you give now; says fixed or still failing per check; exit 0 when all
                         are fixed; its reports go beside the originals as NAME.replay.EXT
  mockapi-conformance check-har FILE.har [--profile P] [--strict] [--report-* FILE]
                         judges recorded traffic (HAR 1.2) offline, exchange by exchange; sends nothing
  mockapi-conformance proxy --upstream URL [--port N] [--report-* FILE]
                         forwards to URL unchanged and prints every answer that breaks the interface as it
                         passes; Ctrl-C writes the report (each has --help)
  mockapi-conformance statements [--json]
                         every statement of the interface by section: verified (its checks and faults), open
                         (left open by the interface) or not judgeable from outside (why); sends nothing
  mockapi-conformance reference [--port N] [--faults a,b] [--freedoms a,b] [--variations] | --list-faults | --list-freedoms
                         serves the reference deployment on 127.0.0.1 (a free port unless --port) and prints its
                         .env block; --faults switches named faults on, --freedoms named answers the interface
                         allows that it does not give on its own, --variations all of those; or lists its faults
                         or freedoms (reference --help says more)

${wrap(
  `Fixtures, by variable (environment or .env) or under "fixtures" in a config file's environment by name: ${Object.entries(FIXTURE_VARIABLES)
    .map(([name, variable]) => `${variable} (${name})`)
    .join(', ')}.`,
  110,
).join('\n')}
A check whose fixture is not set is skipped with a reason that names the variable.
MOCKAPI_CACHE_DIR (environment or .env only): where vitest keeps its cache; by default a private directory
under XDG_CACHE_HOME or ~/.cache, so that a run writes nothing inside the package's own folder.
A config file (--config, or mockapi-conformance.config.json here) holds named environments (--env NAME):
flags win over variables, variables over the file, the file over .env. It names keys by their variable only
(MOCKAPI_TOKEN_<NAME>); it and .env are the checkout's, and choose no proxy, CA, file outside the directory or
place your own key is sent (docs/untrusted.md).
A MOCKAPI_* variable, or a key in .env, that is none of these settings is named in a warning.
Every check ends passed, failed (a must-level statement broken), warned (a should-level one), errored (it
could not judge: no answer, a fixture gone, stopped at its bound) or skipped (not applicable or not configured).
Exit codes: 0 nothing failed (warnings allowed unless --strict), 1 a check failed, 2 usage or configuration
error, 3 deployment unreachable before the run, 4 nothing failed but errors kept the run from judging
(or it judged less than --min-judged), 5 the run is misconfigured: the preflight found the key refused or the
base URL not the interface (nothing was judged), or the key stopped being accepted part-way, or may read but not
write (its writes unjudged, the reads judged), 130 interrupted.`;
