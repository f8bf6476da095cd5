// What the commands that judge recorded traffic share (check-har, proxy): their report flags, --profile and
// --strict, read and checked as the run's own are (src/run/config.ts), and the end of their judging: the report
// in every format asked for, and the exit code.
import { parseArgs } from 'node:util';
import type { ConformanceReport } from '../../contract/report.ts';
import { reportFormats, type ReportFiles } from '../../reporters/formats.ts';
import { ConfigError, flagError, writablePath } from '../run/config.ts';
import { exitCodeOf } from '../../contract/exit.ts';
import { ignoredLines } from './recorded.ts';
import type { KeyLimits, KeyRing } from './keys.ts';
import { outOfBounds, parseArgsOptions, type RecordedOption, settingsOf, type TableSettings } from '../run/settings.ts';

/** The flags check-har and proxy share, from the settings table (the same for both). */
export const RECORDED_FLAGS = parseArgsOptions('check-har');

/** The settings of check-har and proxy: their rows of the table, read as a run reads them, and --help. */
export type RecordedSettings = Pick<TableSettings, RecordedOption> & ReportFiles & { help: boolean };

/**
 * The command's rows read from its flags, in the table's order: a choice held to its choices (its default when
 * unset), a file the command writes held to being writable, a flag alone true or false.
 */
function readRows(values: Record<string, string | boolean | undefined>, cwd: string): Record<string, string | boolean | undefined> {
  const read: Record<string, string | boolean | undefined> = {};
  for (const s of settingsOf('check-har')) {
    const value = values[s.flag!];
    if (s.kind === 'boolean') read[s.option] = value === true;
    else if (typeof value !== 'string') read[s.option] = s.kind === 'choice' ? (s.default as string | undefined) : undefined;
    else if (s.kind === 'output') read[s.option] = writablePath(`--${s.flag}`, value, cwd);
    else {
      const wrong = outOfBounds(s, value);
      if (wrong) throw new ConfigError(`--${s.flag} ${wrong}`);
      read[s.option] = value;
    }
  }
  return read;
}

/** Parses the command's flags (its own and the shared ones); bad input is a ConfigError with one line. */
export function parseRecorded<F extends Record<string, { type: 'string' | 'boolean'; short?: string }>>(
  command: string,
  argv: string[],
  own: F,
  env: NodeJS.ProcessEnv,
  cwd: string,
): { settings: RecordedSettings; values: Record<string, string | boolean | undefined>; positionals: string[] } {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: { ...RECORDED_FLAGS, ...own }, strict: true, allowPositionals: true }) as typeof parsed;
  } catch (error) {
    throw new ConfigError(flagError(error as Error, `mockapi-conformance ${command} --help`, { ...RECORDED_FLAGS, ...own }));
  }
  const { values } = parsed;
  const rows = readRows(values, cwd) as Pick<TableSettings, RecordedOption>;
  const stepSummary = env.GITHUB_STEP_SUMMARY ? writablePath('GITHUB_STEP_SUMMARY', env.GITHUB_STEP_SUMMARY, cwd) : undefined;
  return {
    settings: { ...rows, help: values.help === true, github: env.GITHUB_ACTIONS === 'true' ? { stepSummary } : undefined },
    values: parsed.values,
    positionals: parsed.positionals,
  };
}

/** Usage lines of the shared flags, for each command's help. */
export const RECORDED_HELP = `  --profile live|mock    live (default): answers show what was sent (echoes, ids); mock: answers are the
                         description's examples, so echoes and ids are not judged
  --strict               warnings (should-level statements broken) fail too
  --report-json FILE     the JSON report (schemas/report.json); also --report-junit, --report-markdown,
                         --report-html FILE, and with GITHUB_ACTIONS set annotations and a step summary
Exit codes as a run's: 0 nothing failed, 1 an exchange broke a must-level statement (or with --strict a
should-level one), 2 usage error, 4 nothing failed but exchanges had no answer or none was of the nine operations.`;

/** Writes the report in every format asked for, then what was ignored and what was not kept, and returns the exit code. */
export function finish(report: ConformanceReport, settings: RecordedSettings, write: (text: string) => void): number {
  for (const format of reportFormats(settings, write)) format.write(report);
  const ignored = ignoredLines(report.recorded?.ignored ?? []);
  if (ignored) write(`${ignored}\n`);
  const notKept = report.recorded?.notKept;
  if (notKept)
    write(
      `${notKept.checks} more checks were judged than the reports list (the first of each outcome are kept in full): counted in the summary, and by requirement in the JSON report (recorded.notKept)\n`,
    );
  return exitCodeOf(report);
}

/** The line that says keys were seen past those learned: they are not redacted, and the user is told. */
export const keysPassedLine = (command: string, keys: KeyRing, limits: KeyLimits): string =>
  `mockapi-conformance ${command}: the traffic carries ${keys.passed} more distinct key${keys.passed === 1 ? '' : 's'} than the ${limits.keys} learned and redacted; those are not redacted (docs/untrusted.md)\n`;

/**
 * The base URL the user gave for their key, in their own environment (MOCKAPI_BASE_URL; never a file's): the one host
 * whose exchanges' curl lines expand `$MOCKAPI_TOKEN` (KeyRing.pastedFor).
 */
export const yourBaseUrl = (env: NodeJS.ProcessEnv): string | undefined => env.MOCKAPI_BASE_URL?.trim() || undefined;
