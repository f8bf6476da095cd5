// Configuration of a conformance run: flags, then the environment, then a .env file in the working
// directory (dotenv), validated into one typed object. Bad input becomes a ConfigError: the CLI prints its
// one line and exits 2, never a stack trace. Keys are never part of an error message.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseDotenv } from 'dotenv';
import { faultList, FAULTS_VARIABLE, LIST_FAULTS, unknownFaults } from '../reference/faults.ts';
import { variationsOn, VariationsValueError } from '../reference/variations.ts';
import { BaselineError, readBaseline, type BaselineEntry } from './baseline.ts';
import { STATE_FILE } from './deletions.ts';
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../contract/fixtures.ts';

export type Profile = 'live' | 'mock';

export interface RunConfig {
  /** the deployment; undefined: the embedded reference deployment, started for the run */
  baseUrl: string | undefined;
  token: string | undefined;
  forbiddenToken: string | undefined;
  profile: Profile;
  reportJson: string | undefined;
  /** JUnit XML (reporters/junit.ts) */
  reportJunit: string | undefined;
  /** the Markdown summary (reporters/markdown.ts) */
  reportMarkdown: string | undefined;
  /** one self-contained HTML page (reporters/html.ts) */
  reportHtml: string | undefined;
  /** running in GitHub Actions (GITHUB_ACTIONS): annotations, and the summary appended to stepSummary when set */
  github: { stepSummary: string | undefined } | undefined;
  readOnly: boolean;
  /** warnings (should-level statements broken) fail the run */
  strict: boolean;
  /** known outcomes, by check id: the run fails only on what is new or stale (src/baseline.ts) */
  baseline: { file: string; entries: BaselineEntry[] } | undefined;
  /** where to write a baseline of this run */
  updateBaseline: string | undefined;
  timeoutMs: number;
  /** requests in flight at most */
  concurrency: number;
  /** bound on the whole run; past it the run is stopped and fails */
  runTimeoutMs: number;
  /** bound on one check; undefined: derived from what it sends and the latency measured before the run */
  checkTimeoutMs: number | undefined;
  /** fast-check seed of the property checks; undefined: fixed under CI, random elsewhere (see run.ts) */
  seed: number | undefined;
  /** runs per property; undefined: polite for a remote deployment, more for a local one */
  runs: number | undefined;
  /** only the checks whose name matches (case-insensitive); undefined: all */
  only: RegExp | undefined;
  fixtures: Fixtures;
  /**
   * The outOfSyncPolicy a push sends, and consent to push: the interface names no allowed value, and a push
   * starts a job that writes to the mock API's Git repository. undefined: no push is sent.
   */
  pushPolicy: string | undefined;
  /** where a run against a deployment remembers what it deleted (src/deletions.ts) */
  stateFile: string;
}

export class ConfigError extends Error {}

export const HELP = `Usage: mockapi-conformance [flags]

Verifies a deployment of the Mock API Management Service interface. With no base URL it starts the
reference deployment embedded in this package and verifies that.

  --base-url URL         MOCKAPI_BASE_URL         the deployment (http or https)
  --token KEY            MOCKAPI_TOKEN            sent as "Authorization: Token KEY"
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
  --concurrency N        MOCKAPI_CONCURRENCY      requests in flight at most (default 2, also the most used)
  --seed N               MOCKAPI_SEED             seed of the generated payloads (printed by every run)
  --runs N               MOCKAPI_RUNS             generated payloads per property (default by the latency measured
                                                  before the run: 100 under 10 ms, 20 under 100 ms, else 10)
  --only PATTERN         MOCKAPI_ONLY             run only the checks whose name matches PATTERN, a regular
                                                  expression without case (e.g. CHAOS-, "generated")
  --state-file FILE      MOCKAPI_STATE_FILE       where a run remembers what it deleted on each deployment
                                                  (default .mockapi-conformance-state.jsonl here)
  --push-policy VALUE    MOCKAPI_PUSH_POLICY      consent to push, and the outOfSyncPolicy to send: a push starts a job
                                                  that pushes the mock API's OpenAPI document to its Git repository.
                                                  Unset: no push is sent and the push and job checks are skipped
  --list                                          print the catalogue of checks (id, requirement, statement, operation,
                                                  what each sends, whether it writes, where it is declared); sends nothing
  --help                                          this text

  mockapi-conformance diff A.json B.json [--markdown FILE]
                         what differs between two JSON reports (two deployments, or one before and after a
                         release): checks whose outcome differs, and the open answers each chose; exit 1 when
                         an outcome differs

Fixtures (environment or .env only): ${Object.values(FIXTURE_VARIABLES).join(', ')}.
A check whose fixture is not set is skipped with a reason that names the variable.
Every check ends passed, failed (a must-level statement broken), warned (a should-level one), errored (it
could not judge: no answer, a fixture gone, stopped at its bound) or skipped (not applicable or not configured).
Exit codes: 0 nothing failed (warnings allowed unless --strict), 1 a check failed, 2 usage or configuration
error, 3 deployment unreachable before the run, 4 nothing failed but errors kept the run from judging,
130 interrupted.`;

const FLAGS = {
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'forbidden-token': { type: 'string' },
  profile: { type: 'string' },
  'report-json': { type: 'string' },
  'report-junit': { type: 'string' },
  'report-markdown': { type: 'string' },
  'report-html': { type: 'string' },
  'read-only': { type: 'boolean' },
  strict: { type: 'boolean' },
  baseline: { type: 'string' },
  'update-baseline': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'run-timeout-ms': { type: 'string' },
  'check-timeout-ms': { type: 'string' },
  concurrency: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  only: { type: 'string' },
  'push-policy': { type: 'string' },
  'state-file': { type: 'string' },
  list: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export interface ParsedCommand {
  help: boolean;
  /** print the catalogue of checks and send nothing */
  list: boolean;
  config: RunConfig;
}

function readDotenv(cwd: string): Record<string, string> {
  const file = `${cwd}/.env`;
  if (!existsSync(file)) return {};
  return parseDotenv(readFileSync(file));
}

function parseBoolean(name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, not "${value}"`);
}

function parseBaseUrl(source: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${source} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${source} must be an http or https URL, not ${url.protocol.replace(':', '')}`);
  }
  if (url.username || url.password) throw new ConfigError(`${source} must not carry credentials; use --token`);
  if (url.search || url.hash) throw new ConfigError(`${source} must not have a query or fragment: "${value}"`);
  // paths of the interface are appended to the base address, so keep no trailing slash
  return url.href.replace(/\/+$/, '');
}

function parseToken(source: string, value: string): string {
  // Name the problem, never the value: this is a key.
  if (value === '') throw new ConfigError(`${source} is empty`);
  if (/\s/.test(value)) throw new ConfigError(`${source} contains white space; give the key alone, without "Token "`);
  return value;
}

/** A baseline is read, and held to its schema, before any request: a bad one is a configuration error. */
function readBaselineSetting(source: string, value: string, cwd: string): NonNullable<RunConfig['baseline']> {
  const file = resolve(cwd, value);
  if (!existsSync(file)) throw new ConfigError(`${source}: ${file} does not exist (--update-baseline writes one)`);
  try {
    return { file, entries: readBaseline(file) };
  } catch (error) {
    if (error instanceof BaselineError) throw new ConfigError(`${source}: ${error.message}`);
    throw error;
  }
}

/**
 * A report path is checked before any request: a run that writes to a deployment and only then finds it
 * cannot write its report has done the writes for nothing.
 */
function writablePath(source: string, value: string, cwd: string): string {
  const path = resolve(cwd, value);
  const dir = dirname(path);
  if (!existsSync(dir)) throw new ConfigError(`${source}: the directory ${dir} does not exist`);
  if (!statSync(dir).isDirectory()) throw new ConfigError(`${source}: ${dir} is not a directory`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new ConfigError(`${source}: ${path} is a directory; give a file name`);
  try {
    accessSync(existsSync(path) ? path : dir, constants.W_OK);
  } catch {
    throw new ConfigError(`${source}: ${existsSync(path) ? path : `the directory ${dir}`} is not writable`);
  }
  return value;
}

/**
 * The embedded reference reads its faults and variations from the environment when it starts; a wrong
 * name is the user's to fix, so it is found here, before anything starts.
 */
function checkReferenceSettings(env: NodeJS.ProcessEnv): void {
  const unknown = unknownFaults(faultList(env[FAULTS_VARIABLE]));
  if (unknown.length > 0) throw new ConfigError(`${FAULTS_VARIABLE} names ${unknown.length > 1 ? 'unknown faults' : 'an unknown fault'}: ${unknown.join(', ')} (${LIST_FAULTS} lists them)`);
  try {
    variationsOn(undefined, env.MOCKAPI_REFERENCE_VARIATIONS);
  } catch (error) {
    if (error instanceof VariationsValueError) throw new ConfigError(error.message);
    throw error;
  }
}

/** Reads flags, environment and .env (in that order of precedence) into a validated RunConfig. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ParsedCommand {
  let values: { [K in keyof typeof FLAGS]?: (typeof FLAGS)[K]['type'] extends 'boolean' ? boolean : string };
  try {
    ({ values } = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    // parseArgs says e.g. "Unknown option '--bse-url'"; keep its first sentence only
    const message = (error as Error).message.split('. ')[0]!.replace(/\.$/, '');
    throw new ConfigError(`${message} (see --help)`);
  }
  const fromFile = readDotenv(cwd);
  // An empty variable counts as unset, as in .env.example where optional keys are left empty.
  const setting = (variable: string): string | undefined => {
    const value = env[variable] ?? fromFile[variable];
    return value === undefined || value.trim() === '' ? undefined : value;
  };

  const pick = (flag: keyof typeof FLAGS, variable: string): [string, string] | undefined => {
    const flagValue = values[flag];
    if (typeof flagValue === 'string') return [`--${flag}`, flagValue];
    const v = setting(variable);
    return v === undefined ? undefined : [variable, v];
  };

  const baseUrlSetting = pick('base-url', 'MOCKAPI_BASE_URL');
  const baseUrl = baseUrlSetting && baseUrlSetting[1] !== '' ? parseBaseUrl(...baseUrlSetting) : undefined;
  const tokenSetting = pick('token', 'MOCKAPI_TOKEN');
  const token = tokenSetting ? parseToken(...tokenSetting) : undefined;
  const forbiddenSetting = pick('forbidden-token', 'MOCKAPI_FORBIDDEN_TOKEN');
  const forbiddenToken = forbiddenSetting ? parseToken(...forbiddenSetting) : undefined;

  const profileSetting = pick('profile', 'MOCKAPI_PROFILE');
  const profile = (profileSetting?.[1] || 'live') as Profile;
  if (profile !== 'live' && profile !== 'mock') {
    throw new ConfigError(`${profileSetting![0]} must be live or mock, not "${profileSetting![1]}"`);
  }

  // a spec-driven mock only looks for an Authorization header, so it needs no real key
  if (baseUrl && !token && profile === 'live') {
    throw new ConfigError('a base URL is set but no key: give --token or MOCKAPI_TOKEN');
  }
  if (!baseUrl && (token || forbiddenToken)) {
    // Without this, a misspelt base-URL variable would silently verify the embedded reference instead.
    throw new ConfigError(`${(tokenSetting ?? forbiddenSetting)![0]} is set but no base URL: give --base-url or MOCKAPI_BASE_URL, or unset the key to verify the embedded reference deployment`);
  }
  if (forbiddenToken && forbiddenToken === token) {
    throw new ConfigError('the forbidden key is the same as the key: the 403 checks need a key without permission');
  }

  const timeoutSetting = pick('timeout-ms', 'MOCKAPI_TIMEOUT_MS');
  let timeoutMs = 10_000;
  if (timeoutSetting) {
    timeoutMs = Number(timeoutSetting[1]);
    if (!/^\d+$/.test(timeoutSetting[1].trim()) || timeoutMs < 1 || timeoutMs > 600_000) {
      throw new ConfigError(`${timeoutSetting[0]} must be a whole number of milliseconds from 1 to 600000, not "${timeoutSetting[1]}"`);
    }
  }

  const wholeNumber = (flag: 'seed' | 'runs' | 'run-timeout-ms' | 'check-timeout-ms' | 'concurrency', variable: string, min: number, max: number): number | undefined => {
    const given = pick(flag, variable);
    if (!given) return undefined;
    const n = Number(given[1].trim());
    if (!/^\d+$/.test(given[1].trim()) || n < min || n > max) throw new ConfigError(`${given[0]} must be a whole number from ${min} to ${max}, not "${given[1]}"`);
    return n;
  };
  const seed = wholeNumber('seed', 'MOCKAPI_SEED', 0, 2 ** 31 - 1);
  const runs = wholeNumber('runs', 'MOCKAPI_RUNS', 1, 100_000);
  const runTimeoutMs = wholeNumber('run-timeout-ms', 'MOCKAPI_RUN_TIMEOUT_MS', 1000, 24 * 3_600_000) ?? 600_000;
  const concurrency = wholeNumber('concurrency', 'MOCKAPI_CONCURRENCY', 1, 64) ?? 2;
  const checkTimeoutMs = wholeNumber('check-timeout-ms', 'MOCKAPI_CHECK_TIMEOUT_MS', 100, 24 * 3_600_000);

  const onlySetting = pick('only', 'MOCKAPI_ONLY');
  let only: RegExp | undefined;
  if (onlySetting) {
    try {
      only = new RegExp(onlySetting[1], 'i');
    } catch (error) {
      throw new ConfigError(`${onlySetting[0]} is not a regular expression: ${(error as Error).message}`);
    }
  }

  const readOnlyEnv = setting('MOCKAPI_READ_ONLY');
  const readOnly = values['read-only'] === true || (readOnlyEnv !== undefined && parseBoolean('MOCKAPI_READ_ONLY', readOnlyEnv));
  const strictEnv = setting('MOCKAPI_STRICT');
  const strict = values.strict === true || (strictEnv !== undefined && parseBoolean('MOCKAPI_STRICT', strictEnv));
  const baselineSetting = pick('baseline', 'MOCKAPI_BASELINE');
  const baseline = baselineSetting ? readBaselineSetting(...baselineSetting, cwd) : undefined;
  const updateBaseline = typeof values['update-baseline'] === 'string' ? writablePath('--update-baseline', values['update-baseline'], cwd) : undefined;
  const reportSetting = pick('report-json', 'MOCKAPI_REPORT_JSON');
  const reportJson = reportSetting ? writablePath(...reportSetting, cwd) : undefined;
  const junitSetting = pick('report-junit', 'MOCKAPI_REPORT_JUNIT');
  const reportJunit = junitSetting ? writablePath(...junitSetting, cwd) : undefined;
  const markdownSetting = pick('report-markdown', 'MOCKAPI_REPORT_MARKDOWN');
  const reportMarkdown = markdownSetting ? writablePath(...markdownSetting, cwd) : undefined;
  const htmlSetting = pick('report-html', 'MOCKAPI_REPORT_HTML');
  const reportHtml = htmlSetting ? writablePath(...htmlSetting, cwd) : undefined;
  // the runner sets GITHUB_ACTIONS=true and names the step's summary file
  const stepSummary = env.GITHUB_STEP_SUMMARY ? writablePath('GITHUB_STEP_SUMMARY', env.GITHUB_STEP_SUMMARY, cwd) : undefined;
  const github = env.GITHUB_ACTIONS === 'true' ? { stepSummary } : undefined;
  if (!baseUrl && profile === 'live') checkReferenceSettings(env);

  const pushSetting = pick('push-policy', 'MOCKAPI_PUSH_POLICY');
  if (pushSetting && !baseUrl) {
    throw new ConfigError(`${pushSetting[0]} is set but no base URL: the embedded reference and the local mock supply a value of their own; give --base-url or MOCKAPI_BASE_URL`);
  }
  const pushPolicy = pushSetting?.[1].trim();
  const stateSetting = pick('state-file', 'MOCKAPI_STATE_FILE');
  const stateFile = resolve(cwd, stateSetting ? writablePath(...stateSetting, cwd) : STATE_FILE);

  const fixtures: Fixtures = {};
  for (const [name, variable] of Object.entries(FIXTURE_VARIABLES) as [FixtureName, string][]) {
    const value = setting(variable)?.trim();
    if (!value) continue;
    if (!baseUrl) {
      throw new ConfigError(`${variable} is set but no base URL: fixtures name resources of a deployment; give --base-url or MOCKAPI_BASE_URL`);
    }
    fixtures[name] = value;
  }
  if (fixtures.mockApiId !== undefined && (fixtures.mockApiId.length < 5 || fixtures.mockApiId.length > 10)) {
    throw new ConfigError(`MOCKAPI_MOCK_API_ID must have 5 to 10 characters (Limits), not ${fixtures.mockApiId.length}`);
  }
  if (fixtures.teamMemberId !== undefined && fixtures.teamId === undefined) {
    throw new ConfigError('MOCKAPI_TEAM_MEMBER_ID is set without MOCKAPI_TEAM_ID: name the team the member is removed from');
  }
  if (fixtures.requestId !== undefined && fixtures.mockApiId === undefined) {
    throw new ConfigError('MOCKAPI_REQUEST_ID is set without MOCKAPI_MOCK_API_ID: a logged request belongs to a mock API');
  }
  if (fixtures.deletableDataSourceId !== undefined && fixtures.deletableDataSourceId === fixtures.dataSourceId) {
    throw new ConfigError('MOCKAPI_DELETABLE_DATA_SOURCE_ID is the same as MOCKAPI_DATA_SOURCE_ID: the delete checks would remove the data source the update checks use');
  }

  return {
    help: values.help === true,
    list: values.list === true,
    config: { baseUrl, token, forbiddenToken, profile, reportJson, reportJunit, reportMarkdown, reportHtml, github, readOnly, strict, baseline, updateBaseline, timeoutMs, runTimeoutMs, checkTimeoutMs, concurrency, seed, runs, only, fixtures, pushPolicy, stateFile },
  };
}
