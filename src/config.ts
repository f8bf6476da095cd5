// Configuration of a conformance run: flags, then the environment, then a .env file in the working
// directory (dotenv), validated into one typed object. Bad input becomes a ConfigError: the CLI prints its
// one line and exits 2, never a stack trace. Keys are never part of an error message.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseDotenv } from 'dotenv';
import { faultList, FAULTS_VARIABLE, LIST_FAULTS, unknownFaults } from '../reference/faults.ts';
import { VARIATIONS_VARIABLE, variationsOn, VariationsValueError } from '../reference/variations.ts';
import { BaselineError, readBaseline, type BaselineEntry } from './baseline.ts';
import { STATE_FILE } from './deletions.ts';
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../contract/fixtures.ts';
import type { Network } from './network.ts';

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
  /** requests in flight at most; undefined: 8 against a deployment started for the run, 4 against one given (src/target.ts) */
  concurrency: number | undefined;
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
  /** where vitest keeps its cache (MOCKAPI_CACHE_DIR); undefined: under the system's temporary directory (src/run.ts) */
  cacheDir: string | undefined;
  /** --proxy and --ca-file (src/network.ts); the proxy variables are read where requests are sent */
  network: Network;
}

export class ConfigError extends Error {
  /** the warnings about unknown settings found before the error (one of them may be its cause) */
  warnings: string[] = [];
}

/**
 * Every MOCKAPI_* name that means something to this package: the settings read below, the fixtures, the
 * embedded reference's, and those our own tests and benchmark read. Any other MOCKAPI_* variable, and any
 * other key in .env, is named in a warning (a misspelt setting would otherwise be silently ignored).
 */
export const KNOWN_SETTINGS: readonly string[] = [
  'MOCKAPI_BASE_URL',
  'MOCKAPI_TOKEN',
  'MOCKAPI_FORBIDDEN_TOKEN',
  'MOCKAPI_PROFILE',
  'MOCKAPI_REPORT_JSON',
  'MOCKAPI_REPORT_JUNIT',
  'MOCKAPI_REPORT_MARKDOWN',
  'MOCKAPI_REPORT_HTML',
  'MOCKAPI_READ_ONLY',
  'MOCKAPI_STRICT',
  'MOCKAPI_BASELINE',
  'MOCKAPI_TIMEOUT_MS',
  'MOCKAPI_RUN_TIMEOUT_MS',
  'MOCKAPI_CHECK_TIMEOUT_MS',
  'MOCKAPI_CONCURRENCY',
  'MOCKAPI_SEED',
  'MOCKAPI_RUNS',
  'MOCKAPI_ONLY',
  'MOCKAPI_STATE_FILE',
  'MOCKAPI_PUSH_POLICY',
  'MOCKAPI_CACHE_DIR',
  ...Object.values(FIXTURE_VARIABLES),
  FAULTS_VARIABLE,
  VARIATIONS_VARIABLE,
  // read by our own tests (test/html.test.ts) and benchmark (bench/peak-memory.js)
  'MOCKAPI_SCREENSHOT',
  'MOCKAPI_BENCH_PEAK_FILE',
];

const PREFIX = 'MOCKAPI_';

/** Edit distance with transpositions (optimal string alignment): ULR -> URL is one edit. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known setting a name most likely meant: case aside, within two edits (a third of a long name's own
 * part), the MOCKAPI_ prefix supplied where it is missing; undefined when none is that close.
 */
export function closestSetting(name: string): string | undefined {
  const upper = name.toUpperCase();
  const forms = upper.startsWith(PREFIX) ? [upper] : [upper, PREFIX + upper];
  let closest: string | undefined;
  let closestDistance = Infinity;
  for (const known of KNOWN_SETTINGS) {
    const bound = Math.max(2, Math.floor((known.length - PREFIX.length) / 3));
    for (const form of forms) {
      const distance = editDistance(form, known);
      if (distance <= bound && distance < closestDistance) [closest, closestDistance] = [known, distance];
    }
  }
  return closest;
}

/** One line per MOCKAPI_* variable and per .env key that is no setting of ours; names only, never a value. */
function unknownSettings(env: NodeJS.ProcessEnv, fromFile: Record<string, string>): string[] {
  const known = new Set(KNOWN_SETTINGS);
  const line = (name: string, where: string) => {
    const meant = closestSetting(name);
    return `${name}${where} is not a setting of mockapi-conformance${meant ? `; did you mean ${meant}?` : ''}`;
  };
  const fromEnv = Object.keys(env).filter((name) => name.toUpperCase().startsWith(PREFIX) && !known.has(name)).sort();
  const inFile = Object.keys(fromFile).filter((name) => !known.has(name) && !fromEnv.includes(name));
  return [...fromEnv.map((name) => line(name, '')), ...inFile.map((name) => line(name, ' in .env'))];
}

export { HELP } from './help.ts';

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
  proxy: { type: 'string' },
  'ca-file': { type: 'string' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

export interface ParsedCommand {
  help: boolean;
  /** print the version and do nothing else */
  version: boolean;
  /** print the catalogue of checks and send nothing */
  list: boolean;
  config: RunConfig;
  /** settings that are not ours (a misspelt variable, a stray key in .env), one line each, for stderr */
  warnings: string[];
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
export function writablePath(source: string, value: string, cwd: string): string {
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

/** --proxy (an http or https URL; its credentials are redacted like the key) and --ca-file (PEM certificates). */
function networkSettings(proxy: string | undefined, caFile: string | undefined, cwd: string): Network {
  const network: Network = {};
  if (proxy !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(proxy);
    } catch {
      // the value may carry a password: not quoted
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError('--proxy must be an http or https URL, such as http://proxy.example:3128');
    network.proxy = proxy;
  }
  if (caFile !== undefined) {
    const file = resolve(cwd, caFile);
    if (!existsSync(file) || !statSync(file).isFile()) throw new ConfigError(`--ca-file: ${file} is not a file`);
    if (!readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`--ca-file: ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    network.caFile = file;
  }
  return network;
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

/**
 * Reads flags, environment and .env (in that order of precedence) into a validated RunConfig, with a warning
 * for each MOCKAPI_* variable or .env key that is not ours (also on a ConfigError, whose cause it may be).
 * dotenv false: no .env is read (a run called as a library takes only what it is given).
 */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), { dotenv = true }: { dotenv?: boolean } = {}): ParsedCommand {
  const fromFile = dotenv ? readDotenv(cwd) : {};
  const warnings = unknownSettings(env, fromFile);
  try {
    return { ...parseSettings(argv, env, fromFile, cwd), warnings };
  } catch (error) {
    if (error instanceof ConfigError) error.warnings = warnings;
    throw error;
  }
}

function parseSettings(argv: string[], env: NodeJS.ProcessEnv, fromFile: Record<string, string>, cwd: string): Omit<ParsedCommand, 'warnings'> {
  let values: { [K in keyof typeof FLAGS]?: (typeof FLAGS)[K]['type'] extends 'boolean' ? boolean : string };
  try {
    ({ values } = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    // parseArgs says e.g. "Unknown option '--bse-url'"; keep its first sentence only
    const message = (error as Error).message.split('. ')[0]!.replace(/\.$/, '');
    throw new ConfigError(`${message} (see --help)`);
  }
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
  const concurrency = wholeNumber('concurrency', 'MOCKAPI_CONCURRENCY', 1, 64);
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
  const cacheSetting = setting('MOCKAPI_CACHE_DIR');
  const cacheDir = cacheSetting === undefined ? undefined : resolve(cwd, cacheSetting.trim());

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

  const network = networkSettings(values.proxy, values['ca-file'], cwd);
  if (!baseUrl && (network.proxy || network.caFile)) {
    throw new ConfigError(`${network.proxy ? '--proxy' : '--ca-file'} is set but no base URL: the embedded reference and the local mock run on this machine, reached directly; give --base-url or MOCKAPI_BASE_URL`);
  }

  return {
    help: values.help === true,
    version: values.version === true,
    list: values.list === true,
    config: { baseUrl, token, forbiddenToken, profile, reportJson, reportJunit, reportMarkdown, reportHtml, github, readOnly, strict, baseline, updateBaseline, timeoutMs, runTimeoutMs, checkTimeoutMs, concurrency, seed, runs, only, fixtures, pushPolicy, stateFile, cacheDir, network },
  };
}
