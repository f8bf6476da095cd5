// The library face of the package: what an implementer imports into their own tests. Loading it loads no
// test runner: checkExchange judges one exchange on its own, and runConformance loads vitest only when it
// is called. The schemas and the OpenAPI description are files of the package, by export path
// (mockapi-conformance/schemas/<file>, mockapi-conformance/openapi.yaml); SCHEMAS_DIR names their folder.
import type { ConformanceReport } from '../contract/report.ts';
import { startReference as startReferenceDeployment, type ReferenceDeployment, type ReferenceOptions } from '../reference/server.ts';
import type { Fixtures } from '../contract/fixtures.ts';
import { FIXTURE_VARIABLES, type FixtureName } from '../contract/fixtures.ts';
import { SETTINGS, type LibraryOption, type Setting } from './run/settings.ts';

export { checkExchange, NotAnOperationError, operationOf } from './judge/exchange.ts';
export type { BodyLike, ExchangeInput, ExchangeVerdict, HeadersLike, RecordedRequest, RecordedResponse } from './judge/exchange.ts';
export type { Violation } from './judge/context.ts';
export type { Evidence } from '../contract/report.ts';
export type { CheckResult, ConformanceReport, Outcome } from '../contract/report.ts';
export { REQUIREMENTS, requirement, type Level, type Requirement, type RequirementId } from '../contract/requirements.ts';
export { OPERATION_IDS, SCHEMAS_DIR, type OperationId } from '../contract/schemas.ts';
export type { Fixtures, FixtureName } from '../contract/fixtures.ts';
export type { ReferenceDeployment, ReferenceFixtures } from '../reference/server.ts';
export { FAULT_NAMES } from '../reference/faults.ts';

export interface StartReferenceOptions {
  /** 0 (the default): a free port on 127.0.0.1 */
  port?: number;
  /** names of the reference's faults to switch on (FAULT_NAMES lists them; none by default): for a test that a client or checker notices a broken deployment */
  faults?: string[];
  /** answer with every variation the interface allows (reference/variations.ts) */
  variations?: boolean;
}

/**
 * Starts the reference deployment (a correct, stateful implementation of the interface, with its fixtures
 * and keys) on 127.0.0.1, for tests that need a deployment to talk to. Close it when done. Unlike the
 * command, it reads no environment: faults and variations are only the ones given.
 */
export function startReference(options: StartReferenceOptions = {}): Promise<ReferenceDeployment> {
  const chosen: ReferenceOptions = { port: options.port ?? 0, host: '127.0.0.1', faults: options.faults ?? [], variations: options.variations ?? false };
  return startReferenceDeployment(chosen);
}

export interface RunOptions {
  /** the deployment; left out: the embedded reference deployment, started for the run */
  baseUrl?: string;
  /** sent as `Authorization: Token <key>` */
  token?: string;
  /** a file whose one line is the key (instead of token) */
  tokenFile?: string;
  /** a valid key without permission on the fixtures (403 checks) */
  forbiddenToken?: string;
  profile?: 'live' | 'mock';
  /** the resources the checks may use and change (see the README's fixtures table) */
  fixtures?: Fixtures;
  readOnly?: boolean;
  strict?: boolean;
  /** consent to push, and the outOfSyncPolicy to send */
  pushPolicy?: string;
  seed?: number;
  runs?: number;
  /** only the checks whose id or name matches (a regular expression, without case) */
  only?: string;
  /** once this many checks have failed, no further check starts (those end errored, saying why) */
  maxFailures?: number;
  /** the least share of the checks, in percent, the run must judge (passed, failed or warned); less exits 4 */
  minJudged?: number;
  timeoutMs?: number;
  runTimeoutMs?: number;
  /** bound on one check; left out: derived from what it sends and the latency measured before the run */
  checkTimeoutMs?: number;
  concurrency?: number;
  /** a baseline file of known outcomes (schemas/baseline.json): the run fails only on what is new, stale or expired */
  baseline?: string;
  /** report files, as the flags of the same names write them */
  reportJson?: string;
  reportJunit?: string;
  reportMarkdown?: string;
  reportHtml?: string;
  /** every exchange of the run as HAR 1.2, keys redacted (check-har judges it again) */
  reportHar?: string;
  /**
   * where the run remembers what it deleted on a deployment, so that a later run skips fixtures it consumed;
   * left out or false: nowhere (the library writes nothing into the working directory unless asked)
   */
  stateFile?: string | false;
  /** a proxy to send through (--proxy); left out: HTTPS_PROXY/HTTP_PROXY/NO_PROXY of the process, if set (docs/networks.md) */
  proxy?: string;
  /** CA certificates (PEM) to trust too (--ca-file) */
  caFile?: string;
  /** a config file of named environments (schemas/config.json), read as the command reads --config */
  config?: string;
  /** the environment of the config file to use */
  env?: string;
  /** where the run's console text goes (the summary and progress); left out: nowhere */
  output?: (text: string) => void;
}

export interface RunResult {
  /** the command's exit code for this run: 0, 1, 2, 3, 4, 5 (see the README's exit codes) */
  exitCode: number;
  /** undefined when the run ended before any check (the deployment could not be reached) */
  report: ConformanceReport | undefined;
}

/** The flag of each option, from the settings table (src/run/settings.ts): the one parser validates both. */
const FLAGS = new Map((SETTINGS as readonly Setting[]).filter((s) => s.library && s.flag).map((s) => [s.option, s]));

// RunOptions is written out for its documentation; the compiler holds it to the table: every option but fixtures
// and output is a library row, and every library row an option
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const optionsAreTheTable: Same<Exclude<keyof RunOptions, 'fixtures' | 'output'>, LibraryOption> = true;
void optionsAreTheTable;

/**
 * A conformance run, as the command makes it, returning its report and exit code. Options are validated as
 * the command's flags are (a bad one throws an Error with the command's one-line message); neither the
 * environment nor a .env file is read. Loads the test runner (vitest) when called.
 */
export async function runConformance(options: RunOptions = {}): Promise<RunResult> {
  const argv: string[] = [];
  for (const [option, s] of FLAGS) {
    const value = options[option as LibraryOption];
    if (value === undefined || value === false) continue;
    // one argument, --flag=value: a key (or a pattern) that begins with a dash is the value, not another flag
    argv.push(s.kind === 'boolean' ? `--${s.flag}` : `--${s.flag}=${String(value)}`);
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.fixtures ?? {}) as [FixtureName, string | undefined][]) {
    if (value !== undefined) env[FIXTURE_VARIABLES[name]] = value;
  }
  const [{ parseCommand }, { runConformance: run }] = await Promise.all([import('./run/config.ts'), import('./run/run.ts')]);
  const { config } = parseCommand(argv, env, process.cwd(), { dotenv: false });
  if (typeof options.stateFile !== 'string') config.stateFile = undefined;
  const write = options.output ?? (() => {});
  const { exitCode, report } = await run(config, { write, error: write, tty: false, signals: false });
  return { exitCode, report };
}
