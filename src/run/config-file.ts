// The config file: named environments (staging, production, ...) side by side, each holding settings of the table
// (src/run/settings.ts) by their option names, fixtures under `fixtures`, and keys only by the name of the variable
// that holds them (`tokenVariable`), never the key itself. Read by src/run/config.ts after flags and variables, before
// .env. Its JSON Schema (schemas/config.json) is made from the same table by configSchema(), so neither has a list
// of its own; test/run/settings.test.ts holds the shipped file to it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { FIXTURE_NAMES } from '../../contract/fixtures.ts';
import { closestName } from './closest-name.ts';
import { FileReadError, readRegularFile } from './file-read.ts';
import { outOfBounds, SETTINGS, type Setting } from './settings.ts';

/** The names looked for in the working directory when no --config is given, in this order. */
const CONFIG_FILES = ['mockapi-conformance.config.json', 'mockapi-conformance.config.yaml', 'mockapi-conformance.config.yml'];

/** The key settings, and the property an environment names their variable by. */
const KEY_VARIABLES = { token: 'tokenVariable', forbiddenToken: 'forbiddenTokenVariable' } as const;

export class ConfigFileError extends Error {}

/** What an environment of the file sets: values as text (read as a variable's would be), each with where it is. */
export interface FileSettings {
  file: string;
  environment: string;
  values: Map<string, { source: string; value: string }>;
  /** the variables that hold the keys, by key option (token, forbiddenToken) */
  keyVariables: Partial<Record<keyof typeof KEY_VARIABLES, string>>;
}

const IN_FILE = new Map((SETTINGS as readonly Setting[]).filter((s) => s.inFile).map((s) => [s.option, s]));
/**
 * The variables a config file may name for a key: this tool's own, one per environment (MOCKAPI_TOKEN_STAGING,
 * MOCKAPI_FORBIDDEN_TOKEN_PROD). A file is the checkout's: naming any variable, it could send any secret of the
 * environment (a cloud key, a CI token) to a base URL of its choosing.
 */
export const KEY_VARIABLE = /^MOCKAPI_(?:FORBIDDEN_)?TOKEN_(?!FILE$)[A-Za-z0-9_]+$/;
const SETTING_ROWS = new Map((SETTINGS as readonly Setting[]).map((s) => [s.option, s]));

/** The config file named (--config), else the first of CONFIG_FILES in cwd; undefined: none. */
export function findConfigFile(named: string | undefined, cwd: string): string | undefined {
  if (named !== undefined) return resolve(cwd, named);
  return CONFIG_FILES.map((name) => resolve(cwd, name)).find((file) => existsSync(file));
}

/** The file's data (of `committed`, its text at a revision, where given), and the warnings of its parser, one line each (a file that is not what it says is a ConfigFileError). */
function parseFile(file: string, committed?: string): { data: unknown; warnings: string[] } {
  if (committed === undefined && !existsSync(file)) throw new ConfigFileError(`${file} is not a file`);
  let text: string;
  try {
    text = committed ?? readRegularFile(file, 1024 * 1024).toString('utf8');
  } catch (error) {
    if (error instanceof FileReadError) throw new ConfigFileError(error.message);
    throw error;
  }
  const yaml = /\.ya?ml$/i.test(file);
  try {
    return yaml ? parseYaml(file, text) : { data: JSON.parse(text), warnings: [] };
  } catch (error) {
    throw new ConfigFileError(`${file} is not ${yaml ? 'YAML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * YAML, its warnings (an unresolved tag, …) kept as lines of ours: the library's own would print the file's lines
 * as they are to the process's warnings, escapes and workflow commands included. Its errors are thrown.
 */
function parseYaml(file: string, text: string): { data: unknown; warnings: string[] } {
  // the parser is loaded for a .yaml file alone
  const { parseDocument } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const document = parseDocument(text, { logLevel: 'silent' });
  // the first line of a message says what and where; the lines after it quote the file
  const said = (e: Error) => e.message.split('\n')[0]!.replace(/:$/, '');
  if (document.errors.length > 0) throw new Error(said(document.errors[0]!));
  const warnings = document.warnings.map((w) => `${file}: ${said(w)}`);
  return { data: document.toJS({ maxAliasCount: 100 }) as unknown, warnings };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The settings of one environment of the file (`committed`: of its text at a revision). Without an environment chosen the file sets nothing (`unused`
 * says which it has). A key in the file, an unknown property or a value of the wrong JSON type is a ConfigFileError.
 */
export function readConfigFile(
  file: string,
  environment: string | undefined,
  committed?: string,
): { settings?: FileSettings; warnings: string[]; unused?: string } {
  const { data, warnings } = parseFile(file, committed);
  if (!isObject(data) || !isObject(data.environments)) throw new ConfigFileError(`${file} must be an object with "environments" (schemas/config.json)`);
  const unknownTop = Object.keys(data).filter((k) => k !== 'environments' && k !== '$schema');
  if (unknownTop.length > 0)
    throw new ConfigFileError(`${file}: ${unknownTop[0]} is not a property of a config file (only "environments")${meant(unknownTop[0]!, ['environments'])}`);
  const names = Object.keys(data.environments);
  // the line is the caller's to give, as a warning or as the cause of an error (src/run/config.ts, embeddedGiven)
  if (environment === undefined)
    return { warnings, unused: `${file} has the environments ${names.join(', ')}; none was chosen (--env NAME or MOCKAPI_ENV), so it sets nothing` };
  const chosen = data.environments[environment];
  if (!isObject(chosen)) throw new ConfigFileError(`${file} has no environment "${environment}" (it has ${names.join(', ') || 'none'})`);
  const at = (property: string) => `${file}: environments.${environment}.${property}`;
  const settings: FileSettings = { file, environment, values: new Map(), keyVariables: {} };
  for (const [property, value] of Object.entries(chosen)) {
    if (property === 'token' || property === 'forbiddenToken') {
      throw new ConfigFileError(`${at(property)}: a config file never holds a key; name the variable that holds it (${KEY_VARIABLES[property]})`);
    }
    if (property === 'tokenVariable' || property === 'forbiddenTokenVariable') {
      if (typeof value !== 'string' || !KEY_VARIABLE.test(value))
        throw new ConfigFileError(
          `${at(property)} must name one of this tool's variables for a key, MOCKAPI_TOKEN_<NAME> or MOCKAPI_FORBIDDEN_TOKEN_<NAME>: a checkout's file never chooses which of your variables is sent`,
        );
      settings.keyVariables[property === 'tokenVariable' ? 'token' : 'forbiddenToken'] = value;
    } else if (property === 'fixtures') {
      if (!isObject(value)) throw new ConfigFileError(`${at(property)} must be an object of fixture ids (${FIXTURE_NAMES.join(', ')})`);
      for (const [fixture, id] of Object.entries(value)) {
        if (!(FIXTURE_NAMES as string[]).includes(fixture))
          throw new ConfigFileError(`${at(`fixtures.${fixture}`)} is not a fixture (${FIXTURE_NAMES.join(', ')})${meant(fixture, FIXTURE_NAMES)}`);
        if (typeof id !== 'string') throw new ConfigFileError(`${at(`fixtures.${fixture}`)} must be a string`);
        settings.values.set(`fixtures.${fixture}`, { source: at(`fixtures.${fixture}`), value: id });
      }
    } else {
      const setting = IN_FILE.get(property);
      if (!setting) throw new ConfigFileError(`${at(property)} ${notInFile(property)}`);
      const type = jsonType(setting);
      if (typeof value !== type) throw new ConfigFileError(`${at(property)} must be a ${type}, not ${JSON.stringify(value)?.slice(0, 80)}`);
      // bounds here too, so that the file is refused whole, as its schema refuses it, before anything is used
      const wrong = outOfBounds(setting, String(value));
      if (wrong) throw new ConfigFileError(`${at(property)} ${wrong}`);
      settings.values.set(property, { source: at(property), value: String(value) });
    }
  }
  return { settings, warnings };
}

/** The properties an environment may hold. */
const ENVIRONMENT_PROPERTIES = [...IN_FILE.keys(), ...Object.values(KEY_VARIABLES), 'fixtures'];

/** `; did you mean NAME?` where a name of `candidates` is close to `name` (src/run/closest-name.ts), else nothing. */
function meant(name: string, candidates: readonly string[]): string {
  const closest = closestName([name], candidates);
  return closest === undefined ? '' : `; did you mean ${closest}?`;
}

/** Why a property is not a config file's: a setting that is yours alone to give (by flag or variable), or none. */
function notInFile(property: string): string {
  const row = SETTING_ROWS.get(property);
  if (!row) return `is not a setting a config file may hold (schemas/config.json)${meant(property, ENVIRONMENT_PROPERTIES)}`;
  const yours = [row.flag && `--${row.flag}`, row.variable].filter(Boolean).join(' or ');
  return `is yours to give (${yours}), never a checkout's file (docs/untrusted.md, what a checkout may choose)`;
}

const jsonType = (s: Setting): 'boolean' | 'number' | 'string' => (s.kind === 'boolean' ? 'boolean' : s.kind === 'whole' ? 'number' : 'string');

/** The JSON Schema of a config file, from the settings table (schemas/config.json is this, written out). */
export function configSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const s of IN_FILE.values()) {
    const type = jsonType(s);
    properties[s.option] = {
      type: type === 'number' ? 'integer' : type,
      description: s.help,
      ...(s.min !== undefined && { minimum: s.min }),
      ...(s.max !== undefined && { maximum: s.max }),
      ...(s.choices && { enum: s.choices }),
    };
  }
  properties.tokenVariable = {
    type: 'string',
    pattern: KEY_VARIABLE.source,
    description: 'the environment variable that holds the key, MOCKAPI_TOKEN_<NAME> (the file never holds the key itself)',
  };
  properties.forbiddenTokenVariable = {
    type: 'string',
    pattern: KEY_VARIABLE.source,
    description: 'the environment variable that holds the key without permission, MOCKAPI_FORBIDDEN_TOKEN_<NAME>',
  };
  properties.fixtures = {
    type: 'object',
    description: 'the resources the checks may use and change (README, Fixtures)',
    additionalProperties: false,
    properties: Object.fromEntries(FIXTURE_NAMES.map((name) => [name, { type: 'string' }])),
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://mockapi-conformance.example/schemas/config.json',
    title: 'mockapi-conformance config file',
    description:
      'Named environments of mockapi-conformance. Flags and environment variables win over it, it wins over .env. Keys are named by their variable, never written here.',
    type: 'object',
    required: ['environments'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      environments: { type: 'object', additionalProperties: { type: 'object', additionalProperties: false, properties } },
    },
  };
}
