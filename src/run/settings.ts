// The one table of the command's settings: a row per setting with its flag, its variable, its kind and bounds,
// its default, its help text and its library option name. The argument parser (src/run/config.ts), the known
// variables and their "did you mean", --help (src/cli/help.ts), runConformance's options (src/index.ts), the flags of
// check-har and proxy (src/recorded/recorded-command.ts), the config file's environments (schemas/config.json), the
// flag table of docs/settings.md and the optional variables of .env.example (writeSettingsFiles) come from it, and
// RunConfig's and RunOptions' types. Pure data: --help reads it without loading anything heavy. Cross-field rules
// (a key needs a base URL, ...) stay by hand in config.ts.

/** The commands that take a setting: a run, and the two that judge recorded traffic. */
export type Command = 'run' | 'check-har' | 'proxy';

/**
 * How a value is read. url: an http(s) base URL; key: a key, never quoted back; whole: a whole number within
 * min and max; choice: one of choices; boolean: a flag alone, or true/false in a variable; pattern: a regular
 * expression without case; output: a file the run writes (its directory is created, private, when its parent exists; it must be writable); input: a
 * file the run reads; text: trimmed text; directory: resolved against the working directory; proxy: an http(s)
 * URL that may carry credentials (never quoted back).
 */
type Kind = 'url' | 'key' | 'whole' | 'choice' | 'boolean' | 'pattern' | 'output' | 'input' | 'text' | 'directory' | 'proxy';

export interface Setting {
  /** the option of runConformance and the property in a config file's environment */
  readonly option: string;
  /** the flag, without its dashes; none: a variable alone */
  readonly flag?: string;
  /** the environment variable (also read from .env); none: a flag alone */
  readonly variable?: string;
  readonly kind: Kind;
  /** what --help shows after the flag: URL, KEY, FILE, N */
  readonly value?: string;
  readonly min?: number;
  readonly max?: number;
  /** a whole number's unit, said in its error ("milliseconds") */
  readonly unit?: string;
  readonly choices?: readonly string[];
  /** the value when unset: a number is used as it is; words only say it (the default depends on the run) */
  readonly default?: number | string;
  /** --help's text (the default is added), one sentence or two */
  readonly help: string;
  /** its meaning in the flag table of docs/settings.md (Markdown, links welcome), where it says more than help */
  readonly doc?: string;
  /** the value .env.example shows for its variable; unset: true for a flag alone, else the default */
  readonly example?: string;
  /** the variables of other tools it reads too, named beside it in docs/settings.md */
  readonly readsAlso?: readonly string[];
  readonly commands: readonly Command[];
  /** an option of runConformance (the library) */
  readonly library: boolean;
  /** may be set in a config file's environment (keys never: a file holds the name of their variable) */
  readonly inFile: boolean;
}

const RUN = ['run'] as const;
const ALL = ['run', 'check-har', 'proxy'] as const;

export const SETTINGS = [
  {
    option: 'baseUrl',
    flag: 'base-url',
    variable: 'MOCKAPI_BASE_URL',
    kind: 'url',
    value: 'URL',
    help: 'the deployment (http or https). Unset: the embedded reference deployment, started for the run',
    doc: 'the deployment (http or https, no query). Unset: the embedded reference deployment, started for the run',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'token',
    flag: 'token',
    variable: 'MOCKAPI_TOKEN',
    kind: 'key',
    value: 'KEY',
    help: 'sent as "Authorization: Token KEY"; prefer the variable or --token-file (a flag is in the process list)',
    doc: 'sent as `Authorization: Token KEY`; required with a base URL. A key that begins with `-` is given as `--token=KEY` (or in the variable); `runConformance` passes every option that way',
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'tokenFile',
    flag: 'token-file',
    variable: 'MOCKAPI_TOKEN_FILE',
    kind: 'input',
    value: 'FILE',
    help: 'the key read from FILE (its one line), out of the process list and shell history',
    doc: "the key read from FILE (its one line; a line end after it is allowed): the key stays out of the process list and the shell's history. `--token` and `MOCKAPI_TOKEN` win over it; giving both flags is an error",
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'forbiddenToken',
    flag: 'forbidden-token',
    variable: 'MOCKAPI_FORBIDDEN_TOKEN',
    kind: 'key',
    value: 'KEY',
    help: 'a valid key without permission on the fixtures (the 403 checks)',
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'profile',
    flag: 'profile',
    variable: 'MOCKAPI_PROFILE',
    kind: 'choice',
    choices: ['live', 'mock'],
    value: 'live|mock',
    default: 'live',
    help: 'live keeps state; mock is generated from the description (no base URL: the local Prism mock is started for the run)',
    doc: 'what kind of deployment: `live` (default) keeps state; `mock` is generated from the description (see below)',
    example: 'live',
    commands: ALL,
    library: true,
    inFile: true,
  },
  {
    option: 'reportJson',
    flag: 'report-json',
    variable: 'MOCKAPI_REPORT_JSON',
    kind: 'output',
    value: 'FILE',
    help: 'write the JSON report to FILE (schemas/report.json)',
    doc: 'write the JSON report ([schema](../schemas/report.json))',
    example: 'conformance-report.json',
    commands: ALL,
    library: true,
    inFile: true,
  },
  {
    option: 'reportJunit',
    flag: 'report-junit',
    variable: 'MOCKAPI_REPORT_JUNIT',
    kind: 'output',
    value: 'FILE',
    help: 'write JUnit XML to FILE (Jenkins, GitLab, GitHub test reporters)',
    doc: 'write JUnit XML (see [JUnit XML](reports.md#junit-xml))',
    example: 'conformance-report.xml',
    commands: ALL,
    library: true,
    inFile: true,
  },
  {
    option: 'reportMarkdown',
    flag: 'report-markdown',
    variable: 'MOCKAPI_REPORT_MARKDOWN',
    kind: 'output',
    value: 'FILE',
    help: 'write a Markdown summary to FILE (with GITHUB_ACTIONS set: annotations, and the summary appended to $GITHUB_STEP_SUMMARY)',
    doc: 'write a Markdown summary; under GitHub Actions it also goes to the step summary, with annotations',
    example: 'conformance-report.md',
    commands: ALL,
    library: true,
    inFile: true,
  },
  {
    option: 'reportHtml',
    flag: 'report-html',
    variable: 'MOCKAPI_REPORT_HTML',
    kind: 'output',
    value: 'FILE',
    help: 'write one self-contained HTML page to FILE',
    doc: 'write one self-contained HTML page (see [One HTML page](reports.md#one-html-page))',
    example: 'conformance-report.html',
    commands: ALL,
    library: true,
    inFile: true,
  },
  {
    option: 'reportHar',
    flag: 'report-har',
    variable: 'MOCKAPI_REPORT_HAR',
    kind: 'output',
    value: 'FILE',
    help: "write every exchange the run sends (the preflight's too) to FILE as HAR 1.2, keys redacted: check-har judges it again",
    doc: "write every exchange of the run, the preflight's too, as HAR 1.2 with the keys redacted, to share a failure and judge it again with `check-har` (see [A run's own traffic](recorded.md#a-runs-own-traffic---report-har))",
    example: 'conformance-traffic.har',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'readOnly',
    flag: 'read-only',
    variable: 'MOCKAPI_READ_ONLY',
    kind: 'boolean',
    help: 'send only GET requests; every other check is skipped, saying so',
    doc: 'send only GET requests; every other check is skipped, saying so',
    example: 'true',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'strict',
    flag: 'strict',
    variable: 'MOCKAPI_STRICT',
    kind: 'boolean',
    help: 'warnings (should-level statements broken) fail the run too',
    doc: 'warnings (should-level statements broken) fail the run too',
    example: 'true',
    commands: ALL,
    library: true,
    inFile: true,
  },
  {
    option: 'minJudged',
    flag: 'min-judged',
    variable: 'MOCKAPI_MIN_JUDGED',
    kind: 'whole',
    min: 0,
    max: 100,
    unit: 'percent',
    value: 'PERCENT',
    help: 'fail the run (exit 4) when it judged (passed, failed or warned) less than PERCENT of its checks: skipped and errored checks judge nothing',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'baseline',
    flag: 'baseline',
    variable: 'MOCKAPI_BASELINE',
    kind: 'input',
    value: 'FILE',
    help: 'known outcomes by check id (schemas/baseline.json): fail only on a failure not in FILE, an entry that now passes, or one expired',
    doc: 'known outcomes by check id: fail only on what is new, stale or expired (see [a baseline](reports.md#known-failures-a-baseline))',
    example: 'conformance/baseline.json',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'updateBaseline',
    flag: 'update-baseline',
    kind: 'output',
    value: 'FILE',
    help: "write a baseline of this run's checks that failed or warned to FILE and exit 0 once written (entries of checks the run did not run, and the reasons, issues and expiry dates of entries already there, are kept)",
    doc: "write a baseline of this run's checks that failed or warned, and exit 0 once written; entries of checks the run did not run are kept (see [a baseline](reports.md#known-failures-a-baseline))",
    commands: RUN,
    library: false,
    inFile: false,
  },
  {
    option: 'updateBaselineWithErrored',
    flag: 'update-baseline-with-errored',
    kind: 'boolean',
    help: 'with --update-baseline, record the checks that errored (could not judge: no answer, a fixture missing) too; without it they stay new',
    doc: 'with `--update-baseline`, record the checks that errored (could not judge: no answer, a fixture missing) too; without it they are left out, and stay new (exit 4) in the next run against the baseline',
    commands: RUN,
    library: false,
    inFile: false,
  },
  {
    option: 'timeoutMs',
    flag: 'timeout-ms',
    variable: 'MOCKAPI_TIMEOUT_MS',
    kind: 'whole',
    min: 1,
    max: 600_000,
    unit: 'milliseconds',
    value: 'N',
    default: 10_000,
    help: 'per-request timeout',
    doc: 'per-request timeout, default 10000',
    example: '10000',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'runTimeoutMs',
    flag: 'run-timeout-ms',
    variable: 'MOCKAPI_RUN_TIMEOUT_MS',
    kind: 'whole',
    min: 1000,
    max: 86_400_000,
    unit: 'milliseconds',
    value: 'N',
    default: 600_000,
    help: 'bound on the whole run; past it the run stops and fails, saying so',
    doc: 'bound on the whole run from its start (the preflight included), default 600000; past it the run stops as Ctrl-C stops it, saying so, exit 4',
    example: '600000',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'checkTimeoutMs',
    flag: 'check-timeout-ms',
    variable: 'MOCKAPI_CHECK_TIMEOUT_MS',
    kind: 'whole',
    min: 100,
    max: 86_400_000,
    unit: 'milliseconds',
    value: 'N',
    default: '15 s plus, per request it sends, ten times the latency measured before the run, 250 ms at least',
    help: 'bound on one check',
    doc: 'bound on one check; default 15 s plus, for each request it sends, ten times the latency measured before the run (250 ms at least). See [slow deployments](deployments.md#when-the-deployment-misbehaves)',
    example: '30000',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'concurrency',
    flag: 'concurrency',
    variable: 'MOCKAPI_CONCURRENCY',
    kind: 'whole',
    min: 1,
    max: 64,
    value: 'N',
    default:
      'for a deployment given by URL, a window from 4 that adapts to its answers (up to 16, halved on a 429 or 503); 8 for one the run starts; 1: one at a time',
    help: 'requests in flight at most, fixed',
    doc: "requests in flight at most, fixed, 1 to 64. Unset: against a deployment given by URL a window that starts at 4 and adapts to the answers, up to 16, halved on a 429 or 503 ([Defaults, and why](speed.md#requests-in-flight-and-what-never-overlaps)); 8 against one the run starts (the embedded reference, `--profile mock`'s Prism); 1 makes a run serial. Checks of one fixture keep their order whatever N is (see [Requests in flight](speed.md#requests-in-flight-and-what-never-overlaps))",
    example: '4',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'seed',
    flag: 'seed',
    variable: 'MOCKAPI_SEED',
    kind: 'whole',
    min: 0,
    max: 2 ** 31 - 1,
    value: 'N',
    default: 'fixed under CI, random elsewhere',
    help: 'seed of the generated payloads (printed by every run)',
    doc: 'seed of the generated payloads; every run prints the one it used',
    example: '20261121',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'runs',
    flag: 'runs',
    variable: 'MOCKAPI_RUNS',
    kind: 'whole',
    min: 1,
    max: 100_000,
    value: 'N',
    default: 'by the latency measured before the run: 100 under 10 ms, 20 under 100 ms, else 10',
    help: 'generated payloads per property',
    doc: 'generated payloads per property; default by the latency measured before the run: 100 under 10 ms, 20 under 100 ms, 10 from there (not by the address: a tunnel to a remote deployment is 127.0.0.1 too)',
    example: '20',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'only',
    flag: 'only',
    variable: 'MOCKAPI_ONLY',
    kind: 'pattern',
    value: 'PATTERN',
    help: 'run only the checks whose id or name matches PATTERN, a regular expression without case (e.g. organisations, ^CHAOS-, generated)',
    doc: "run only the checks whose id (`organisations/generated-names-taken`) or name (requirement id, then title) matches PATTERN, a regular expression without case: `--only organisations` for one area (every id begins with its area), `--only '^CHAOS-'` for one group of requirements, `--only generated` for the property checks. The report lists only those; a pattern that matches nothing is exit 2",
    example: '^organisations/',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'maxFailures',
    flag: 'max-failures',
    variable: 'MOCKAPI_MAX_FAILURES',
    kind: 'whole',
    min: 1,
    max: 100_000,
    value: 'N',
    help: 'stop starting checks once N have failed (warned too, with --strict); the checks not started end errored, saying why',
    doc: 'once N checks have failed (and warned, with `--strict`), no further check starts: those end errored with the reason, and nothing more is sent but what checks already under way send (and what they put back). For a deployment that is clearly broken, or rate-limited',
    example: '20',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'pushPolicy',
    flag: 'push-policy',
    variable: 'MOCKAPI_PUSH_POLICY',
    kind: 'text',
    value: 'VALUE',
    help: "consent to push, and the outOfSyncPolicy to send: a push starts a job that pushes the mock API's OpenAPI document to its Git repository. Unset: no push is sent and the push and job checks are skipped",
    doc: 'consent to push, and the `outOfSyncPolicy` each push sends (see [Push: consent and policy](#push-consent-and-policy)); unset: no push is sent',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'stateFile',
    flag: 'state-file',
    variable: 'MOCKAPI_STATE_FILE',
    kind: 'output',
    value: 'FILE',
    default: '.mockapi-conformance-state.jsonl here',
    help: "where a run remembers what it deleted on each deployment; its last report is kept beside it, its last red run's for replay in your state folder",
    doc: "where a run remembers what it deleted on each deployment, and beside which it keeps its last report (the last red run's, for `replay`, is kept in your state folder); default `.mockapi-conformance-state.jsonl` in the working directory (see [Running again](#running-again-what-a-run-remembers))",
    example: '.mockapi-conformance-state.jsonl',
    commands: RUN,
    library: true,
    inFile: true,
  },
  {
    option: 'proxy',
    flag: 'proxy',
    kind: 'proxy',
    readsAlso: ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY'],
    value: 'URL',
    default: 'HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as curl reads them',
    help: 'send every request through this proxy (docs/networks.md)',
    doc: 'send through this proxy; unset: the proxy variables, as curl reads them (see [Networks](networks.md))',
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'caFile',
    flag: 'ca-file',
    readsAlso: ['NODE_EXTRA_CA_CERTS'],
    kind: 'input',
    value: 'FILE',
    help: 'trust the CA certificates (PEM) in FILE too (NODE_EXTRA_CA_CERTS works as well); verification is never switched off',
    doc: 'trust the CA certificates (PEM) in FILE too; verification is never switched off',
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'config',
    flag: 'config',
    variable: 'MOCKAPI_CONFIG',
    kind: 'input',
    value: 'FILE',
    default: 'mockapi-conformance.config.json (or .yaml) here, if there is one',
    help: 'a config file of named environments (schemas/config.json)',
    doc: 'a config file of named environments ([schema](../schemas/config.json)); default `mockapi-conformance.config.json` (or `.yaml`) in the working directory, if there is one (see [A config file](#a-config-file-named-environments))',
    example: 'mockapi-conformance.config.json',
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'env',
    flag: 'env',
    variable: 'MOCKAPI_ENV',
    kind: 'text',
    value: 'NAME',
    help: "the config file's environment to use (its settings come after flags and variables, before .env)",
    doc: "the config file's environment to use",
    example: 'staging',
    commands: RUN,
    library: true,
    inFile: false,
  },
  {
    option: 'acceptHost',
    flag: 'accept-host',
    kind: 'boolean',
    help: "send the key to the base URL the config file's environment names, and remember that host for the key's variable",
    doc: "send the key to the base URL the config file's environment names, and remember that host for the key's variable in your state folder (`$XDG_STATE_HOME`, else `~/.local/state`, `/mockapi-conformance/accepted-hosts.json`): later runs send the key of that variable there without it (see [Where a key may go](untrusted.md#where-a-key-may-go-one-rule-srcrunownersts))",
    commands: RUN,
    library: false,
    inFile: false,
  },
  {
    option: 'cacheDir',
    variable: 'MOCKAPI_CACHE_DIR',
    kind: 'directory',
    default: "a directory under the system's temporary directory",
    help: 'where vitest keeps its cache, so that a run writes nothing inside the package',
    doc: "where vitest keeps its cache; default `$XDG_CACHE_HOME` (else `~/.cache`)`/mockapi-conformance/<version>/vite`, made 0700, never inside the package; where a directory of that path is a link, another user's or writable by others, a fresh private directory for the run instead (see [Files the run writes](untrusted.md#files-the-run-writes))",
    example: '/var/cache/mockapi-conformance',
    commands: RUN,
    library: false,
    inFile: false,
  },
] as const satisfies readonly Setting[];

export type SettingRow = (typeof SETTINGS)[number];

/** The rows a command takes. */
type RowOf<Of extends Command> = SettingRow extends infer S ? (S extends { commands: readonly (infer C)[] } ? (Of extends C ? S : never) : never) : never;

/** The options of the rows check-har and proxy take (RecordedSettings). */
export type RecordedOption = RowOf<'check-har'>['option'];

/** What a row's value is read into (settingValue): a whole number, true or false, a pattern, a choice, else text. */
type ValueOf<S> = S extends { kind: 'whole' }
  ? number
  : S extends { kind: 'boolean' }
    ? boolean
    : S extends { kind: 'pattern' }
      ? RegExp
      : S extends { kind: 'choice'; choices: readonly (infer C)[] }
        ? C
        : string;

/** Unset is undefined, except where the parser puts a default of the row's own: a number, a choice, false. */
type WhenUnset<S> = S extends { default: number } | { kind: 'choice'; default: string } | { kind: 'boolean' } ? never : undefined;

/** A run's settings as read from the table, by option: what RunConfig is made from. */
export type TableSettings = { -readonly [S in RowOf<'run'> as S extends { option: infer O extends string } ? O : never]: ValueOf<S> | WhenUnset<S> };

/** The option of each library row: what runConformance takes besides fixtures and output (RunOptions). */
export type LibraryOption = Extract<SettingRow, { library: true }>['option'];

/** What an option of the library takes: what the row is read into, but a pattern as its text. */
type OptionValue<S> = S extends { kind: 'pattern' } ? string : ValueOf<S>;

/** runConformance's options that are settings: the flags in camelCase, each row's help saying what it is. */
export type LibraryOptions = { [S in Extract<SettingRow, { library: true }> as S['option']]?: OptionValue<S> };

/** Flags that are actions, not settings: each command answers them alone. */
export const ACTIONS = {
  list: {
    help: 'print the catalogue of checks (id, requirement, statement, operation, what each sends, whether it writes, where it is declared); sends nothing',
    doc: 'print the catalogue of checks and exit, sending nothing (see [The catalogue of checks](checks.md#the-catalogue-of-checks))',
    commands: RUN,
  },
  help: { short: 'h', help: 'this text', doc: 'the usage (without loading the runner)', commands: ALL },
  version: { short: 'V', help: 'the version of mockapi-conformance', doc: 'the version (without loading the runner)', commands: RUN },
} as const;

/**
 * What is wrong with a whole number or a choice given as text, said after where it was given; undefined when
 * nothing is (or the row has no bounds). One wording for flags, variables and the config file alike.
 */
export function outOfBounds(s: Setting, value: string): string | undefined {
  if (s.kind === 'whole') {
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || n < s.min! || n > s.max!)
      return `must be a whole number${s.unit ? ` of ${s.unit}` : ''} from ${s.min} to ${s.max}, not "${value}"`;
  }
  if (s.kind === 'choice' && !s.choices!.includes(value)) return `must be ${s.choices!.join(' or ')}, not "${value}"`;
  return undefined;
}

/** The rows a command takes. */
export const settingsOf = (command: Command): readonly Setting[] => SETTINGS.filter((s) => (s.commands as readonly Command[]).includes(command));

/** node:util parseArgs' options for a command: its settings' flags and its actions. */
export function parseArgsOptions(command: Command): Record<string, { type: 'string' | 'boolean'; short?: string }> {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const s of settingsOf(command)) if (s.flag) options[s.flag] = { type: s.kind === 'boolean' ? 'boolean' : 'string' };
  for (const [name, action] of Object.entries(ACTIONS)) {
    if ((action.commands as readonly Command[]).includes(command)) options[name] = { type: 'boolean', ...('short' in action ? { short: action.short } : {}) };
  }
  return options;
}

/** --help's lines for a command's flags: the flag and its value, the variable, the text wrapped, the default said. */
export function helpRows(command: Command, { variables = true } = {}): string {
  const flagWidth = 23;
  const variableWidth = variables ? 25 : 0;
  const textWidth = 118 - flagWidth - variableWidth - 2;
  const rows: string[] = [];
  const row = (flag: string, variable: string, text: string) => {
    const lines = wrap(text, textWidth);
    const left = `  ${flag.padEnd(flagWidth)}${variables ? variable.padEnd(variableWidth) : ''}`;
    // a flag longer than its column keeps the text on its own line
    if (left.length > 2 + flagWidth + variableWidth) rows.push(left.trimEnd(), ...lines.map((l) => `${' '.repeat(2 + flagWidth + variableWidth)}${l}`));
    else rows.push(`${left}${lines[0]}`, ...lines.slice(1).map((l) => `${' '.repeat(2 + flagWidth + variableWidth)}${l}`));
  };
  for (const s of settingsOf(command) as readonly Setting[]) {
    if (!s.flag) continue;
    const text = s.default === undefined ? s.help : `${s.help}; default ${s.default}`;
    row(`--${s.flag}${s.value ? ` ${s.value}` : ''}`, s.variable ?? '', text);
  }
  for (const [name, action] of Object.entries(ACTIONS)) {
    if (!(action.commands as readonly Command[]).includes(command)) continue;
    row(`${'short' in action ? `-${action.short}, ` : ''}--${name}`, '', action.help);
  }
  return rows.join('\n');
}

/** Text broken into lines of `width` characters at most, at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}
