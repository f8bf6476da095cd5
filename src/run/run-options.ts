// The library's run options (RunOptions: runConformance's, and conformanceProject's but for the keys) and what the one
// parser makes of them: each option is the command's flag of the same row of the settings table, each fixture its
// variable, so that a bad option is refused as the command refuses the flag.
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../../contract/fixtures.ts';
import { parseCommand, type RunConfig } from './config.ts';
import { SETTINGS, type LibraryOption, type LibraryOptions, type Setting } from './settings.ts';

/** The settings of the table's library rows by their option (their flags in camelCase), and what only the library takes. */
export type RunOptions = Omit<LibraryOptions, 'stateFile'> & {
  /** the resources the checks may use and change (see the README's fixtures table) */
  fixtures?: Fixtures;
  /**
   * where the run remembers what it deleted on a deployment, so that a later run skips fixtures it consumed;
   * left out or false: nowhere (the library writes nothing into the working directory unless asked)
   */
  stateFile?: string | false;
  /** where the run's console text goes (the summary and progress); left out: nowhere */
  output?: (text: string) => void;
};

/** The flag of each option, from the settings table (src/run/settings.ts): the one parser validates both. */
const FLAGS = new Map((SETTINGS as readonly Setting[]).filter((s) => s.library && s.flag).map((s) => [s.option, s]));

/**
 * The run's configuration from the options, read as the command reads its flags, with `env` as its environment
 * (runConformance gives none; conformanceProject the process's, where the keys are), a .env only if `dotenv`, and a
 * config file only where `configFile` says (conformanceProject reads none, named or not: docs/library.md).
 * A bad option throws the command's one-line ConfigError.
 */
export function configOfOptions(
  options: Omit<RunOptions, 'output'>,
  env: NodeJS.ProcessEnv,
  { dotenv, configFile = 'named' }: { dotenv: boolean; configFile?: 'named' | 'none' },
): RunConfig {
  const argv: string[] = [];
  for (const [option, s] of FLAGS) {
    const value = options[option as LibraryOption];
    if (value === undefined || value === false) continue;
    // one argument, --flag=value: a key (or a pattern) that begins with a dash is the value, not another flag
    argv.push(s.kind === 'boolean' ? `--${s.flag}` : `--${s.flag}=${String(value)}`);
  }
  const variables: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(options.fixtures ?? {}) as [FixtureName, string | undefined][]) {
    if (value !== undefined) variables[FIXTURE_VARIABLES[name]] = value;
  }
  const { config } = parseCommand(argv, variables, process.cwd(), { dotenv, configFile });
  if (typeof options.stateFile !== 'string') config.stateFile = undefined;
  return config;
}

/**
 * The options of conformanceProject: the run's, but for the keys, which are read as the command reads them (the
 * environment, a .env), never from a config file, and for the report files and baseline, which are the command's
 * (in an implementer's vitest, its own reporters say what ran).
 */
export type ProjectOptions = Omit<
  RunOptions,
  'token' | 'tokenFile' | 'forbiddenToken' | 'output' | 'baseline' | 'reportJson' | 'reportJunit' | 'reportMarkdown' | 'reportHtml' | 'reportHar'
>;
