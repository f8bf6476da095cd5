// `mockapi-conformance replay [REPORT.json]`: the second command after a failed pipeline. It runs again the checks
// that did not pass in a JSON report (failed, warned, errored), or in your last red run's report kept in your state
// folder (src/run/kept-report.ts; one that is not yours is refused), chosen by --only as a run chooses them, with
// what repeats the report's requests (seed, runs, requests in flight, --read-only); and says per check whether it is
// fixed. What the run is held to (profile, strictness, --read-only) is yours: a report never makes a replay judge
// less or send more. The deployment is the one its user gives now: a report is a file people download and pass
// around, so its base URL is shown, never used (the key goes nowhere a report names), and only your own last red
// run names the config environment. Its reports are written beside the ones the run's settings name, under names
// of their own: a replay never overwrites the evidence it replays.
import { existsSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../../contract/exit.ts';
import { fixtureVariables } from '../../contract/fixtures.ts';
import { rerunFlags, type CheckResult, type ConformanceReport } from '../../contract/report.ts';
import { retiredWhy } from '../../contract/retired.ts';
import { bounded, inertLine } from '../../contract/untrusted.ts';
import { ConfigError, flagError, keyFlagWarning, parseCommand, reportSettings, type RunConfig } from '../run/config.ts';
import { STATE_FILE } from '../run/deletions.ts';
import { keptReports, notYours, toReplay } from '../run/kept-report.ts';
import { parseArgsOptions } from '../run/settings.ts';
import { DiffUsageError, readReport } from './diff.ts';
import type { CommandIo } from './output.ts';

export const REPLAY_USAGE = 'usage: mockapi-conformance replay [REPORT.json] [--base-url URL] [run flags]';
/** What `replay --help` says after the usage line. */
export const REPLAY_ABOUT = `Runs again the checks that failed, warned or errored in a JSON report (--report-json), or with no report in your
last red run's, kept in your state folder ($XDG_STATE_HOME or ~/.local/state) for the state file (--state-file)
and removed by a run that passes. It sends what the report's run sent (its seed, runs per property, requests in
flight, and --strict and --read-only if it had them), held to your profile, strictness and --read-only, never
weaker ones from the report (the first line says where they differ), to the deployment you give now (--base-url,
MOCKAPI_BASE_URL, your config environment, else your last red run's): the report's base URL is shown, never used,
and a line says when they differ. Its reports go beside those the settings name, as NAME.replay.EXT. The key,
fixtures and other flags are read as a run reads them. One line per check: fixed, still failing (failed or warned
again) or not judged (errored, skipped, or no check has that id now). Exit 0 when every check is fixed, 1 when one
still fails, 4 when none fails but one could not be judged, 2 for a report that cannot be read or judged nothing,
and 3, 5 or 130 as a run (unreachable, key refused or not the interface, interrupted).`;

/**
 * What the report decides, and so replay sets, to send its requests again: given again, they are refused. What a
 * run is held to (--profile, --strict, --read-only) is yours, never the report's (yourSettingsSaid).
 */
const FROM_REPORT = ['only', 'seed', 'runs', 'concurrency'] as const;

/** The report options a run writes, with their flags: a replay's go under names of their own unless given now. */
const REPORTS = [
  ['reportJson', 'report-json'],
  ['reportJunit', 'report-junit'],
  ['reportMarkdown', 'report-markdown'],
  ['reportHtml', 'report-html'],
  ['reportHar', 'report-har'],
] as const;

/** The arguments as given: the report file (undefined: the kept one), the flags around it, and the flags' values. */
interface Given {
  file: string | undefined;
  args: string[];
  flags: Record<string, string | boolean | undefined>;
}

/** The report file and the flags around it; a flag the report decides, or more than one file, is a ConfigError. */
function readArguments(args: string[]): Given {
  let parsed;
  try {
    parsed = parseArgs({ args, options: parseArgsOptions('run'), strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new ConfigError(flagError(error as Error, 'mockapi-conformance replay --help'));
  }
  const positionals = parsed.tokens.filter((t) => t.kind === 'positional');
  if (positionals.length > 1) throw new ConfigError(`give one JSON report, not ${positionals.length} (${REPLAY_USAGE})`);
  const decided = FROM_REPORT.find((flag) => parsed.values[flag] !== undefined);
  if (decided) throw new ConfigError(`--${decided} comes from the report: replay runs the checks as the report's run did`);
  const at = positionals[0]?.index;
  return { file: positionals[0]?.value, args: args.filter((_, i) => i !== at), flags: parsed.values };
}

/**
 * Your last red run's report, kept in your state folder for the state file (--state-file, MOCKAPI_STATE_FILE, else
 * here); a ConfigError when there is none, or the file there is not yours (keptReports, notYours).
 */
function keptRedReport(flags: Given['flags'], io: CommandIo): string {
  const stateFile = resolve(io.cwd, String(flags['state-file'] ?? (io.env.MOCKAPI_STATE_FILE?.trim() || STATE_FILE)));
  const { red } = keptReports(stateFile, io.env);
  if (red === undefined)
    throw new ConfigError(`no red run to replay: no private state folder ($XDG_STATE_HOME or ~/.local/state) keeps one; give a JSON report (${REPLAY_USAGE})`);
  if (!existsSync(red))
    throw new ConfigError(
      `no red run to replay for ${stateFile}: a run that did not pass keeps one in ${dirname(red)}, and a run that passed removes it; give a JSON report (${REPLAY_USAGE})`,
    );
  const why = notYours(red);
  if (why) throw new ConfigError(`${red} is not your red run (${why}): not replayed; remove it, or give a JSON report (${REPLAY_USAGE})`);
  return red;
}

/**
 * The run's arguments: the flags given, the ids to run again (by --only, anchored: the ids match schemas/report.json's
 * pattern, letters, digits, '-' and '/', none of which a regular expression reads), what repeats the report's
 * requests (--read-only among them: it only asks less), its --strict (it only judges more), and for your own last
 * red run its config environment unless one is given now. Never its base URL or profile: those are yours.
 */
function runArguments(given: Given, report: ConformanceReport, ids: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const repeat = rerunFlags({ ...report.run, only: undefined });
  const argv = [...given.args, '--only', `^(?:${ids.join('|')})$`, ...repeat];
  if (report.run.strict && given.flags.strict === undefined) argv.push('--strict');
  if (given.file === undefined && report.run.env && given.flags.env === undefined && !env.MOCKAPI_ENV?.trim()) argv.push('--env', report.run.env);
  return argv;
}

/**
 * Where what the run is held to differs from the report's run: your profile, strictness and --read-only, each said
 * beside the report's; empty where they agree. A report never makes a replay judge less, or send more.
 */
function yourSettingsSaid(config: Pick<RunConfig, 'profile' | 'strict' | 'readOnly'>, report: ConformanceReport): string {
  const said: string[] = [];
  if (config.profile !== report.target.profile) said.push(`profile ${config.profile}, not the report's ${inertLine(String(report.target.profile))}`);
  const strict = (yes: boolean | undefined) => (yes ? 'strict' : 'not strict');
  if (Boolean(config.strict) !== Boolean(report.run.strict)) said.push(`${strict(config.strict)}, not the report's ${strict(report.run.strict)}`);
  if (config.readOnly && !report.run.readOnly) said.push("read-only, where the report's run was not");
  return said.length > 0 ? `; with your settings: ${said.join('; ')}` : '';
}

/** A replay's name for a report file: NAME.replay.EXT beside it. */
function replayName(file: string): string {
  const ext = extname(file);
  return join(dirname(file), `${basename(file, ext)}.replay${ext}`);
}

/**
 * The reports the replay writes: those its settings name (the config environment's, the variables') under names
 * of their own, those its flags name as given; a flag that names the report replayed is a ConfigError.
 */
function replayReports(config: RunConfig, given: Given, source: string, cwd: string): string[] {
  const written: string[] = [];
  for (const [option, flag] of REPORTS) {
    const file = config[option];
    if (file === undefined) continue;
    if (given.flags[flag] === undefined) config[option] = replayName(file);
    else if (resolve(cwd, file) === resolve(cwd, source)) throw new ConfigError(`--${flag} names the report replayed: give the replay's report another name`);
    written.push(config[option]!);
  }
  return written;
}

/**
 * Where the replay goes, and the line that says so when it is not where the report's run went; a ConfigError when
 * the report verified a deployment by URL and none is given now: a report never chooses where the key is sent.
 */
function destination(config: Pick<RunConfig, 'baseUrl' | 'profile'>, report: ConformanceReport): { where: string; differs?: string } {
  const was = report.target.embedded ? 'the embedded reference deployment' : report.target.baseUrl;
  const now = config.baseUrl ?? (config.profile === 'mock' ? 'the local Prism mock' : 'the embedded reference deployment');
  if (!config.baseUrl && !report.target.embedded && config.profile === 'live')
    throw new ConfigError(
      `the report verified ${was}, and a report never chooses where your key goes: give the deployment by --base-url, MOCKAPI_BASE_URL or --env`,
    );
  return { where: now, ...(now !== was ? { differs: `the report verified ${was}; this replay verifies ${now}, as given now` } : {}) };
}

/** One line for a check run again: fixed, still failing, or not judged, with why (untrusted text, inert). */
function replayLine(id: string, now: CheckResult | undefined): { line: string; standing: 'fixed' | 'failing' | 'unjudged' } {
  if (!now) return { line: `not judged     ${id}: no check has this id now`, standing: 'unjudged' };
  const why = bounded(inertLine(now.message.split('\n')[0] ?? ''), 200);
  if (now.outcome === 'passed') return { line: `fixed          ${id}`, standing: 'fixed' };
  if (now.outcome === 'failed' || now.outcome === 'warned') return { line: `still failing  ${id} (${now.outcome}): ${why}`, standing: 'failing' };
  return { line: `not judged     ${id} (${now.outcome}): ${why}`, standing: 'unjudged' };
}

/** What a replay is: the report and where it came from, the ids to run again, and the run's arguments. */
interface Replay {
  source: string;
  report: ConformanceReport;
  ids: string[];
  argv: string[];
  given: Given;
}

/** The report read and the run's arguments made; undefined when there is nothing to replay (said). */
function prepare(args: string[], io: CommandIo): Replay | undefined {
  const given = readArguments(args);
  const source = given.file ?? keptRedReport(given.flags, io);
  const report = readReport(source);
  if (report.exit) throw new ConfigError(`${source} judged nothing (exit ${report.exit.code}): there is no check to run again`);
  // a retired id names no check of this version: it is said, not run again
  for (const c of toReplay(report).filter((c) => retiredWhy(c.id))) io.write(`retired        ${c.id}: not run again, ${retiredWhy(c.id)}\n`);
  const ids = toReplay(report)
    .filter((c) => !retiredWhy(c.id))
    .map((c) => c.id);
  if (ids.length === 0) {
    io.write(`Nothing to replay: no check of ${inertLine(source)} failed, warned or errored\n`);
    return undefined;
  }
  return { source, report, ids, argv: runArguments(given, report, ids, io.env), given };
}

export async function runReplay(args: string[], io: CommandIo): Promise<number> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.write(`${REPLAY_USAGE}\n${REPLAY_ABOUT}\n`);
    return EXIT.passed;
  }
  const warning = keyFlagWarning(args);
  if (warning) io.error(`mockapi-conformance replay: warning: ${warning}\n`);
  let replay: Replay | undefined;
  try {
    replay = prepare(args, io);
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof DiffUsageError)) throw error;
    io.error(`mockapi-conformance replay: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
  return replay ? replayChecks(replay, io) : EXIT.passed;
}

/** The run's configuration, where it goes and the reports it writes; the report's fixtures not set again are named. */
function configure({ argv, report, source, given }: Replay, io: CommandIo): { config: RunConfig; where: string; written: string[] } {
  // a run given no base URL verifies the embedded reference: where the report verified a URL, that is said first
  const yours = reportSettings(argv, io.env, io.cwd);
  if (!report.target.embedded && yours.baseUrl === undefined) destination({ baseUrl: undefined, profile: yours.profile }, report);
  const { config } = parseCommand(argv, io.env, io.cwd);
  const { where, differs } = destination(config, report);
  const written = replayReports(config, given, source, io.cwd);
  if (differs) io.error(`mockapi-conformance replay: ${inertLine(differs)}\n`);
  // the report holds the fixtures' variables, not their ids: one not given again skips the checks that need it
  const now = new Set(fixtureVariables(config.fixtures));
  for (const variable of (report.run.fixtures ?? []).filter((v) => !now.has(v))) {
    io.error(`mockapi-conformance replay: warning: the report's run had ${inertLine(variable)} set, this one has not: the checks that need it are skipped\n`);
  }
  return { config, where, written };
}

/** The run of the checks again, its own lines left out but its errors, a line per check, and where its reports are. */
async function replayChecks(replay: Replay, io: CommandIo): Promise<number> {
  let configured;
  try {
    configured = configure(replay, io);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.error(`mockapi-conformance replay: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
  const { config, where, written } = configured;
  const { ids, report, source } = replay;
  const run = report.run;
  const inFlight = run.concurrency !== undefined && !run.adaptive ? `, ${run.concurrency} requests in flight` : '';
  const env = config.environment ? ` (environment ${config.environment})` : '';
  io.write(
    `${inertLine(
      `Replaying ${ids.length} check${ids.length === 1 ? '' : 's'} of ${source} against ${where}${env}, seed ${run.seed}, ${run.runs} runs per property${inFlight}${yourSettingsSaid(config, report)}`,
    )}\n`,
  );
  const { runConformance } = await import('../vitest/run.ts');
  const { exitCode, report: again } = await runConformance(config, { ...io, write: () => {} }, { keep: false });
  if (!again) return exitCode;
  const byId = new Map(again.checks.map((c) => [c.id, c]));
  const lines = ids.map((id) => replayLine(id, byId.get(id)));
  for (const { line } of lines) io.write(`${line}\n`);
  const count = (s: string) => lines.filter((l) => l.standing === s).length;
  io.write(`${count('fixed')} fixed, ${count('failing')} still failing, ${count('unjudged')} not judged\n`);
  if (written.length > 0) io.write(`Reports of this replay: ${written.map(inertLine).join(', ')}\n`);
  if (count('failing') > 0) return EXIT.failed;
  return count('unjudged') > 0 ? EXIT.unjudged : EXIT.passed;
}
