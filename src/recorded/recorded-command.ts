// What the commands that judge recorded traffic share (check-har, proxy): their report flags, --profile and
// --strict, read and checked as the run's own are (src/run/config.ts), and the end of their judging: the report
// in every format asked for, and the exit code.
import { parseArgs } from 'node:util';
import type { ConformanceReport } from '../../contract/report.ts';
import { reportFormats, type ReportFiles } from '../../reporters/formats.ts';
import { ConfigError, writablePath } from '../run/config.ts';
import { exitCodeOf } from '../../contract/exit.ts';
import { ignoredLines } from './recorded.ts';
import type { KeyLimits, KeyRing } from './keys.ts';
import { parseArgsOptions } from '../run/settings.ts';

/** The flags check-har and proxy share, from the settings table (the same for both). */
export const RECORDED_FLAGS = parseArgsOptions('check-har');

export interface RecordedSettings extends ReportFiles {
  profile: 'live' | 'mock';
  strict: boolean;
  help: boolean;
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
    throw new ConfigError(`${(error as Error).message.split('. ')[0]!.replace(/\.$/, '')} (see mockapi-conformance ${command} --help)`);
  }
  const { values } = parsed;
  const profile = (values.profile ?? 'live') as string;
  if (profile !== 'live' && profile !== 'mock') throw new ConfigError(`--profile must be live or mock, not "${profile}"`);
  const file = (flag: string) => (typeof values[flag] === 'string' ? writablePath(`--${flag}`, values[flag] as string, cwd) : undefined);
  const stepSummary = env.GITHUB_STEP_SUMMARY ? writablePath('GITHUB_STEP_SUMMARY', env.GITHUB_STEP_SUMMARY, cwd) : undefined;
  return {
    settings: {
      profile,
      strict: values.strict === true,
      help: values.help === true,
      reportJson: file('report-json'),
      reportJunit: file('report-junit'),
      reportMarkdown: file('report-markdown'),
      reportHtml: file('report-html'),
      github: env.GITHUB_ACTIONS === 'true' ? { stepSummary } : undefined,
    },
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
