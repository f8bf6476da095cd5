// The evidence of the last runs, kept where `replay` finds it without a flag: the report of the last run that judged,
// beside the state file (what a run remembers, src/run/deletions.ts), and the last red one's (a check failed, warned
// or errored, and the run did not pass) in the user's own state folder, one file per state file. A checkout cannot
// hold the red run replay takes: a file there is anyone's, and replay runs it with the user's key. A green run
// removes it; a replay keeps neither: it never overwrites what it replays.
import { createHash } from 'node:crypto';
import { lstatSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EXIT } from '../../contract/exit.ts';
import type { CheckResult, ConformanceReport } from '../../contract/report.ts';
import { jsonInert } from '../../contract/untrusted.ts';
import { reportJson } from '../../reporters/json.ts';
import { writePrivateFile } from '../../reporters/private-file.ts';
import { privateDirectory } from './cache-directory.ts';
import { stateFolder } from './state-folder.ts';

/** The folder of red runs, red-runs in the user's state folder, held to being the user's alone; undefined where one is not. */
function redRunsFolder(env: NodeJS.ProcessEnv, uid: number | undefined): string | undefined {
  const state = stateFolder(env, uid);
  const folder = state && join(state, 'red-runs');
  return folder && privateDirectory(folder, uid) ? folder : undefined;
}

/**
 * The files of a state file: the last run's report beside it, and the last red run's in the user's state folder,
 * named by the state file's path (undefined: no private state folder, so no red run is kept or read).
 */
export function keptReports(
  stateFile: string,
  env: NodeJS.ProcessEnv = process.env,
  uid: number | undefined = process.getuid?.(),
): { last: string; red: string | undefined } {
  const folder = redRunsFolder(env, uid);
  const name = createHash('sha256').update(resolve(stateFile)).digest('hex').slice(0, 32);
  return { last: join(dirname(stateFile), '.mockapi-conformance-last-run.json'), red: folder && join(folder, `${name}.json`) };
}

/**
 * Why a kept red run is not the user's to replay: not a plain file of its own (a link, a file linked elsewhere too),
 * another user's, or writable by others. Undefined: it is the user's.
 */
export function notYours(file: string, uid: number | undefined = process.getuid?.()): string | undefined {
  const stat = lstatSync(file);
  if (!stat.isFile() || stat.nlink > 1) return 'not a file of its own';
  // where the system has no owners and modes (Windows), a plain file in the user's private folder is what can be told
  if (uid === undefined) return undefined;
  if (stat.uid !== uid) return "another user's";
  return (stat.mode & 0o022) !== 0 ? 'writable by others' : undefined;
}

/** The checks a replay runs again: those that failed, warned or errored. */
export const toReplay = (report: ConformanceReport): CheckResult[] =>
  report.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'warned' || c.outcome === 'errored');

/** A red run: it did not pass (a failure, or checks that could not judge), and has checks to replay. */
export const isRed = (report: ConformanceReport, exitCode: number): boolean =>
  (exitCode === EXIT.failed || exitCode === EXIT.unjudged) && toReplay(report).length > 0;

/**
 * Keeps the report of a run that judged, as --report-json writes it: the last run's always, the last red run's too
 * when it is red; a run that passed removes the red one, which it supersedes. Returns the red one's file when it was
 * kept, or why a file could not be written.
 */
export function keepReport(
  stateFile: string,
  report: ConformanceReport,
  exitCode: number,
  env: NodeJS.ProcessEnv = process.env,
): { red?: string; failed?: string } {
  const files = keptReports(stateFile, env);
  const text = `${jsonInert(reportJson(report))}\n`;
  try {
    writePrivateFile(files.last, text);
    if (exitCode === EXIT.passed && files.red) rmSync(files.red, { force: true });
    if (!isRed(report, exitCode)) return {};
    if (!files.red) return { failed: 'no private state folder ($XDG_STATE_HOME or ~/.local/state) keeps the red run; --report-json FILE keeps one for replay' };
    writePrivateFile(files.red, text);
    return { red: files.red };
  } catch (error) {
    return { failed: `could not keep the report (${(error as Error).message}); --report-json FILE keeps one for replay` };
  }
}
