// A conformance run: open the target (src/run/target.ts), run the checks of suites/ through vitest's Node API
// with the target provided to every worker, let the reporters write the report, and turn it into an exit
// code. Its life and its stop are src/run/run-life.ts's: Ctrl-C, the bound or a key refused part-way stop every request
// at once, and what the checks changed is put back (src/run/guard.ts) once the worker has ended.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createVitest } from 'vitest/node';
import { CODE_ROOT, PACKAGE_ROOT, packageVersion, SOURCE_EXTENSION } from '../../contract/package-root.ts';
import { openApiDocument } from '../../contract/schemas.ts';
import { ConformanceReporter, type ReportedRun } from './conformance-reporter.ts';
import type { ConformanceReport } from '../../contract/report.ts';
import { ProgressReporter } from './progress-reporter.ts';
import type { Target } from '../harness/check.ts';
import type { RunConfig } from './config.ts';
import { BaselineError, readBaseline, updateBaseline, type BaselineEntry } from './baseline.ts';
import { RunLife, type StopReason } from './run-life.ts';
import type { OrganisationGuard } from './guard.ts';
import { targetAnnouncer } from '../harness/target-channel.ts';
import { EXIT, exitCodeOf } from '../../contract/exit.ts';
import { inertLine } from '../../contract/untrusted.ts';
import { writeUnjudged } from './unjudged-run.ts';
import { fixtureVariables } from '../../contract/fixtures.ts';
import { privateCacheDirectory } from './cache-directory.ts';
import { WorkerMemory } from './worker-memory.ts';

/**
 * What opening the target and judging it need besides vitest (undici, the embedded reference, the report's formats:
 * a tenth of a second of imports), loaded once the worker has been started, while its thread boots.
 */
const afterStart = () =>
  Promise.all([
    import('./target.ts'),
    import('./guard.ts'),
    import('../http/network.ts'),
    import('../http/har-log.ts'),
    import('../../reporters/formats.ts'),
  ]).then(([target, guard, network, har, formats]) => ({ ...target, ...guard, ...network, ...har, ...formats }));
type Loaded = Awaited<ReturnType<typeof afterStart>>;

// where bench/main.ts finds the command and its results
export { PACKAGE_ROOT };

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

/** What a run prints before its checks: the target, the seed and runs, and what an earlier run consumed. */
function header(config: RunConfig, target: Target, description: string): string {
  const lines = [`Verifying ${description}, profile ${config.profile}${target.readOnly ? ', read-only' : ''}`];
  const chosen =
    config.runs === undefined ? `; ${target.runs} for the latency measured before the run, ${target.latencyMs.toFixed(1)} ms (--runs sets it)` : '';
  lines.push(`Generated payloads: seed ${target.seed}, ${target.runs} runs per property (rerun with --seed ${target.seed})${chosen}`);
  if (config.only) lines.push(`Only the checks whose id or name matches ${inertLine(String(config.only))}`);
  if (target.keyRefused) lines.push(`Preflight: ${target.keyRefused}; only AUTH-* checks run (--only), so they judge it`);
  else if (target.preflightRequests)
    lines.push(
      `Preflight: ${target.preflightRequests} reads before the checks (GET only; they change nothing): the key is accepted and the base URL answers as the interface`,
    );
  for (const reason of Object.values(target.missingFixtures ?? {})) lines.push(`Preflight: ${reason}; the checks that need it end errored`);
  for (const d of Object.values(target.deletions?.consumed ?? {})) {
    lines.push(
      `Deleted by an earlier run (${inertLine(target.deletions!.stateFile ?? '')}): ${d.resource} at ${d.deletedAt}; the checks that delete it end errored (could not judge), sending nothing`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The run's worker, started while the target is still being opened (startChecks). */
interface StartedChecks {
  reporter: ConformanceReporter;
  /** the target and the run's stop, for the worker: its checks start */
  send(target: Target): void;
  /** vitest's run, settled once every check has ended */
  running: Promise<unknown>;
  /** stops the checks not yet started; those under way end at once (the gate refuses what they send) */
  cancel(): Promise<void>;
  /** the target could not be opened, or the run stopped first: the worker is told so and stopped, nothing is reported */
  abandon(): Promise<void>;
  /** whether the worker ran out of memory (WorkerMemory) */
  outOfMemory(): boolean;
  /** the run is over: vitest closes (its reporters write the report) and its channel goes */
  close(): Promise<void>;
}

/** vitest's configuration of a run: one worker that runs every check at once, with ours as its only reporters. */
function vitestOptions(config: RunConfig, output: RunOutput, harLog: string | undefined, reporter: ConformanceReporter, targetChannel: string) {
  return {
    // the sources from a checkout, dist/ from an installed package
    root: CODE_ROOT,
    config: false as const,
    // one module that imports every suite (suites/run.ts): one worker runs every check, concurrently
    include: [`suites/run${SOURCE_EXTENSION}`],
    watch: false,
    // ours alone: vitest's own wrote colour codes into pipes, and the summary says what it said
    reporters: [new ProgressReporter({ write: output.write, tty: output.tty }), reporter],
    // --only is held by check() against each check's id and name (selectedByOnly), not by vitest's name filter;
    // the target and the run's stop come on their own channel, once the target is open
    provide: {
      openapi: openApiDocument(),
      ...(config.only ? { only: config.only.source } : {}),
      ...(config.maxFailures !== undefined ? { maxFailures: { count: config.maxFailures, strict: config.strict } } : {}),
      ...(harLog ? { harLog } : {}),
      targetChannel,
    },
    setupFiles: [
      ...(SOURCE_EXTENSION === '.ts' ? [join(PACKAGE_ROOT, 'bin', 'worker-tsx.js')] : []),
      join(CODE_ROOT, 'src', 'harness', `worker-setup${SOURCE_EXTENSION}`),
    ],
    // Every check in one worker, all at once: requests in flight are bounded by the client (--concurrency,
    // src/http/client.ts), checks of one fixture by their lane (src/harness/lanes.ts). One worker boots once, compiles the
    // schemas once, and holds the one client whose 429 back-off holds every request.
    pool: 'threads' as const,
    maxWorkers: 1,
    isolate: false,
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // a check waiting for its lane holds a place here: every check of the run may wait at once
    maxConcurrency: 10_000,
    // each check sets its own timeout from what it sends and the latency measured (src/harness/check.ts)
    testTimeout: config.timeoutMs * 6 + 10_000,
    passWithNoTests: false,
  };
}

/**
 * Starts the run's worker through vitest's Node API before the target is open: its thread boots and loads the
 * harness while the command starts the embedded reference, probes and sends the preflight (on loopback some tens of
 * ms of a run's start, 50 ms away about a quarter of a second). The suites wait for the target in the worker
 * (src/harness/target-channel.ts), which comes with the run's stop (RunLife's gate).
 */
async function startChecks(config: RunConfig, output: RunOutput, harLog: string | undefined, life: RunLife): Promise<StartedChecks> {
  const announcer = targetAnnouncer();
  const reporter = new ConformanceReporter();
  // an open channel keeps the process alive: closed again if vitest cannot be set up
  const vitest = await createVitest('test', vitestOptions(config, output, harLog, reporter, announcer.name), {
    logLevel: 'error',
    cacheDir: cacheDirectory(config),
  }).catch((error: unknown) => {
    announcer.close();
    throw error;
  });
  // vitest's handlers exit the process before anything is put back: the run's own are put back in front
  life.takeSignals();
  const memory = new WorkerMemory();
  const running = vitest.start();
  // awaited by close or abandon; until then a rejection is not yet anyone's to handle
  running.catch(() => {});
  const close = async () => {
    await vitest.close().catch(() => {});
    announcer.close();
    memory.close();
    // vitest sets its own exit code; the verdict is ours
    process.exitCode = undefined;
  };
  return {
    reporter,
    running,
    send: (target) => announcer.send(target, life.gate.buffer),
    outOfMemory: () => memory.outOfMemory,
    cancel: () => vitest.cancelCurrentRun('keyboard-input'),
    async abandon() {
      // the worker's setup ends with an error no reporter shows (ABANDONED); vitest.close() alone waits for it
      announcer.abandon();
      await running.catch(() => {});
      await close();
    },
    close,
  };
}

/** What the report says of the run besides its checks, now that the target is open. */
function reportedRun(config: RunConfig, target: Target, loaded: Loaded, life: RunLife): ReportedRun {
  return {
    root: CODE_ROOT,
    target: { baseUrl: target.baseUrl, profile: config.profile, embedded: target.embedded },
    run: {
      seed: target.seed,
      runs: target.runs,
      strict: config.strict,
      concurrency: target.concurrency,
      fixtures: fixtureVariables(config.fixtures),
      ...(config.minJudged !== undefined ? { minJudged: config.minJudged } : {}),
    },
    version: packageVersion(),
    secrets: { $MOCKAPI_TOKEN: target.token, $MOCKAPI_FORBIDDEN_TOKEN: target.forbiddenToken, ...loaded.proxySecrets(target.network) },
    preflightRequests: target.preflightRequests,
    baseline: config.baseline,
    runErrors: () => (life.reason === undefined ? [] : [stopLine(config, life)]),
  };
}

/** How long the checks under way at a stop have to end (what they put back included) before the worker is closed. */
const STOP_GRACE_MS = 5000;

/**
 * Runs the checks against the opened target: the report's frame, the put-back's guard (it reads the organisation's
 * name before any check can change it), then the target sent to the waiting worker. A stop ends the checks at once
 * (the gate refuses their requests); what they changed is put back after the worker has ended, and said last.
 */
async function runChecks(
  checks: StartedChecks,
  config: RunConfig,
  output: RunOutput,
  target: Target,
  loaded: Loaded,
  life: RunLife,
  harLog: string | undefined,
) {
  let guard: OrganisationGuard | undefined;
  try {
    checks.reporter.opened(loaded.reportFormats(config, output.write), { ...reportedRun(config, target, loaded, life), outOfMemory: checks.outOfMemory });
    if (output.signals !== false) guard = await loaded.organisationGuard(target, harLog ? loaded.harRecorder(harLog, 'put-back') : undefined, life.gate);
    const left = guard;
    // a second Ctrl-C gives up the put-back: the last line says what is left to do
    if (left) life.onForced = () => forced(output, left.abandoned());
  } catch (error) {
    await checks.abandon();
    throw error;
  }
  if (life.reason !== undefined) {
    // nothing was changed yet: nothing to put back
    await checks.abandon();
    return { stopped: life.reason };
  }
  checks.send(target);
  if (!guard) life.onForced = () => forced(output, "the run puts back only the organisation's name, and had none to put back");
  await Promise.race([checks.running.catch(() => {}), life.stopped]);
  if (life.reason !== undefined) {
    await checks.cancel();
    await Promise.race([checks.running.catch(() => {}), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
  }
  await checks.close();
  // the worker has ended: nothing of the checks can rename the organisation after this
  if (life.reason !== undefined && guard) output.error(`mockapi-conformance: ${await guard.restore()}\n`);
  return { stopped: life.reason, report: checks.reporter.report };
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

export async function runConformance(config: RunConfig, output: RunOutput = consoleOutput): Promise<{ exitCode: number; report?: ConformanceReport }> {
  const previous = previousBaseline(config);
  if (typeof previous === 'string') {
    output.error(`mockapi-conformance: ${previous}\n`);
    await writeUnjudged(config, { exitCode: EXIT.usage, reason: previous }, output.write);
    return { exitCode: EXIT.usage };
  }
  // the run's life starts here: Ctrl-C and the bound stop it from this instant on
  const life = new RunLife({ signals: output.signals !== false, runTimeoutMs: config.runTimeoutMs });
  // said as the run stops, whatever it is doing then
  void life.stopped.then(() => output.error(`mockapi-conformance: ${stopLine(config, life)}\n`));
  life.onForced = () => forced(output, 'nothing had been changed yet');
  // --report-har: each exchange is appended here as it ends (the worker's, the preflight's), written out at the end
  const harLog = config.reportHar ? join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-har-')), 'exchanges.jsonl') : undefined;
  let report: ConformanceReport | undefined;
  try {
    return await judgeTarget(config, output, previous, harLog, life, (r) => (report = r));
  } finally {
    life.close();
    if (harLog) await writeTraffic(config.reportHar!, harLog, report, output);
  }
}

/** The exit code of a run that stopped: 130 for Ctrl-C, 5 for a key refused part-way, and for the bound what its report stands for (4 without one). */
function stoppedExit(reason: StopReason, config: RunConfig, report: ConformanceReport | undefined, output: RunOutput, previous: BaselineEntry[]): number {
  if (reason === 'interrupted') return EXIT.interrupted;
  if (reason === 'key-refused') return EXIT.misconfigured;
  return report ? verdict(config, report, output, previous) : EXIT.unjudged;
}

/** A target that could not be opened: one line, the reports asked for, and the exit code that says why. */
async function notOpened(
  opened: { unreachable: string; baseUrl: string } | { misconfigured: string; baseUrl: string },
  config: RunConfig,
  output: RunOutput,
): Promise<{ exitCode: number }> {
  const [exitCode, reason] =
    'unreachable' in opened ? [EXIT.unreachable, `cannot reach ${opened.baseUrl}: ${opened.unreachable}`] : [EXIT.misconfigured, opened.misconfigured];
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
  previous: BaselineEntry[],
  harLog: string | undefined,
  life: RunLife,
  reported: (report: ConformanceReport) => void,
): Promise<{ exitCode: number; report?: ConformanceReport }> {
  // the worker boots while the target is opened: vitest first, so that its set-up on this thread does not delay the
  // probe's answers (the latency it measures sizes the run)
  const checks = await startChecks(config, output, harLog, life);
  let loaded: Loaded;
  let opened: Awaited<ReturnType<Loaded['openTarget']>>;
  try {
    loaded = await afterStart();
    opened = await loaded.openTarget(config, harLog ? loaded.harRecorder(harLog, 'preflight') : undefined, life.gate);
  } catch (error) {
    await checks.abandon();
    throw error;
  }
  if (!('target' in opened)) {
    await checks.abandon();
    return life.reason !== undefined ? stoppedBeforeChecks(life, config, output, previous, opened.baseUrl) : notOpened(opened, config, output);
  }
  if (life.reason !== undefined) {
    await checks.abandon();
    await opened.close();
    return stoppedBeforeChecks(life, config, output, previous, opened.target.baseUrl);
  }
  try {
    try {
      output.write(header(config, opened.target, opened.description));
    } catch (error) {
      // the worker waits for a target: told there is none
      await checks.abandon();
      throw error;
    }
    const { stopped, report } = await runChecks(checks, config, output, opened.target, loaded, life, harLog);
    if (report) reported(report);
    // a worker out of memory judged part of the run only, whatever it found by then; its report says so
    if (report && checks.outOfMemory()) return { exitCode: EXIT.unjudged, report };
    if (stopped !== undefined) return { exitCode: stoppedExit(stopped, config, report, output, previous), ...(report ? { report } : {}) };
    if (!report) {
      const reason = 'the run ended before any result was reported';
      output.error(`mockapi-conformance: ${reason}\n`);
      await writeUnjudged(config, { exitCode: EXIT.unjudged, reason, baseUrl: opened.target.baseUrl }, output.write);
      return { exitCode: EXIT.unjudged };
    }
    return { exitCode: verdict(config, report, output, previous), report };
  } finally {
    await opened.close();
  }
}
