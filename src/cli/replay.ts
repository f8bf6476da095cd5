// `mockapi-conformance replay REPORT.json`: the second command after a failed pipeline. It runs again the checks
// that did not pass in a JSON report (failed, warned, errored), chosen by --only as a run chooses them, with the
// report's seed, runs, profile and strictness, against the report's deployment (or --base-url), the key read as
// a run reads it; and says per check whether it is fixed.
import { parseArgs } from 'node:util';
import { EXIT } from '../../contract/exit.ts';
import { fixtureVariables } from '../../contract/fixtures.ts';
import type { CheckResult, ConformanceReport } from '../../contract/report.ts';
import { retiredWhy } from '../../contract/retired.ts';
import { bounded, inertLine } from '../../contract/untrusted.ts';
import { ConfigError, parseCommand } from '../run/config.ts';
import { parseArgsOptions } from '../run/settings.ts';
import { DiffUsageError, readReport } from './diff.ts';
import type { CommandIo } from './output.ts';

export const REPLAY_USAGE = 'usage: mockapi-conformance replay REPORT.json [--base-url URL] [run flags]';
/** What `replay --help` says after the usage line. */
export const REPLAY_ABOUT = `Runs again the checks that failed, warned or errored in a JSON report (--report-json), with its seed, runs,
profile and strictness, against its deployment (the embedded reference if it verified that) or --base-url; the
key, fixtures and other flags are read as a run reads them. One line per check: fixed, still failing (failed or
warned again) or not judged (errored, skipped, or no check has that id now). Exit 0 when every check is fixed,
1 when one still fails, 4 when none fails but one could not be judged, 2 for a report that cannot be read or
judged nothing, and 3, 5 or 130 as a run (unreachable, key refused or not the interface, interrupted).`;

/** What the report decides, and so replay sets: given again, they are refused. */
const FROM_REPORT = ['only', 'seed', 'runs', 'profile', 'strict'] as const;

/** The checks to run again: those that failed, warned or errored, but for those whose id is retired (no check carries it). */
const notPassed = (report: ConformanceReport) =>
  report.checks.filter((c) => (c.outcome === 'failed' || c.outcome === 'warned' || c.outcome === 'errored') && !retiredWhy(c.id));

/**
 * The run's arguments: the flags given (the report file taken out), and what the report decides. The ids match
 * schemas/report.json's pattern (letters, digits, '-' and '/'), none of which a regular expression reads.
 */
function runArguments(given: string[], report: ConformanceReport, ids: readonly string[], baseUrlGiven: boolean): string[] {
  const argv = [...given, '--only', `^(?:${ids.join('|')})$`, '--seed', String(report.run.seed), '--runs', String(report.run.runs)];
  argv.push('--profile', report.target.profile, ...(report.run.strict ? ['--strict'] : []));
  // the embedded reference is started again, with the faults of this environment; a deployment given by URL is that URL
  if (!baseUrlGiven && !report.target.embedded) argv.push('--base-url', report.target.baseUrl);
  return argv;
}

/** The report file and the flags around it; a flag the report decides, or no file, is a ConfigError. */
function readArguments(args: string[]): { file: string; given: string[]; baseUrlGiven: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: parseArgsOptions('run'), strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message.split('. ')[0]!.replace(/\.$/, '')} (see mockapi-conformance replay --help)`);
  }
  const positionals = parsed.tokens.filter((t) => t.kind === 'positional');
  if (positionals.length !== 1) throw new ConfigError(`give one JSON report${positionals.length > 1 ? `, not ${positionals.length}` : ''} (${REPLAY_USAGE})`);
  const decided = FROM_REPORT.find((flag) => parsed.values[flag] !== undefined);
  if (decided) throw new ConfigError(`--${decided} comes from the report: replay runs the checks as the report's run did`);
  const at = positionals[0]!.index;
  return { file: positionals[0]!.value, given: args.filter((_, i) => i !== at), baseUrlGiven: parsed.values['base-url'] !== undefined };
}

/** One line for a check run again: fixed, still failing, or not judged, with why (untrusted text, inert). */
function replayLine(id: string, now: CheckResult | undefined): { line: string; standing: 'fixed' | 'failing' | 'unjudged' } {
  if (!now) return { line: `not judged     ${id}: no check has this id now`, standing: 'unjudged' };
  const why = bounded(inertLine(now.message.split('\n')[0] ?? ''), 200);
  if (now.outcome === 'passed') return { line: `fixed          ${id}`, standing: 'fixed' };
  if (now.outcome === 'failed' || now.outcome === 'warned') return { line: `still failing  ${id} (${now.outcome}): ${why}`, standing: 'failing' };
  return { line: `not judged     ${id} (${now.outcome}): ${why}`, standing: 'unjudged' };
}

export async function runReplay(args: string[], io: CommandIo): Promise<number> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.write(`${REPLAY_USAGE}\n${REPLAY_ABOUT}\n`);
    return EXIT.passed;
  }
  let report: ConformanceReport;
  let argv: string[];
  let ids: string[];
  try {
    const { file, given, baseUrlGiven } = readArguments(args);
    report = readReport(file);
    if (report.exit) throw new ConfigError(`${file} judged nothing (exit ${report.exit.code}): there is no check to run again`);
    ids = notPassed(report).map((c) => c.id);
    for (const c of report.checks.filter((c) => c.outcome !== 'passed' && retiredWhy(c.id)))
      io.write(`retired        ${c.id}: not run again, ${retiredWhy(c.id)}\n`);
    if (ids.length === 0) {
      io.write(`Nothing to replay: no check of ${inertLine(file)} failed, warned or errored\n`);
      return EXIT.passed;
    }
    argv = runArguments(given, report, ids, baseUrlGiven);
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof DiffUsageError)) throw error;
    io.error(`mockapi-conformance replay: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
  return replayChecks(argv, ids, report, io);
}

/** The run of the checks again, its own lines left out but its errors, and a line per check. */
async function replayChecks(argv: string[], ids: readonly string[], report: ConformanceReport, io: CommandIo): Promise<number> {
  let config;
  try {
    ({ config } = parseCommand(argv, io.env, io.cwd));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.error(`mockapi-conformance replay: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
  // the report holds the fixtures' variables, not their ids: one not given again skips the checks that need it
  const now = new Set(fixtureVariables(config.fixtures));
  for (const variable of (report.run.fixtures ?? []).filter((v) => !now.has(v))) {
    io.error(`mockapi-conformance replay: warning: the report's run had ${inertLine(variable)} set, this one has not: the checks that need it are skipped\n`);
  }
  const where = config.baseUrl ?? 'the embedded reference deployment';
  io.write(
    `Replaying ${ids.length} check${ids.length === 1 ? '' : 's'} against ${inertLine(where)}, seed ${report.run.seed}, ${report.run.runs} runs per property\n`,
  );
  const { runConformance } = await import('../run/run.ts');
  const { exitCode, report: again } = await runConformance(config, { ...io, write: () => {} });
  if (!again) return exitCode;
  const byId = new Map(again.checks.map((c) => [c.id, c]));
  const lines = ids.map((id) => replayLine(id, byId.get(id)));
  for (const { line } of lines) io.write(`${line}\n`);
  const count = (s: string) => lines.filter((l) => l.standing === s).length;
  io.write(`${count('fixed')} fixed, ${count('failing')} still failing, ${count('unjudged')} not judged\n`);
  if (count('failing') > 0) return EXIT.failed;
  return count('unjudged') > 0 ? EXIT.unjudged : EXIT.passed;
}
