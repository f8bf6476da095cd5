// A conformance run: open the target (openTarget), then run the checks of suites/ through vitest's Node API with
// the run described to the worker (RunDescription, by vitest's provide), let the reporters write the report, and
// turn it into an exit code. Its life and its stop are RunLife's: Ctrl-C, the bound or a key refused part-way stop
// every request at once, and what the checks changed is put back (organisationGuard) once the worker has ended
// (awaitChecks, the one place a run's stop is waited for).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createVitest } from 'vitest/node';
import { CODE_ROOT, packageVersion } from '../../contract/package-root.ts';
import { ConformanceReporter, type ReportedRun } from './conformance-reporter.ts';
import type { ConformanceReport, RunSection } from '../../contract/report.ts';
import { generatedSaid } from '../../reporters/summary.ts';
import { ProgressReporter } from './progress-reporter.ts';
import type { Target } from '../judge/target.ts';
import type { RunDescription } from '../harness/run-description.ts';
import type { RunConfig } from '../run/config.ts';
import { BaselineError, readBaseline, updateBaseline, type BaselineEntry } from '../run/baseline.ts';
import { RunLife, type StopReason } from '../run/run-life.ts';
import { organisationGuard } from '../run/guard.ts';
import { describeRun, notOpenedReason, openTarget, type NotOpened } from '../run/open-target.ts';
import { shellArgument } from '../http/client.ts';
import { proxySecrets } from '../http/network.ts';
import { harRecorder } from '../http/har-log.ts';
import { reportFormats } from '../../reporters/formats.ts';
import { checksProject } from './checks-project.ts';
import { provided } from './crossing.ts';
import { EXIT, exitCodeOf } from '../../contract/exit.ts';
import { inertLine, quotedLine } from '../../contract/untrusted.ts';
import { writeUnjudged } from '../run/unjudged-run.ts';
import { fixtureVariables } from '../../contract/fixtures.ts';
import { privateCacheDirectory } from '../run/cache-directory.ts';
import { WorkerMemory } from './worker-memory.ts';
import { isRed, keepReport, toReplay } from '../run/kept-report.ts';
import { STATE_FILE, unrecordable } from '../run/deletions.ts';
import { FIXTURE_VARIABLES } from '../../contract/fixtures.ts';

export interface RunOutput {
  write(text: string): void;
  error(text: string): void;
  /** the output is a terminal: progress is one line rewritten in place */
  tty: boolean;
  /**
   * Ctrl-C (SIGINT, SIGTERM) is the run's: it stops the checks and puts back what they changed (the command;
   * the default). false: the process's handlers are left as they are (a run called as a library).
   */
  signals?: boolean;
}

const consoleOutput: RunOutput = {
  write: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(text),
  tty: process.stdout.isTTY === true,
};

/**
 * Where vitest (Vite) keeps its cache: MOCKAPI_CACHE_DIR, else a private directory of this user and version
 * (privateCacheDirectory). Vite's default, node_modules/.vite under the root, is inside the installed
 * package, which a run must leave as it found it (and which may not be writable).
 */
function cacheDirectory(config: Pick<RunConfig, 'cacheDir'>): string {
  return config.cacheDir ?? privateCacheDirectory(process.env, packageVersion());
}

/**
 * What the report records of the run: what repeats it (the seed, the runs per property, the requests in flight,
 * --only, --read-only), the config file's environment, strictness, the share to judge and the fixtures' variables.
 */
function runSection(config: RunConfig, target: Target): RunSection {
  return {
    seed: target.seed,
    runs: target.runs,
    strict: config.strict,
    concurrency: target.concurrency,
    ...(target.adaptiveCeiling !== undefined ? { adaptive: true } : {}),
    // as given: a RegExp's source writes every / as \/
    ...(config.only ? { only: config.only.source.replace(/\\\//g, '/') } : {}),
    ...(target.readOnly ? { readOnly: true } : {}),
    ...(config.environment ? { env: config.environment } : {}),
    fixtures: fixtureVariables(config.fixtures),
    ...(config.minJudged !== undefined ? { minJudged: config.minJudged } : {}),
  };
}

/** What a run prints before its checks: the target, the seed, runs and what else a rerun needs, and what an earlier run consumed. */
function header(config: RunConfig, target: Target, description: string, deleting: string[]): string {
  const lines = [`Verifying ${description}, profile ${config.profile}${target.readOnly ? ', read-only' : ''}`];
  const chosen =
    config.runs === undefined ? `; ${target.runs} runs for the latency measured before the run, ${target.latencyMs.toFixed(1)} ms (--runs sets it)` : '';
  lines.push(`Generated payloads: ${inertLine(generatedSaid(runSection(config, target)))}${chosen}`);
  if (config.only) lines.push(`Only the checks whose id or name matches ${inertLine(String(config.only))}`);
  if (target.keyRefused) lines.push(`Preflight: ${target.keyRefused}; only AUTH-* checks run (--only), so they judge it`);
  else if (target.preflightRequests)
    lines.push(
      `Preflight: ${target.preflightRequests} reads before the checks (GET only; they change nothing): the key is accepted and the base URL answers as the interface`,
    );
  for (const reason of Object.values(target.missingFixtures ?? {})) lines.push(`Preflight: ${reason}; the checks that need it end errored`);
  // where the run's records go: the next run reads them to tell a fixture it deleted from one named wrong
  const consumed = Object.keys(target.deletions?.consumed ?? {}).map((name) => FIXTURE_VARIABLES[name as keyof typeof FIXTURE_VARIABLES]);
  const toDelete = deleting.filter((variable) => !consumed.includes(variable));
  if (toDelete.length > 0) lines.push(`Deletes ${toDelete.join(' and ')} once, recorded in ${inertLine(config.stateFile ?? '')} (--state-file)`);
  for (const d of Object.values(target.deletions?.consumed ?? {})) {
    lines.push(
      `Deleted by an earlier run (${inertLine(target.deletions!.stateFile ?? '')}): ${d.resource} at ${d.deletedAt}; the checks that delete it end errored (could not judge), sending nothing`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The run's worker under way: vitest running every check, and what ends it. */
interface StartedChecks {
  reporter: ConformanceReporter;
  /** vitest's run, settled once every check has ended */
  running: Promise<unknown>;
  /** stops the checks not yet started; those under way end at once (the gate refuses what they send) */
  cancel(): Promise<void>;
  /** whether the worker ran out of memory (WorkerMemory) */
  outOfMemory(): boolean;
  /** the run is over: vitest closes (its reporters write the report) */
  close(): Promise<void>;
}

/** vitest's configuration of a run: the checks' project (checksProject), with ours as its only reporters and the run provided. */
function vitestOptions(output: RunOutput, reporter: ConformanceReporter, run: RunDescription) {
  return {
    ...checksProject(),
    config: false as const,
    watch: false,
    // ours alone: vitest's own wrote colour codes into pipes, and the summary says what it said
    reporters: [new ProgressReporter({ write: output.write, tty: output.tty }), reporter],
    // --only is held against each check's id and name by the run itself (CheckRun.checksOf), not by vitest's name filter
    provide: provided(run),
  };
}

/**
 * Starts the run's worker through vitest's Node API, the target open and described (RunDescription), and the
 * report's frame set (ReportedRun). Undefined when the run stopped while vitest was set up: nothing was started.
 */
async function startChecks(
  config: RunConfig,
  output: RunOutput,
  run: RunDescription,
  reported: ReportedRun,
  life: RunLife,
): Promise<StartedChecks | undefined> {
  const reporter = new ConformanceReporter();
  const vitest = await createVitest('test', vitestOptions(output, reporter, run), { logLevel: 'error', cacheDir: cacheDirectory(config) });
  // vitest's handlers exit the process before anything is put back: the run's own are put back in front
  life.takeSignals();
  if (life.reason !== undefined) {
    await vitest.close();
    return undefined;
  }
  const memory = new WorkerMemory();
  reporter.opened(reportFormats(config, output.write), { ...reported, outOfMemory: () => memory.outOfMemory });
  const running = vitest.start();
  // awaited by awaitChecks; until then a rejection is not yet anyone's to handle
  running.catch(() => {});
  return {
    reporter,
    running,
    outOfMemory: () => memory.outOfMemory,
    cancel: () => vitest.cancelCurrentRun('keyboard-input'),
    async close() {
      await vitest.close().catch(() => {});
      memory.close();
      // vitest sets its own exit code; the verdict is ours
      process.exitCode = undefined;
    },
  };
}

/**
 * What the report says of the run besides its checks, now that the target is open; `runErrors` says, at the run's
 * end, why it stopped if it did.
 */
export function reportedRun(config: RunConfig, target: Target, runErrors: () => string[]): ReportedRun {
  return {
    root: CODE_ROOT,
    target: { baseUrl: target.baseUrl, profile: config.profile, embedded: target.embedded },
    run: runSection(config, target),
    version: packageVersion(),
    secrets: { $MOCKAPI_TOKEN: target.token, $MOCKAPI_FORBIDDEN_TOKEN: target.forbiddenToken, ...proxySecrets(target.network) },
    preflightRequests: target.preflightRequests,
    baseline: config.baseline,
    runErrors,
  };
}

/** How long the checks under way at a stop have to end (what they put back included) before the worker is closed. */
const STOP_GRACE_MS = 5000;

/**
 * Runs the checks against the opened target: the put-back's guard (it reads the organisation's name before any
 * check can change it), the report's frame, then the worker. What they changed is put back after the worker has
 * ended, and said last.
 */
async function runChecks(config: RunConfig, output: RunOutput, target: Target, life: RunLife, harLog: string | undefined) {
  const guard = output.signals === false ? undefined : await organisationGuard(target, harLog ? harRecorder(harLog, 'put-back') : undefined, life.gate);
  // a second Ctrl-C gives up the put-back: the last line says what is left to do
  life.onForced = () => forced(output, guard ? guard.abandoned() : "the run puts back only the organisation's name, and had none to put back");
  // stopped before the checks: nothing was changed yet, nothing to put back
  if (life.reason !== undefined) return { stopped: life.reason };
  const run = describeRun(config, target, life.gate.buffer, harLog, 'requirement');
  const runErrors = () => [...(life.reason === undefined ? [] : [stopLine(config, life)]), ...(life.gate.writesRefused ? [writesRefusedLine(target)] : [])];
  const checks = await startChecks(config, output, run, reportedRun(config, target, runErrors), life);
  if (!checks) return { stopped: life.reason };
  await awaitChecks(checks, life);
  // the worker has ended: nothing of the checks can rename the organisation after this
  if (life.reason !== undefined && guard) output.error(`mockapi-conformance: ${await guard.restore()}\n`);
  return { stopped: life.reason, report: checks.reporter.report, outOfMemory: checks.outOfMemory() };
}

/**
 * The one place a run's stop is waited for: the checks end, or the run stops (Ctrl-C, its bound, the key refused:
 * the gate already refuses every request), and then the checks not started are cancelled and those under way have
 * STOP_GRACE_MS to end before vitest closes.
 */
async function awaitChecks(checks: StartedChecks, life: RunLife): Promise<void> {
  await Promise.race([checks.running.catch(() => {}), life.stopped]);
  if (life.reason !== undefined) {
    await checks.cancel();
    await Promise.race([checks.running.catch(() => {}), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
  }
  await checks.close();
}

/** A second Ctrl-C: the process ends at once, and says what is left as it was. */
function forced(output: RunOutput, left: string): never {
  output.error(`mockapi-conformance: interrupted again, leaving at once: ${left}\n`);
  process.exit(EXIT.interrupted);
}

/** The one line that says why the run stopped: said as it stops, and among the report's errors outside any check. */
function stopLine(config: RunConfig, life: RunLife): string {
  switch (life.reason) {
    case 'interrupted':
      return 'interrupted; stopping the checks and putting back what they changed';
    case 'bound':
      return `the run was stopped after ${config.runTimeoutMs / 1000} s (--run-timeout-ms): nothing more is sent; checks under way end errored, saying so, and checks not yet started are not reported`;
    default:
      return `the key stopped being accepted after ${life.gate.sentWhenStopped} requests of the run (a request with it was answered 401, and so was the read accepted with it before the run): the run stopped; the checks not yet judged end errored. Check MOCKAPI_TOKEN or --token`;
  }
}

/**
 * The one line that says the key may read but not write (RunGate.writesRefused, src/http/write-watch.ts): said as the
 * run ends, and among the report's errors outside any check.
 */
function writesRefusedLine(target: Target): string {
  const organisation = quotedLine(target.fixtures.organisationId ?? '', 200);
  return `the key lacks the permission to write: a write with it was answered 403, and so was renaming the organisation ${organisation} to its own name, though reads with it are answered. The checks that write ended errored, not judged; the reads were judged. Give MOCKAPI_TOKEN or --token a key that may change the fixtures`;
}

/**
 * The exit code a report stands for (exitCodeOf): --only that matched nothing is a usage error, and
 * --update-baseline is a write: 0 once written.
 */
function verdict(config: RunConfig, report: ConformanceReport, output: RunOutput, previous: readonly BaselineEntry[]): number {
  const ranNothing = report.checks.length === 0;
  if (ranNothing && config.only) {
    output.error(`mockapi-conformance: no check's id or name matches --only ${inertLine(config.only.source)}\n`);
    return EXIT.usage;
  }
  if (ranNothing) output.error('mockapi-conformance: no check ran\n');
  if (config.updateBaseline) {
    output.write(updateBaseline(config.updateBaseline, report, previous, config.updateBaselineWithErrored));
    // writing the file is what was asked: it succeeded (the summary above says what failed)
    return EXIT.passed;
  }
  return exitCodeOf(report);
}

/** The entries of the file --update-baseline is to rewrite, read before any request: a broken one is a configuration error. */
function previousBaseline(config: RunConfig): BaselineEntry[] | string {
  if (!config.updateBaseline || !existsSync(config.updateBaseline)) return [];
  try {
    return readBaseline(config.updateBaseline);
  } catch (error) {
    if (error instanceof BaselineError) return `--update-baseline: ${error.message}`;
    throw error;
  }
}

/**
 * --report-har: the log of the run's exchanges written out as one HAR file, and a line that says where and how
 * many, and why fewer than the run sent if so. Written however the run ended: a refused key is shared too.
 */
async function writeTraffic(file: string, log: string, report: ConformanceReport | undefined, output: RunOutput): Promise<void> {
  const { writeHar } = await import('../http/har-log.ts');
  const comment = `Every exchange of a mockapi-conformance run${report ? ` (seed ${report.run.seed})` : ''}, keys redacted ($MOCKAPI_TOKEN stands for the key): judge it again with mockapi-conformance check-har FILE`;
  const count = writeHar(log, file, { name: 'mockapi-conformance', version: packageVersion() }, comment);
  rmSync(dirname(log), { recursive: true, force: true });
  const sent = report ? report.summary.requests + (report.summary.preflightRequests ?? 0) : count;
  output.write(
    `HAR: ${count} exchange${count === 1 ? '' : 's'}: ${inertLine(file)}${sent > count ? ` (the run sent ${sent}: ${sent - count} could not be written)` : ''}\n`,
  );
}

/**
 * What a run says last, once its reports are written: the report kept beside the state file (keepReport), and for
 * a red run the command that replays it; without a state file, its JSON report, if any.
 */
function closing(config: RunConfig, output: RunOutput, result: { exitCode: number; report?: ConformanceReport }): void {
  const { exitCode, report } = result;
  if (!report || report.checks.length === 0) return;
  const kept = config.stateFile ? keepReport(config.stateFile, report, exitCode) : {};
  if (!isRed(report, exitCode)) return;
  // a directory it cannot write (a read-only checkout) is said where the replay would be named, and only there
  if (kept.failed) output.error(`mockapi-conformance: ${inertLine(kept.failed)}\n`);
  const count = toReplay(report).length;
  // a path as one shell argument, so that the line runs as printed whatever the path holds
  const from = kept.red
    ? config.stateFile === resolve(STATE_FILE)
      ? ''
      : ` --state-file ${shellArgument(config.stateFile!)}`
    : config.reportJson && ` ${shellArgument(config.reportJson)}`;
  if (from === undefined) return;
  output.write(`Replay the ${count} check${count === 1 ? '' : 's'} that did not pass: mockapi-conformance replay${inertLine(from)}\n`);
}

/**
 * How a run ends besides its verdict: replay's runs keep no report (keep: false), so that they never overwrite what
 * they replay; nor do the library's, which hand theirs back.
 */
interface RunEnding {
  keep?: boolean;
}

/**
 * The variables of the fixtures the run is to delete: those named, of a deployment given by URL (the embedded
 * reference and Prism start afresh each run), that a check the run has deletes; none with --read-only.
 */
async function fixturesDeleted(config: RunConfig): Promise<string[]> {
  if (!config.baseUrl || config.profile !== 'live' || config.readOnly || config.stateFile === undefined) return [];
  const named = Object.keys(config.fixtures).filter((name) => config.fixtures[name as keyof typeof config.fixtures] !== undefined);
  if (named.length === 0) return [];
  const { catalogue } = await import('../harness/catalogue.ts');
  const only = config.only;
  const deleted = (await catalogue())
    .filter((e) => e.profiles.includes('live') && (!only || only.test(e.id) || only.test(`${e.requirement} ${e.title}`)))
    .flatMap((e) => (e.deletes && named.includes(e.deletes) ? [e.deletes] : []));
  return [...new Set(deleted)].map((name) => FIXTURE_VARIABLES[name]);
}

/** A run that could not record what it deletes refuses to run: one line, and the reports asked for say why. */
async function unrecorded(config: RunConfig, output: RunOutput, deleting: string[]): Promise<{ exitCode: number } | undefined> {
  const reason = unrecordable(config.stateFile ?? '', deleting);
  if (reason === undefined) return undefined;
  output.error(`mockapi-conformance: ${reason}\n`);
  await writeUnjudged(config, { exitCode: EXIT.usage, reason }, output.write);
  return { exitCode: EXIT.usage };
}

export async function runConformance(
  config: RunConfig,
  output: RunOutput = consoleOutput,
  { keep = true }: RunEnding = {},
): Promise<{ exitCode: number; report?: ConformanceReport }> {
  const previous = previousBaseline(config);
  if (typeof previous === 'string') {
    output.error(`mockapi-conformance: ${previous}\n`);
    await writeUnjudged(config, { exitCode: EXIT.usage, reason: previous }, output.write);
    return { exitCode: EXIT.usage };
  }
  const deleting = await fixturesDeleted(config);
  const refused = await unrecorded(config, output, deleting);
  if (refused) return refused;
  // the run's life starts here: Ctrl-C and the bound stop it from this instant on
  const life = new RunLife({ signals: output.signals !== false, runTimeoutMs: config.runTimeoutMs });
  // said as the run stops, whatever it is doing then
  void life.stopped.then(() => output.error(`mockapi-conformance: ${stopLine(config, life)}\n`));
  life.onForced = () => forced(output, 'nothing had been changed yet');
  await life.caughtUp();
  // --report-har: each exchange is appended here as it ends (the worker's, the preflight's), written out at the end
  const harLog = config.reportHar ? join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-har-')), 'exchanges.jsonl') : undefined;
  let report: ConformanceReport | undefined;
  let result: { exitCode: number; report?: ConformanceReport };
  try {
    result = await judgeTarget(config, output, { previous, deleting }, harLog, life, (r) => (report = r));
  } finally {
    life.close();
    if (harLog) await writeTraffic(config.reportHar!, harLog, report, output);
  }
  if (keep) closing(config, output, result);
  return result;
}

/** The exit code of a run that stopped: 130 for Ctrl-C, 5 for a key refused part-way, and for the bound what its report stands for (4 without one). */
function stoppedExit(reason: StopReason, config: RunConfig, report: ConformanceReport | undefined, output: RunOutput, previous: BaselineEntry[]): number {
  if (reason === 'interrupted') return EXIT.interrupted;
  if (reason === 'key-refused') return EXIT.misconfigured;
  return report ? verdict(config, report, output, previous) : EXIT.unjudged;
}

/** A target that could not be opened: one line, the reports asked for, and the exit code that says why. */
async function notOpened(opened: NotOpened, config: RunConfig, output: RunOutput): Promise<{ exitCode: number }> {
  const [exitCode, reason] = ['unreachable' in opened ? EXIT.unreachable : EXIT.misconfigured, notOpenedReason(opened)];
  output.error(`mockapi-conformance: ${reason}\n`);
  await writeUnjudged(config, { exitCode, reason, baseUrl: opened.baseUrl }, output.write);
  return { exitCode };
}

/** A run stopped before its checks began: it changed nothing; the reports asked for say why it judged nothing. */
async function stoppedBeforeChecks(
  life: RunLife,
  config: RunConfig,
  output: RunOutput,
  previous: BaselineEntry[],
  baseUrl: string,
): Promise<{ exitCode: number }> {
  const exitCode = stoppedExit(life.reason!, config, undefined, output, previous);
  await writeUnjudged(config, { exitCode, reason: stopLine(config, life), baseUrl }, output.write);
  return { exitCode };
}

/** The run once its configuration is read: the target opened, the checks run, the verdict. */
async function judgeTarget(
  config: RunConfig,
  output: RunOutput,
  { previous, deleting }: { previous: BaselineEntry[]; deleting: string[] },
  harLog: string | undefined,
  life: RunLife,
  reported: (report: ConformanceReport) => void,
): Promise<{ exitCode: number; report?: ConformanceReport }> {
  const opened = await openTarget(config, harLog ? harRecorder(harLog, 'preflight') : undefined, life.gate);
  if (!('target' in opened)) {
    return life.reason !== undefined ? stoppedBeforeChecks(life, config, output, previous, opened.baseUrl) : notOpened(opened, config, output);
  }
  try {
    if (life.reason !== undefined) return await stoppedBeforeChecks(life, config, output, previous, opened.target.baseUrl);
    output.write(header(config, opened.target, opened.description, deleting));
    const { stopped, report, outOfMemory } = await runChecks(config, output, opened.target, life, harLog);
    if (report) reported(report);
    // a worker out of memory judged part of the run only, whatever it found by then; its report says so
    if (report && outOfMemory) return { exitCode: EXIT.unjudged, report };
    // stopped before vitest started its checks: nothing was changed, and the reports asked for say why nothing was judged
    if (stopped !== undefined && !report) return await stoppedBeforeChecks(life, config, output, previous, opened.target.baseUrl);
    if (stopped !== undefined) return { exitCode: stoppedExit(stopped, config, report, output, previous), report };
    // a key that may not write: one line, and exit 5 where no check failed (a failed read is a verdict, exit 1); a run
    // that stopped said why already, and its report holds this line too
    if (life.gate.writesRefused) output.error(`mockapi-conformance: ${writesRefusedLine(opened.target)}\n`);
    if (!report) {
      const reason = 'the run ended before any result was reported';
      output.error(`mockapi-conformance: ${reason}\n`);
      await writeUnjudged(config, { exitCode: EXIT.unjudged, reason, baseUrl: opened.target.baseUrl }, output.write);
      return { exitCode: EXIT.unjudged };
    }
    const exitCode = verdict(config, report, output, previous);
    return { exitCode: life.gate.writesRefused && exitCode !== EXIT.failed ? EXIT.misconfigured : exitCode, report };
  } finally {
    await opened.close();
  }
}
