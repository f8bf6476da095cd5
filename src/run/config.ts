// Configuration of a conformance run: flags, then the environment, then a config file's environment, then a .env
// file in the working directory, validated into one typed object. Bad input becomes a ConfigError: the CLI prints its
// one line, writes the reports still validly asked for (reportSettings) and exits 2, never a stack trace. Keys
// are never part of an error message.
import { accessSync, constants, existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import type { ReportFiles } from '../../reporters/formats.ts';
import { makePrivateDirectory } from '../../reporters/private-file.ts';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { faultList, FAULTS_VARIABLE, LIST_FAULTS, unknownFaults } from '../../reference/faults.ts';
import { freedomList, FREEDOMS_VARIABLE, LIST_FREEDOMS, unknownFreedoms } from '../../reference/freedoms.ts';
import { VARIATIONS_VARIABLE, variationsOn, VariationsValueError } from '../../reference/variations.ts';
import { BaselineError, readBaseline, type BaselineEntry } from './baseline.ts';
import { unsafeEntryBelow } from './cache-directory.ts';
import { readDeletions, STATE_FILE } from './deletions.ts';
import { closestName } from './closest-name.ts';
import { parseEnvFile } from './env-file.ts';
import { FileReadError, readRegularFile } from './file-read.ts';
import { DestinationError, fileOwner, keyDestination, OWNER_RANK, type Owned, type OwnedKey, type Owner } from './owners.ts';
import { bindingsFile, readBindings, rememberBinding } from './host-bindings.ts';
import { committedText, trustedRevision } from './trusted-revision.ts';
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../../contract/fixtures.ts';
import { mockApiIdFits } from '../../contract/limits.ts';
import { isOwnSegment } from '../../contract/path-segment.ts';
import { quotedLine } from '../../contract/untrusted.ts';
import type { Network } from '../http/network.ts';
import { ConfigFileError, findConfigFile, KEY_VARIABLE, readConfigFile, type FileSettings } from './config-file.ts';
import { outOfBounds, parseArgsOptions, SETTINGS, type Setting, type SettingRow, type TableSettings } from './settings.ts';

/**
 * The rows the parser reads into another field of RunConfig: the key's file into token, --proxy and --ca-file
 * into network, the config file and its environment into the settings themselves, --accept-host into where the
 * key goes.
 */
const READ_INTO_OTHERS = ['tokenFile', 'proxy', 'caFile', 'config', 'env', 'acceptHost'] as const satisfies readonly SettingRow['option'][];

/**
 * A run as configured: a field per row of the settings table (its help says what it is), and what no single row
 * makes: the baseline as read, GitHub Actions, the fixtures and the network.
 */
export type RunConfig = Omit<TableSettings, (typeof READ_INTO_OTHERS)[number] | 'baseline'> & {
  /** known outcomes, by check id: the run fails only on what is new or stale (src/run/baseline.ts) */
  baseline: { file: string; entries: BaselineEntry[] } | undefined;
  /** running in GitHub Actions (GITHUB_ACTIONS): annotations, and the summary appended to stepSummary when set */
  github: { stepSummary: string | undefined } | undefined;
  fixtures: Fixtures;
  /** --proxy and --ca-file (src/http/network.ts); the proxy variables are read where requests are sent */
  network: Network;
  /** the config file's environment the run used (--env), recorded in its report: replay uses it again */
  environment?: string;
  /**
   * The variable each key is in where it is not the placeholder's own (MOCKAPI_TOKEN -> MOCKAPI_TOKEN_STAGING), by
   * placeholder name: lines to paste expand that one (src/http/redactor.ts PastedKeys)
   */
  keyVariables?: Record<string, string>;
};

export class ConfigError extends Error {
  /** the warnings about unknown settings found before the error (one of them may be its cause) */
  warnings: string[] = [];
}

/**
 * Every MOCKAPI_* name that means something to this package: the variables of the settings table, the
 * fixtures, the embedded reference's, and those our own tests and benchmark read. Any other MOCKAPI_* variable,
 * and any other key in .env, is named in a warning (a misspelt setting would otherwise be silently ignored).
 */
export const KNOWN_SETTINGS: readonly string[] = [
  ...(SETTINGS as readonly Setting[]).flatMap((s) => (s.variable ? [s.variable] : [])),
  ...Object.values(FIXTURE_VARIABLES),
  FAULTS_VARIABLE,
  FREEDOMS_VARIABLE,
  VARIATIONS_VARIABLE,
  // read by our own tests (test/reporters/html.test.ts) and benchmark (bench/peak-memory.js)
  'MOCKAPI_SCREENSHOT',
  'MOCKAPI_SCREENSHOT_TOP',
  'MOCKAPI_BENCH_PEAK_FILE',
];

const PREFIX = 'MOCKAPI_';

/**
 * The known setting a name most likely meant: case aside, within two edits (a third of a long name's own
 * part), the MOCKAPI_ prefix supplied where it is missing; undefined when none is that close.
 */
export function closestSetting(name: string): string | undefined {
  const upper = name.toUpperCase();
  const forms = upper.startsWith(PREFIX) ? [upper] : [upper, PREFIX + upper];
  return closestName(forms, KNOWN_SETTINGS, (known) => known.slice(PREFIX.length));
}

/** One line per MOCKAPI_* variable and per .env key that is no setting of ours (nor a key's variable); names only, never a value. */
function unknownSettings(env: NodeJS.ProcessEnv, fromFile: Record<string, string>): string[] {
  const known = new Set(KNOWN_SETTINGS);
  const line = (name: string, where: string) => {
    const meant = closestSetting(name);
    return `${name}${where} is not a setting of mockapi-conformance${meant ? `; did you mean ${meant}?` : ''}`;
  };
  const fromEnv = Object.keys(env)
    .filter((name) => name.toUpperCase().startsWith(PREFIX) && !known.has(name) && !KEY_VARIABLE.test(name))
    .sort();
  const inFile = Object.keys(fromFile).filter((name) => !known.has(name) && !KEY_VARIABLE.test(name) && !fromEnv.includes(name));
  return [...fromEnv.map((name) => line(name, '')), ...inFile.map((name) => line(name, ' in .env'))];
}

const FLAGS = parseArgsOptions('run');

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

/** A .env file: the variables it sets, and whose it is (git's answer: src/run/owners.ts). */
interface DotenvFile {
  values: Record<string, string>;
  owner: Pick<Owned, 'owner' | 'why'>;
}

/** .env files are a few lines: past this one is no .env a person wrote. */
const DOTENV_BYTES = 1024 * 1024;

/** No .env: nothing set, and no owner to ask about. */
const NO_DOTENV: DotenvFile = { values: {}, owner: { owner: 'checkout' } };

/** The working directory's .env, a regular file read with a bound and a linear parser (src/run/env-file.ts). */
function readDotenv(cwd: string): DotenvFile {
  const file = join(cwd, '.env');
  if (!existsSync(file)) return NO_DOTENV;
  try {
    return { values: parseEnvFile(readRegularFile(file, DOTENV_BYTES).toString('utf8')), owner: fileOwner(file) };
  } catch (error) {
    if (error instanceof FileReadError) throw new ConfigError(error.message);
    throw error;
  }
}

function parseBoolean(name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, not "${value}"`);
}

/** A base URL given without its scheme (`localhost:18082`, `api.example.com`): the URL meant, http for this machine. */
function withScheme(value: string): string | undefined {
  const host = /^(\[[\da-f:.]+\]|[a-z\d](?:[a-z\d.-]*[a-z\d])?)(?::\d{1,5})?(?:\/\S*)?$/i.exec(value.trim());
  if (!host || !(host[1]!.includes('.') || host[1]!.includes(':') || /:\d/.test(value) || host[1] === 'localhost')) return undefined;
  const local = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(host[1]!);
  return `${local ? 'http' : 'https'}://${value.trim()}`;
}

function parseBaseUrl(source: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // not a URL at all: a host and port without the scheme is the common slip
  }
  // `localhost:18082` parses, as the scheme "localhost"
  const meant = url === undefined || !/^https?:$/.test(url.protocol) ? withScheme(value) : undefined;
  if (meant) throw new ConfigError(`${source} needs the scheme: did you mean ${meant}?`);
  if (url === undefined) throw new ConfigError(`${source} is not a URL: "${value}"`);
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

/** The key in a file: the file named, the key never (parseToken says what is wrong with it). */
function readKeyFile(source: string, value: string, cwd: string): string {
  const file = resolve(cwd, value);
  if (!existsSync(file) || !statSync(file).isFile()) throw new ConfigError(`${source}: ${file} is not a file`);
  try {
    return readRegularFile(file, 64 * 1024)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  } catch (error) {
    if (error instanceof FileReadError)
      throw new ConfigError(`${source}: ${error.message}${/larger/.test(error.message) ? '; it should hold the key alone' : ''}`);
    throw error;
  }
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

/** A file the run writes is never written through a link: one planted at its path (a checkout's) would choose where. */
function notALink(source: string, path: string): void {
  // a folder on the way that is a file: nothing is there (writing there fails, and says so)
  const entry = existsSync(dirname(path)) && statSync(dirname(path)).isDirectory() ? lstatSync(path, { throwIfNoEntry: false }) : undefined;
  if (entry?.isSymbolicLink()) throw new ConfigError(`${source}: ${path} is a symbolic link; the run never writes through one, give the file itself`);
}

/**
 * A file or directory the checkout's .env or config file names is one inside the working directory, its links
 * followed: a checkout names no file of yours to read as a key or to overwrite with a report.
 */
function insideProject(source: string, value: string, cwd: string): void {
  const path = resolve(cwd, value);
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const parent = real(dirname(path));
  const reached = real(path) ?? (parent === undefined ? path : join(parent, basename(path)));
  const inside = relative(real(cwd) ?? cwd, reached);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw new ConfigError(
      `${source} names ${path}, outside the working directory: a checkout's .env or config file names files inside it only; give this one by flag or variable`,
    );
}

/** Whether a path was named by a file of the checkout (or a download): those are held inside the working directory. */
const namedByCheckout = (owner: Owner | undefined) => owner !== undefined && OWNER_RANK[owner] <= OWNER_RANK.checkout;

/**
 * A report path is checked before any request: a run that writes to a deployment and only then finds it
 * cannot write its report has done the writes for nothing.
 */
export function writablePath(source: string, value: string, cwd: string): string {
  const path = resolve(cwd, value);
  const dir = dirname(path);
  // `reportJunit: reports/staging.xml` on a fresh checkout: the directory is the run's to create, private, one level deep
  if (!existsSync(dir) && existsSync(dirname(dir))) {
    try {
      makePrivateDirectory(dir);
    } catch (error) {
      throw new ConfigError(`${source}: cannot create the directory ${dir}: ${(error as Error).message}`);
    }
  }
  if (!existsSync(dir)) throw new ConfigError(`${source}: the directory ${dir} does not exist`);
  if (!statSync(dir).isDirectory()) throw new ConfigError(`${source}: ${dir} is not a directory`);
  notALink(source, path);
  if (existsSync(path) && statSync(path).isDirectory()) throw new ConfigError(`${source}: ${path} is a directory; give a file name`);
  try {
    accessSync(existsSync(path) ? path : dir, constants.W_OK);
  } catch {
    throw new ConfigError(`${source}: ${existsSync(path) ? path : `the directory ${dir}`} is not writable`);
  }
  return value;
}

/** --proxy (an http or https URL; its credentials are redacted like the key) and --ca-file (PEM certificates), each [where given, value]. */
function networkSettings(proxy: [string, string] | undefined, caFile: [string, string] | undefined, cwd: string): Network {
  const network: Network = {};
  if (proxy !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(proxy[1]);
    } catch {
      // the value may carry a password: not quoted
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new ConfigError(`${proxy[0]} must be an http or https URL, such as http://proxy.example:3128`);
    network.proxy = proxy[1];
  }
  if (caFile !== undefined) {
    const [source, value] = caFile;
    const file = resolve(cwd, value);
    if (!existsSync(file) || !statSync(file).isFile()) throw new ConfigError(`${source}: ${file} is not a file`);
    if (!readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----'))
      throw new ConfigError(`${source}: ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    network.caFile = file;
  }
  return network;
}

/**
 * The embedded reference reads its faults, freedoms and variations from the environment when it starts; a wrong
 * name is the user's to fix, so it is found here, before anything starts.
 */
function checkReferenceSettings(env: NodeJS.ProcessEnv): void {
  const unknown = unknownFaults(faultList(env[FAULTS_VARIABLE]));
  if (unknown.length > 0)
    throw new ConfigError(
      `${FAULTS_VARIABLE} names ${unknown.length > 1 ? 'unknown faults' : 'an unknown fault'}: ${unknown.join(', ')} (${LIST_FAULTS} lists them)`,
    );
  const free = unknownFreedoms(freedomList(env[FREEDOMS_VARIABLE]));
  if (free.length > 0)
    throw new ConfigError(
      `${FREEDOMS_VARIABLE} names ${free.length > 1 ? 'unknown freedoms' : 'an unknown freedom'}: ${free.join(', ')} (${LIST_FREEDOMS} lists them)`,
    );
  try {
    variationsOn(undefined, env.MOCKAPI_REFERENCE_VARIATIONS);
  } catch (error) {
    if (error instanceof VariationsValueError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * Which config file a run reads: one named (--config, MOCKAPI_CONFIG) or found by its name in the working
 * directory; one named only (a run called as a library takes only what it is given); or none, named or not, and
 * no environment of one (conformanceProject: docs/library.md).
 */
type ConfigFileChoice = 'named or found' | 'named' | 'none';

/**
 * Reads flags, environment, the config file's environment and .env (in that order of precedence) into a
 * validated RunConfig, with a warning for each MOCKAPI_* variable or .env key that is not ours (also on a
 * ConfigError, whose cause it may be). dotenv false: no .env is read, and a config file only where named.
 */
export function parseCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  { dotenv = true, configFile = dotenv ? 'named or found' : 'named' }: { dotenv?: boolean; configFile?: ConfigFileChoice } = {},
): ParsedCommand {
  const fromFile = dotenv ? readDotenv(cwd) : NO_DOTENV;
  const warnings = unknownSettings(env, fromFile.values);
  try {
    return { ...parseSettings(argv, env, fromFile, cwd, configFile, warnings), warnings };
  } catch (error) {
    if (error instanceof ConfigError) error.warnings = warnings;
    throw error;
  }
}

/** A value as given: where, the value as text, whose choice it is (src/run/owners.ts) and in which place. */
type Found = Owned & { value: string; place: Place; keys?: readonly string[] };
/** The places a setting is given in, as the lines that name whose choice it was say them. */
type Place = 'your flags and environment' | 'the config file' | '.env';

/** A key as given: where, the key itself, and whose it is. */
type KeyGiven = OwnedKey & { key: string };

/** A config file's chosen environment, and whose the file is. */
type OwnedFileSettings = FileSettings & {
  owner: Pick<Owned, 'owner' | 'why'>;
  /** the values the trusted revision holds as they are (teamValues), and the key variables it names the same */
  team?: { why: string; options: ReadonlySet<string>; keys: readonly string[] };
};

/** Where each setting is given: flags, then variables, then the config file's environment, then .env. */
class Given {
  constructor(
    private readonly flags: Record<string, string | boolean | undefined>,
    private readonly env: NodeJS.ProcessEnv,
    private readonly file: OwnedFileSettings | undefined,
    private readonly dotenv: DotenvFile,
  ) {}

  /** Whether a variable is set: not empty (value). */
  static isSet(value: string | undefined): boolean {
    return Given.value(value) !== undefined;
  }

  /** An empty variable counts as unset, as in .env.example where optional keys are left empty. */
  private static value(value: string | undefined): string | undefined {
    return value === undefined || value.trim() === '' ? undefined : value;
  }

  /** Every place a row of the table, or a fixture (its variable, its file property), is given, in order of precedence. */
  all(s: { flag?: string; variable?: string; option: string }): Found[] {
    const found: Found[] = [];
    const yours = { owner: 'yours', place: 'your flags and environment' } as const;
    const flag = s.flag === undefined ? undefined : this.flags[s.flag];
    if (flag !== undefined) found.push({ source: `--${s.flag}`, value: flag === true ? 'true' : String(flag), ...yours });
    const variable = s.variable === undefined ? undefined : Given.value(this.env[s.variable]);
    if (variable !== undefined) found.push({ source: s.variable!, value: variable, ...yours });
    const inFile = this.file?.values.get(s.option);
    if (inFile !== undefined) found.push({ source: inFile.source, value: inFile.value, ...this.fileOwner(s.option), place: 'the config file' });
    const dotenv = s.variable === undefined ? undefined : Given.value(this.dotenv.values[s.variable]);
    if (dotenv !== undefined) found.push({ source: `${s.variable!} in .env`, value: dotenv, ...this.dotenv.owner, place: '.env' });
    return found;
  }

  /** Whose a value of the config file is: the team's where the trusted revision holds it as it is, else the file's owner's. */
  private fileOwner(option: string): Pick<Found, 'owner' | 'why' | 'keys'> {
    const team = this.file!.team;
    return team?.options.has(option) ? { owner: 'team', why: team.why, keys: team.keys } : this.file!.owner;
  }

  /** [where it was given, the value as text] of the place that takes precedence. */
  of(s: { flag?: string; variable?: string; option: string }): [string, string] | undefined {
    const first = this.all(s)[0];
    return first && [first.source, first.value];
  }

  /** Where the value of() finds was given, and whose it is; undefined where none is given. */
  placeOf(s: { flag?: string; variable?: string; option: string }): Found | undefined {
    return this.all(s)[0];
  }

  /** Whose choice the value of() finds is; undefined where none is given. */
  sideOf(s: { flag?: string; variable?: string; option: string }): Owner | undefined {
    return this.all(s)[0]?.owner;
  }

  /** The variable the config file's chosen environment names for a key, if it names one. */
  keyVariable(option: 'token' | 'forbiddenToken'): string | undefined {
    return this.file?.keyVariables[option];
  }

  /**
   * A key: its flag, its file's flag, its variable, its file's variable, the variable the config file names, then
   * .env; with whose it is: a key is its holder's (the variable a config file names is yours when your environment
   * holds it). A key file .env names is read only inside the working directory.
   */
  key(option: 'token' | 'forbiddenToken', cwd: string): KeyGiven | undefined {
    const row = setting(option);
    const fileRow = option === 'token' ? setting('tokenFile') : undefined;
    const flag = this.flags[row.flag!];
    const fileFlag = fileRow ? this.flags[fileRow.flag!] : undefined;
    if (typeof flag === 'string' && typeof fileFlag === 'string') throw new ConfigError('give the key by --token or by --token-file, not both');
    if (typeof flag === 'string') return { source: `--${row.flag}`, key: flag, owner: 'yours' };
    if (typeof fileFlag === 'string') return { source: `--${fileRow!.flag}`, key: readKeyFile(`--${fileRow!.flag}`, fileFlag, cwd), owner: 'yours' };
    const fromVariables = (values: Record<string, string | undefined>, owner: Pick<Owned, 'owner' | 'why'>, where: string): KeyGiven | undefined => {
      const key = Given.value(values[row.variable!]);
      if (key !== undefined) return { source: `${row.variable!}${where}`, key, variable: row.variable, ...owner };
      const file = fileRow && Given.value(values[fileRow.variable!]);
      if (file === undefined) return undefined;
      if (namedByCheckout(owner.owner)) insideProject(`${fileRow!.variable!}${where}`, file, cwd);
      return { source: `${fileRow!.variable!}${where}`, key: readKeyFile(`${fileRow!.variable!}${where}`, file, cwd), ...owner };
    };
    const named = this.keyVariable(option);
    const fromEnv = named === undefined ? undefined : Given.value(this.env[named]);
    const fromDotenv = named === undefined ? undefined : Given.value(this.dotenv.values[named]);
    const fromNamed: KeyGiven | undefined =
      fromEnv !== undefined
        ? { source: named!, key: fromEnv, variable: named, owner: 'yours' }
        : fromDotenv !== undefined
          ? { source: `${named!} in .env`, key: fromDotenv, variable: named, ...this.dotenv.owner }
          : undefined;
    return fromVariables(this.env, { owner: 'yours' }, '') ?? fromNamed ?? fromVariables(this.dotenv.values, this.dotenv.owner, ' in .env');
  }
}

/** Where the key was to come from: the variable the config file's environment names, else the flag or MOCKAPI_TOKEN. */
function missingKeyAdvice(given: Given): string {
  const named = given.keyVariable('token');
  return named ? `the config file's tokenVariable names ${named}, which is not set` : 'give --token or MOCKAPI_TOKEN';
}

/** The row of an option. */
function setting<O extends SettingRow['option']>(option: O): Extract<SettingRow, { option: O }> {
  return (SETTINGS as readonly SettingRow[]).find((s) => s.option === option) as Extract<SettingRow, { option: O }>;
}

/** A value read as its row's kind says; keys, proxies and files with their own reading are read by hand below. */
function settingValue(s: Setting, source: string, value: string, cwd: string): string | number | boolean | RegExp {
  switch (s.kind) {
    case 'url':
      return parseBaseUrl(source, value);
    case 'key':
      return parseToken(source, value);
    case 'boolean':
      return parseBoolean(source, value);
    case 'whole':
    case 'choice': {
      const wrong = outOfBounds(s, value);
      if (wrong) throw new ConfigError(`${source} ${wrong}`);
      return s.kind === 'whole' ? Number(value.trim()) : value;
    }
    case 'pattern':
      try {
        return new RegExp(value, 'i');
      } catch (error) {
        throw new ConfigError(`${source} is not a regular expression: ${(error as Error).message}`);
      }
    case 'output':
      return writablePath(source, value, cwd);
    case 'directory':
      return resolve(cwd, value.trim());
    case 'text':
      return value.trim();
    case 'input':
    case 'proxy':
      return value;
  }
}

/** The kinds of setting that name a file or a directory. */
const FILE_KINDS: readonly Setting['kind'][] = ['output', 'input', 'directory'];

/** A setting as given, read; a file or directory the checkout names is held inside the working directory first. */
function readSetting(given: Given, s: Setting, [source, value]: [string, string], cwd: string): ReturnType<typeof settingValue> {
  if (FILE_KINDS.includes(s.kind) && namedByCheckout(given.sideOf(s))) {
    insideProject(source, value, cwd);
    if (s.kind === 'directory') nothingLeadsOut(source, resolve(cwd, value.trim()));
  }
  return settingValue(s, source, value, cwd);
}

/**
 * A directory the checkout names that the run writes into through a library (vitest's cache: its results at
 * vitest/<hash>/results.json) holds nothing that leads out, at any depth: no link, nothing but directories and
 * files, no file linked twice. The library writes where a link points, so one planted would choose the file.
 */
function nothingLeadsOut(source: string, directory: string): void {
  const found = unsafeEntryBelow(directory);
  if (found !== undefined)
    throw new ConfigError(
      `${source} names ${directory}, which holds ${found}: a directory the checkout names is written into only when nothing in it leads out; remove it, or give the directory by flag or variable`,
    );
}

/** What an unset row is: its number, its choice's default, false for a flag alone; else undefined. */
function unsetValue(s: Setting): number | string | boolean | undefined {
  if (typeof s.default === 'number' || (s.kind === 'choice' && s.default !== undefined)) return s.default;
  return s.kind === 'boolean' ? false : undefined;
}

/**
 * Every setting of a run's table, as given and read, by option (the keys are read by Given.key): the fields of
 * RunConfig the table makes, before the rows read into another field are taken out.
 */
function readSettings(given: Given, cwd: string): Record<string, ReturnType<typeof settingValue> | undefined> {
  const values: Record<string, ReturnType<typeof settingValue> | undefined> = {};
  for (const s of SETTINGS as readonly Setting[]) {
    if (s.kind === 'key' || s.option === 'tokenFile' || !s.commands.includes('run')) continue;
    const found = given.of(s);
    // `--base-url ''` is no base URL, as an empty variable is
    values[s.option] = found && !(s.kind === 'url' && found[1] === '') ? readSetting(given, s, found, cwd) : unsetValue(s);
  }
  return values;
}

/** The fields of RunConfig that are the table's own: every run's row but the keys and those READ_INTO_OTHERS. */
function tableSettings(values: Record<string, ReturnType<typeof settingValue> | undefined>): Omit<RunConfig, 'github' | 'fixtures' | 'network'> {
  const own = Object.entries(values).filter(([option]) => !(READ_INTO_OTHERS as readonly string[]).includes(option));
  return { ...Object.fromEntries(own), token: undefined, forbiddenToken: undefined, baseline: undefined } as Omit<RunConfig, 'github' | 'fixtures' | 'network'>;
}

/**
 * A config file read: its chosen environment, if a file is there (or named) and an environment chosen; where no
 * environment is chosen, the line that says the file sets nothing (a warning, or the cause of an error where the
 * run would verify the embedded reference: embeddedGiven).
 */
interface ConfigFileRead {
  settings?: OwnedFileSettings;
  unused?: string;
}

/** The config file's chosen environment, if a file is there (or named) and an environment chosen. */
function configFileSettings(
  flags: Record<string, string | boolean | undefined>,
  env: NodeJS.ProcessEnv,
  dotenv: DotenvFile,
  cwd: string,
  choice: ConfigFileChoice,
  warnings: string[],
): ConfigFileRead {
  if (choice === 'none') return {};
  const early = new Given(flags, env, undefined, dotenv);
  const named = early.of(setting('config'));
  if (named && namedByCheckout(early.sideOf(setting('config')))) insideProject(...named, cwd);
  const file = named ? findConfigFile(named[1], cwd) : choice === 'named or found' ? findConfigFile(undefined, cwd) : undefined;
  const environment = early.of(setting('env'))?.[1].trim();
  if (file === undefined) {
    if (environment !== undefined)
      throw new ConfigError(`--env ${environment} needs a config file: --config FILE, or ${'mockapi-conformance.config.json'} here`);
    return {};
  }
  try {
    const read = readConfigFile(file, environment);
    warnings.push(...read.warnings);
    if (read.settings === undefined) return { unused: read.unused };
    // a git-ignored file you name is yours, in a folder git ignores too: you chose it
    const owner = fileOwner(file, { named: early.sideOf(setting('config')) === 'yours' });
    return { settings: { ...read.settings, owner, team: owner.owner === 'checkout' ? teamValues(read.settings, env) : undefined } };
  } catch (error) {
    if (error instanceof ConfigFileError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The values of a tracked config file's environment that the trusted revision (src/run/trusted-revision.ts) holds as
 * they are, and the key variables it names the same: the team's, which a pull request did not write. Undefined
 * where there is no such revision, or it holds no such file or environment.
 */
function teamValues(settings: FileSettings, env: NodeJS.ProcessEnv): OwnedFileSettings['team'] {
  const revision = trustedRevision(env, dirname(settings.file));
  const text = revision && committedText(settings.file, revision);
  if (text === undefined) return undefined;
  let committed: FileSettings | undefined;
  try {
    committed = readConfigFile(settings.file, settings.environment, text).settings;
  } catch {
    // the revision's file is not one this version reads, or has no such environment: nothing of it is the team's
    return undefined;
  }
  if (committed === undefined) return undefined;
  const options = new Set([...settings.values].filter(([option, { value }]) => committed.values.get(option)?.value === value).map(([option]) => option));
  const keys = (['token', 'forbiddenToken'] as const).flatMap((k) => {
    const variable = settings.keyVariables[k];
    return variable !== undefined && committed.keyVariables[k] === variable ? [variable] : [];
  });
  return { why: `as committed at ${revision!.label}`, options, keys };
}

/** The flags of a run; one not ours is a ConfigError that says what parseArgs found (flagError). */
function parseFlags(argv: string[]): Record<string, string | boolean | undefined> {
  try {
    return parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new ConfigError(flagError(error as Error, '--help'));
  }
}

/**
 * What parseArgs found wrong with the flags, in one line: a flag not ours with the closest of ours (within two
 * edits, or a third of its length), the parser's other messages with their line ends made spaces; then where
 * the usage is (`help`).
 */
export function flagError(error: Error, help: string, options: Record<string, unknown> = FLAGS): string {
  const unknown = /^Unknown option '(-{1,2})([^']*)'/.exec(error.message);
  if (unknown) {
    const closest = closestName([unknown[2]!], Object.keys(options));
    return `Unknown option '${unknown[1]}${unknown[2]}'${closest ? `; did you mean --${closest}?` : ''} (see ${help})`;
  }
  // parseArgs writes some messages on several lines ("… is ambiguous.\nDid you forget …"): one line, in its words
  const said = error.message.replace(/\s*\n\s*/g, ' ').replace(/\.$/, '');
  return `${/^Unexpected argument/.test(said) ? said.split('. ')[0] : said} (see ${help})`;
}

/**
 * The warning for a key given on the command line (--token, --forbidden-token): other users of the machine read
 * a process's arguments, and the shell keeps them in its history. The key is taken all the same (CI passes it so);
 * undefined when none is given there. The library passes its options as flags of its own, and is not warned.
 */
export function keyFlagWarning(argv: readonly string[]): string | undefined {
  const flag = argv.find((a) => /^--(?:forbidden-)?token(?:=|$)/.test(a));
  if (flag === undefined) return undefined;
  const name = flag.replace(/=.*$/, '');
  const variable = name === '--token' ? 'MOCKAPI_TOKEN' : 'MOCKAPI_FORBIDDEN_TOKEN';
  return `${name} puts the key on the command line, where other users of this machine and the shell's history can read it: give it in ${variable}, .env${name === '--token' ? ' or --token-file' : ''} instead`;
}

/** The keys, and the rules between them and the base URL: who may send which key where. */
function readKeys(
  given: Given,
  table: Pick<RunConfig, 'baseUrl' | 'profile'>,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Pick<RunConfig, 'token' | 'forbiddenToken' | 'keyVariables'> {
  const tokenSetting = given.key('token', cwd);
  const token = tokenSetting ? parseToken(tokenSetting.source, tokenSetting.key) : undefined;
  const forbiddenSetting = given.key('forbiddenToken', cwd);
  const forbiddenToken = forbiddenSetting ? parseToken(forbiddenSetting.source, forbiddenSetting.key) : undefined;
  // a spec-driven mock only looks for an Authorization header, so it needs no real key
  if (table.baseUrl && !token && table.profile === 'live') {
    throw new ConfigError(`a base URL is set but no key: ${missingKeyAdvice(given)}`);
  }
  if (!table.baseUrl && (token || forbiddenToken)) {
    // Without this, a misspelt base-URL variable would silently verify the embedded reference instead.
    throw new ConfigError(
      `${(tokenSetting ?? forbiddenSetting)!.source} is set but no base URL: give --base-url or MOCKAPI_BASE_URL, or unset the key to verify the embedded reference deployment`,
    );
  }
  checkoutBounds(given, [tokenSetting, forbiddenSetting], env);
  if (forbiddenToken && forbiddenToken === token) {
    throw new ConfigError('the forbidden key is the same as the key: the 403 checks need a key without permission');
  }
  const keyVariables = { ...variableOf('MOCKAPI_TOKEN', tokenSetting), ...variableOf('MOCKAPI_FORBIDDEN_TOKEN', forbiddenSetting) };
  return { token, forbiddenToken, ...(Object.keys(keyVariables).length > 0 ? { keyVariables } : {}) };
}

/**
 * The variable a key is in, by its placeholder's name, where that is another variable (a named environment's,
 * MOCKAPI_TOKEN_STAGING, in the environment or .env); nothing for the placeholder's own, a flag or a key file.
 */
function variableOf(placeholder: string, key: KeyGiven | undefined): Record<string, string> {
  const variable = key?.source.replace(/ in \.env$/, '');
  return variable !== undefined && /^[A-Z_][A-Z0-9_]*$/.test(variable) && variable !== placeholder && !variable.endsWith('_FILE')
    ? { [placeholder]: variable }
    : {};
}

/** The baseline as read, GitHub Actions, the embedded reference's own variables, push consent and the state file. */
function runSettings(
  given: Given,
  table: Pick<RunConfig, 'baseUrl' | 'profile' | 'pushPolicy' | 'stateFile'>,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Pick<RunConfig, 'baseline' | 'github' | 'stateFile'> {
  const baselineSetting = given.of(setting('baseline'));
  const baseline = baselineSetting ? readBaselineSetting(...baselineSetting, cwd) : undefined;
  // the runner sets GITHUB_ACTIONS=true and names the step's summary file
  const stepSummary = env.GITHUB_STEP_SUMMARY ? writablePath('GITHUB_STEP_SUMMARY', env.GITHUB_STEP_SUMMARY, cwd) : undefined;
  const github = env.GITHUB_ACTIONS === 'true' ? { stepSummary } : undefined;
  if (!table.baseUrl && table.profile === 'live') checkReferenceSettings(env);
  if (table.pushPolicy !== undefined && !table.baseUrl) {
    throw new ConfigError(
      `${given.of(setting('pushPolicy'))![0]} is set but no base URL: the embedded reference and the local mock supply a value of their own; give --base-url or MOCKAPI_BASE_URL`,
    );
  }
  const stateFile = resolve(cwd, table.stateFile ?? STATE_FILE);
  const stateSource = given.of(setting('stateFile'))?.[0] ?? 'the state file';
  notALink(stateSource, stateFile);
  try {
    // read now, once, as the run will: a file that is no state file a run wrote stops it before anything is sent
    if (existsSync(stateFile)) readDeletions(stateFile);
  } catch (error) {
    if (error instanceof FileReadError) throw new ConfigError(`${stateSource}: ${error.message}`);
    throw error;
  }
  return { baseline, github, stateFile };
}

/**
 * A run that would verify the embedded reference deployment although it was given what names another target: a
 * named environment's key (MOCKAPI_TOKEN_<NAME> in the environment or .env), or a config file (with no environment
 * chosen, or one with no base URL). One line, exit 2: a green run of the reference reads like a green run of yours.
 * Elsewhere the config file that sets nothing is a warning.
 */
function embeddedGiven(
  table: Pick<RunConfig, 'baseUrl' | 'profile'>,
  file: ConfigFileRead,
  env: NodeJS.ProcessEnv,
  dotenv: DotenvFile,
  warnings: string[],
): void {
  const embedded = !table.baseUrl && table.profile === 'live';
  if (!embedded) {
    if (file.unused !== undefined) warnings.push(file.unused);
    return;
  }
  const reference = 'with no base URL the run would verify the embedded reference deployment';
  const keyOf = (values: Record<string, string | undefined>) => Object.keys(values).find((name) => KEY_VARIABLE.test(name) && Given.isSet(values[name]));
  const key = keyOf(env) ?? keyOf(dotenv.values);
  if (key !== undefined)
    throw new ConfigError(
      `${key}${keyOf(env) === undefined ? ' in .env' : ''} is the key of a named environment, and ${reference}; choose the environment (--env NAME or MOCKAPI_ENV) or give --base-url, or unset it to verify the reference`,
    );
  if (file.unused !== undefined) throw new ConfigError(`${file.unused}: ${reference}; choose one, or give --base-url`);
  if (file.settings !== undefined)
    throw new ConfigError(
      `${file.settings.file}: environments.${file.settings.environment} has no baseUrl, and none is given: ${reference}; give its baseUrl, or --base-url`,
    );
}

/** The fixtures, by their variables (or the config file's fixtures); each names a resource of a given deployment. */
function readFixtures(given: Given, baseUrl: string | undefined): Fixtures {
  const fixtures: Fixtures = {};
  for (const [name, variable] of Object.entries(FIXTURE_VARIABLES) as [FixtureName, string][]) {
    const found = given.placeOf({ variable, option: `fixtures.${name}` });
    const value = found?.value.trim();
    // an empty variable is unset (.env.example leaves them so); an empty id a config file writes is an id
    if (found === undefined || (value === '' && found.place !== 'the config file')) continue;
    if (!baseUrl) {
      throw new ConfigError(`${found.source} is set but no base URL: fixtures name resources of a deployment; give --base-url or MOCKAPI_BASE_URL`);
    }
    if (!isOwnSegment(value!))
      throw new ConfigError(
        `${found.source} is ${quotedLine(found.value, 80)}, which is not one path segment of its own (empty, . or .., or changed by a URL's normalisation): the checks would act on another path; give the resource's id`,
      );
    fixtures[name] = value!;
  }
  checkFixtures(fixtures);
  return fixtures;
}

/** --proxy and --ca-file, for a deployment given by URL only. */
function readNetwork(given: Given, baseUrl: string | undefined, cwd: string): Network {
  const network = networkSettings(given.of(setting('proxy')), given.of(setting('caFile')), cwd);
  if (!baseUrl && (network.proxy || network.caFile)) {
    throw new ConfigError(
      `${given.of(setting(network.proxy ? 'proxy' : 'caFile'))![0]} is set but no base URL: the embedded reference and the local mock run on this machine, reached directly; give --base-url or MOCKAPI_BASE_URL`,
    );
  }
  return network;
}

/** The config file's environment chosen, when one is (a config file is there: configFileSettings found it). */
function environmentUsed(given: Given): Pick<RunConfig, 'environment'> {
  const name = given.of(setting('env'))?.[1].trim();
  return name ? { environment: name } : {};
}

/** The steps of a run's configuration, in the order their errors are found: the table, the keys, the run, fixtures, network. */
function parseSettings(
  argv: string[],
  env: NodeJS.ProcessEnv,
  fromFile: DotenvFile,
  cwd: string,
  configFile: ConfigFileChoice,
  warnings: string[],
): Omit<ParsedCommand, 'warnings'> {
  const flags = parseFlags(argv);
  const file = configFileSettings(flags, env, fromFile, cwd, configFile, warnings);
  const given = new Given(flags, env, file.settings, fromFile);
  const table = tableSettings(readSettings(given, cwd));
  const keys = readKeys(given, table, cwd, env);
  // --list, --help and --version verify nothing
  if (!flags.list && !flags.help && !flags.version) embeddedGiven(table, file, env, fromFile, warnings);
  else if (file.unused !== undefined) warnings.push(file.unused);
  const run = runSettings(given, table, env, cwd);
  const fixtures = readFixtures(given, table.baseUrl);
  const network = readNetwork(given, table.baseUrl, cwd);
  return {
    help: flags.help === true,
    version: flags.version === true,
    list: flags.list === true,
    config: { ...table, ...keys, ...run, fixtures, network, ...environmentUsed(given) },
  };
}

/** A value read, or undefined where reading it is a ConfigError: one setting of the lenient read (reportSettings). */
function unlessInvalid<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

/** What the reports of a run that judged nothing are made from: where they go, and the run as it was given. */
export type UnjudgedSettings = ReportFiles &
  Pick<RunConfig, 'baseUrl' | 'profile' | 'strict'> &
  Partial<Pick<RunConfig, 'token' | 'forbiddenToken'>> & {
    /** the embedded reference was to be verified; left out: so when no base URL is given and the profile is live */
    embedded?: boolean;
  };

/**
 * What a run whose configuration is refused writes its reports from (src/run/unjudged-run.ts): where each report
 * goes and the target as given, read again after the ConfigError, each setting on its own. A setting that is
 * itself invalid is left out (a bad report path is the error's one line alone), so that another setting's
 * error does not cost the reports asked for.
 */
export function reportSettings(argv: string[], env: NodeJS.ProcessEnv, cwd: string, { dotenv = true }: { dotenv?: boolean } = {}): UnjudgedSettings {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: false, allowPositionals: true });
  // a flag that is not ours, or one given without its value, sets nothing
  const flags = Object.fromEntries(Object.entries(values).filter(([name, value]) => FLAGS[name]?.type === typeof value));
  const fromFile = (dotenv ? unlessInvalid(() => readDotenv(cwd)) : undefined) ?? NO_DOTENV;
  const file = unlessInvalid(() => configFileSettings(flags, env, fromFile, cwd, dotenv ? 'named or found' : 'named', []))?.settings;
  const given = new Given(flags, env, file, fromFile);
  const read = <T>(option: SettingRow['option']): T | undefined => {
    const s = setting(option);
    const found = given.of(s);
    return found ? (unlessInvalid(() => readSetting(given, s, found, cwd)) as T | undefined) : undefined;
  };
  const profile = read<RunConfig['profile']>('profile') ?? 'live';
  const stepSummary = env.GITHUB_STEP_SUMMARY;
  return {
    baseUrl: read('baseUrl'),
    profile,
    strict: read<boolean>('strict') ?? false,
    // a base URL given but not valid is no embedded reference
    embedded: !given.of(setting('baseUrl'))?.[1] && profile === 'live',
    reportJson: read('reportJson'),
    reportJunit: read('reportJunit'),
    reportMarkdown: read('reportMarkdown'),
    reportHtml: read('reportHtml'),
    github:
      env.GITHUB_ACTIONS === 'true'
        ? { stepSummary: stepSummary ? unlessInvalid(() => writablePath('GITHUB_STEP_SUMMARY', stepSummary, cwd)) : undefined }
        : undefined,
  };
}

/** The consents a run acts on with its key: to push, to delete a data source, to remove a team member. */
const CONSENTS = [
  setting('pushPolicy'),
  { variable: FIXTURE_VARIABLES.deletableDataSourceId, option: 'fixtures.deletableDataSourceId' },
  { variable: FIXTURE_VARIABLES.teamMemberId, option: 'fixtures.teamMemberId' },
];

/**
 * Where a key may go, and consent to act on a deployment, decided together (docs/untrusted.md). A key goes only to a
 * base URL that its owner, or a higher one, gives, or that the team's environment binds to its variable
 * (keyDestination: the one rule); a consent counts only from whoever chose the base URL or someone trusted more, and
 * the team's for the deployment the team's environment names. Every refusal is said at once, in one line.
 */
function checkoutBounds(given: Given, keys: readonly (KeyGiven | undefined)[], env: NodeJS.ProcessEnv): void {
  const urls = given.all(setting('baseUrl')).flatMap((found) => {
    const url = found.value.trim() === '' ? undefined : unlessInvalid(() => parseBaseUrl(found.source, found.value));
    return url === undefined ? [] : [{ ...found, url }];
  });
  const refusals: string[] = [];
  for (const key of keys) {
    const refused = refusedDestination(urls, key, env, given.of(setting('acceptHost')) !== undefined);
    if (refused !== undefined) refusals.push(refused);
  }
  const base = given.placeOf(setting('baseUrl'));
  // the team's consent goes with the team's deployment: where the team's environment names the base URL used
  const teamChose = urls.some((u) => u.owner === 'team' && u.url === urls[0]?.url);
  for (const consent of base?.value ? CONSENTS : []) {
    const from = given.placeOf(consent);
    if (from !== undefined && OWNER_RANK[from.owner] < OWNER_RANK[base!.owner] && !(from.owner === 'team' && teamChose))
      refusals.push(
        `${from.source} is consent from ${from.place} to act on a deployment ${base!.place} chose (${base!.source}): consent is given by whoever chose the deployment; give it by flag or variable`,
      );
  }
  // every refusal of the run at once: one try finds them all
  if (refusals.length === 1) throw new ConfigError(refusals[0]);
  if (refusals.length > 1) throw new ConfigError(`${refusals.length} refusals: ${refusals.map((r, i) => `(${i + 1}) ${r}`).join('; ')}`);
}

/**
 * Why a key may not go to the base URL used, or undefined where it may: keyDestination, with the hosts you accepted
 * for the key's variable (src/run/host-bindings.ts). With --accept-host, a base URL the config file names is accepted
 * for the key's variable, remembered, and used.
 */
function refusedDestination(
  urls: readonly (Found & { url: string })[],
  key: KeyGiven | undefined,
  env: NodeJS.ProcessEnv,
  accept: boolean,
): string | undefined {
  const used = urls[0];
  const file = bindingsFile(env);
  const variable = key?.variable;
  const accepted = used !== undefined && variable !== undefined && file !== undefined && readBindings(file)[variable]?.includes(used.url);
  const bound = accepted ? [{ source: file, owner: 'yours' as const, url: used.url, keys: [variable] }] : [];
  try {
    keyDestination([...urls, ...bound], key);
    return undefined;
  } catch (error) {
    if (!(error instanceof DestinationError)) throw error;
    const acceptable = variable !== undefined && used?.place === 'the config file';
    if (!acceptable) return error.message;
    if (file === undefined) return `${error.message}; no state folder ($XDG_STATE_HOME or ~/.local/state) can remember an accepted host`;
    if (!accept) return `${error.message}, or --accept-host to send the key of ${variable} there from now on (${file})`;
    rememberBinding(file, variable, used.url);
    return undefined;
  }
}

/** The rules between fixtures, which no row of the table can say. */
function checkFixtures(fixtures: Fixtures): void {
  if (fixtures.mockApiId !== undefined && !mockApiIdFits(fixtures.mockApiId)) {
    throw new ConfigError(`MOCKAPI_MOCK_API_ID must have 5 to 10 characters (Limits), not ${[...fixtures.mockApiId].length}`);
  }
  if (fixtures.teamMemberId !== undefined && fixtures.teamId === undefined) {
    throw new ConfigError('MOCKAPI_TEAM_MEMBER_ID is set without MOCKAPI_TEAM_ID: name the team the member is removed from');
  }
  if (fixtures.requestId !== undefined && fixtures.mockApiId === undefined) {
    throw new ConfigError('MOCKAPI_REQUEST_ID is set without MOCKAPI_MOCK_API_ID: a logged request belongs to a mock API');
  }
  if (fixtures.deletableDataSourceId !== undefined && fixtures.deletableDataSourceId === fixtures.dataSourceId) {
    throw new ConfigError(
      'MOCKAPI_DELETABLE_DATA_SOURCE_ID is the same as MOCKAPI_DATA_SOURCE_ID: the delete checks would remove the data source the update checks use',
    );
  }
}
