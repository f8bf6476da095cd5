// The help text of the command, apart from everything a run needs: `mockapi-conformance --help` answers from
// this module alone, without loading vitest, tsx or Ajv (bin/mockapi-conformance.js). Import nothing heavy here.
import { FIXTURE_VARIABLES } from '../contract/fixtures.ts';

export const HELP = `Usage: mockapi-conformance [flags]

Verifies a deployment of the Mock API Management Service interface. With no base URL it starts the
reference deployment embedded in this package and verifies that.

  --base-url URL         MOCKAPI_BASE_URL         the deployment (http or https)
  --token KEY            MOCKAPI_TOKEN            sent as "Authorization: Token KEY"
  --token-file FILE      MOCKAPI_TOKEN_FILE       the key read from FILE (kept out of the process list)
  --forbidden-token KEY  MOCKAPI_FORBIDDEN_TOKEN  a valid key without permission on the fixtures (403 checks)
  --profile live|mock    MOCKAPI_PROFILE          live (default): keeps state; mock: generated from the description
                                                  (no base URL: the local Prism mock is started for the run)
  --report-json FILE     MOCKAPI_REPORT_JSON      write the JSON report to FILE (schemas/report.json)
  --report-junit FILE    MOCKAPI_REPORT_JUNIT     write JUnit XML to FILE (Jenkins, GitLab, GitHub test reporters)
  --report-html FILE     MOCKAPI_REPORT_HTML      write one self-contained HTML page to FILE
  --report-markdown FILE MOCKAPI_REPORT_MARKDOWN  write a Markdown summary to FILE
                                                  (with GITHUB_ACTIONS set: annotations, and the summary
                                                  appended to $GITHUB_STEP_SUMMARY)
  --read-only            MOCKAPI_READ_ONLY        send only GET requests
  --strict               MOCKAPI_STRICT           warnings (should-level statements broken) fail the run too
  --baseline FILE        MOCKAPI_BASELINE         known outcomes by check id (schemas/baseline.json): fail only on a
                                                  failure not in FILE, an entry that now passes, or one expired
  --update-baseline FILE                          write a baseline of this run's checks that did not pass to FILE
                                                  (reasons, issues and expiry dates of entries already there are kept)
  --timeout-ms N         MOCKAPI_TIMEOUT_MS       per-request timeout (default 10000)
  --run-timeout-ms N     MOCKAPI_RUN_TIMEOUT_MS   bound on the whole run (default 600000)
  --check-timeout-ms N   MOCKAPI_CHECK_TIMEOUT_MS bound on one check (default: 15 s plus, per request it sends,
                                                  ten times the latency measured before the run, 250 ms at least)
  --concurrency N        MOCKAPI_CONCURRENCY      requests in flight at most, 1 to 64 (default 4 for a deployment
                                                  given by URL, 8 for one the run starts; 1: one at a time)
  --seed N               MOCKAPI_SEED             seed of the generated payloads (printed by every run)
  --runs N               MOCKAPI_RUNS             generated payloads per property (default by the latency measured
                                                  before the run: 100 under 10 ms, 20 under 100 ms, else 10)
  --only PATTERN         MOCKAPI_ONLY             run only the checks whose id or name matches PATTERN, a regular
                                                  expression without case (e.g. organisations, ^CHAOS-, generated)
  --max-failures N       MOCKAPI_MAX_FAILURES     stop starting checks once N have failed (warned too, with
                                                  --strict); the checks not started end errored, saying why
  --state-file FILE      MOCKAPI_STATE_FILE       where a run remembers what it deleted on each deployment
                                                  (default .mockapi-conformance-state.jsonl here)
  --push-policy VALUE    MOCKAPI_PUSH_POLICY      consent to push, and the outOfSyncPolicy to send: a push starts a job
                                                  that pushes the mock API's OpenAPI document to its Git repository.
                                                  Unset: no push is sent and the push and job checks are skipped
  --proxy URL                                     send through this proxy (default: HTTPS_PROXY, HTTP_PROXY and
                                                  NO_PROXY, as curl reads them; docs/networks.md)
  --ca-file FILE                                  trust the CA certificates (PEM) in FILE too, besides the
                                                  system's and NODE_EXTRA_CA_CERTS
  --list                                          print the catalogue of checks (id, requirement, statement, operation,
                                                  what each sends, whether it writes, where it is declared); sends nothing
  -h, --help                                      this text
  -V, --version                                   the version of mockapi-conformance

  mockapi-conformance diff A.json B.json [--ignore skipped,absent] [--markdown FILE]
                         what differs between two JSON reports (two deployments, or one before and after a
                         release): checks whose outcome differs, and the open answers each chose; exit 1 when
                         a check passed in one and failed, warned or errored in the other; --ignore leaves
                         out checks with those outcomes in either report (comparing two profiles)
  mockapi-conformance check-har FILE.har [--profile P] [--strict] [--report-* FILE]
                         judges recorded traffic (HAR 1.2) offline, exchange by exchange; sends nothing
  mockapi-conformance proxy --upstream URL [--port N] [--report-* FILE]
                         forwards to URL unchanged and prints every answer that breaks the interface as it
                         passes; Ctrl-C writes the report (each has --help)

Fixtures (environment or .env only): ${Object.values(FIXTURE_VARIABLES).join(', ')}.
A check whose fixture is not set is skipped with a reason that names the variable.
MOCKAPI_CACHE_DIR (environment or .env only): where vitest keeps its cache; by default a directory under the
system's temporary directory, so that a run writes nothing inside the package's own folder.
A MOCKAPI_* variable, or a key in .env, that is none of these settings is named in a warning.
Every check ends passed, failed (a must-level statement broken), warned (a should-level one), errored (it
could not judge: no answer, a fixture gone, stopped at its bound) or skipped (not applicable or not configured).
Exit codes: 0 nothing failed (warnings allowed unless --strict), 1 a check failed, 2 usage or configuration
error, 3 deployment unreachable before the run, 4 nothing failed but errors kept the run from judging,
5 the preflight found the key refused or the base URL not the interface (nothing was judged), 130 interrupted.`;
