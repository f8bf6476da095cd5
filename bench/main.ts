// `npm run bench`: how fast the suite is against the limit of this machine, median of --repeat runs each:
//   (a) the limit: a plain undici loop sending the mix a default run sends, as many in flight as the run;
//   (b) the full default run as a user types it (no arguments: the embedded reference), and the same
//       checks against a reference apart (in this process), which shows what the embedded one costs;
//   (c) the property checks alone at a large run count, against a reference apart;
//   (d) a default run against a reference --latency-ms away (a proxy holds each request that long), with the
//       most requests it had in flight, beside the limit replaying the same mix at that latency and in flight,
//       and its floor: the run's longest chain of round trips that could not overlap, times the latency;
//   (e) the peak memory of a run against a deployment that answers every request with 100 MiB, its length
//       declared and streamed without one (bench/big-answers.ts);
//   (f) the same against answers just under the 8 MiB cap: one JSON string, one object of keys.
// Every conformance run is of the command as installed: compiled (dist/), not the sources through tsx.
// `--rows ae` measures only the rows named (default: all); `--answer-mib N` the size of row (e)'s answers (default
// 100; a fraction too, for a quick run of the row);
// `--compiled DIR` a compilation of the sources to run (tsc -p tsconfig.build.json --outDir DIR) instead of making
// its own (the tests pass theirs).
// Conformance runs are split into phases by the report's check times: start, checks, exit.
// Prints a table and writes bench/results.json. Every conformance run must pass: a benchmark of a failing
// run would measure something else.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runEnvironment } from '../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../reference/server.ts';
import type { ConformanceReport } from '../contract/report.ts';
import { parseCommand } from '../src/run/config.ts';
import { PACKAGE_ROOT } from '../contract/package-root.ts';
import { CI_SEED, DEFAULT_CONCURRENCY } from '../src/run/open-target.ts';
import type { LimitResult } from './limit.ts';
import { BIG_ANSWER_MIB, bigAnswersRun, underCapRun } from './big-answers.ts';
import { cleanEnvironment, measure, type Measured } from './measure.ts';
import { startRecorder } from './recorder.ts';
import type { Keys, RecordedRequest } from './mix.ts';
import { compiledWhenEnded, startCompiling } from './compiled.ts';
import { summarise, formatTable, type Results, type Sample, type Samples } from './results.ts';
import { waitedForDelete } from '../suites/deletes.ts';

const LIMIT = fileURLToPath(new URL('./limit.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** passes over the mix per limit run, after one pass to warm up */
const LIMIT_PASSES = 3;
/** runs per property of (d): what a run chooses for a deployment 10 to 100 ms away */
const LATENCY_RUNS = 20;

class UsageError extends Error {}

const ROWS = 'abcdef';

/** What the benchmark was told: the rows to measure, how often, and the settings of each row. */
interface Options {
  repeat: number;
  runs: number;
  latencyMs: number;
  out: string;
  rows: string;
  answerMiB: number;
  compiled: string | undefined;
}

function options(argv: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        repeat: { type: 'string' },
        runs: { type: 'string' },
        'latency-ms': { type: 'string' },
        out: { type: 'string' },
        rows: { type: 'string' },
        'answer-mib': { type: 'string' },
        compiled: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.split('. ')[0]!);
  }
  const whole = (name: string, text: string | undefined, fallback: number, min: number): number => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} must be a whole number from ${min}, not "${text}"`);
    return Number(text);
  };
  const size = (name: string, text: string | undefined, fallback: number): number => {
    if (text === undefined) return fallback;
    if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) throw new UsageError(`--${name} must be a number above 0 (for example 0.5), not "${text}"`);
    return Number(text);
  };
  const rows = values.rows ?? ROWS;
  if (!/^[a-f]+$/.test(rows)) throw new UsageError(`--rows names rows of ${ROWS} (for example --rows ae), not "${rows}"`);
  return {
    rows,
    answerMiB: size('answer-mib', values['answer-mib'], BIG_ANSWER_MIB),
    repeat: whole('repeat', values.repeat, 3, 1),
    runs: whole('runs', values.runs, 1000, 1),
    // a round trip of 50 ms: a hosted deployment in another region (25 ms each way)
    latencyMs: whole('latency-ms', values['latency-ms'], 50, 1),
    out: values.out ?? join(PACKAGE_ROOT, 'bench', 'results.json'),
    compiled: values.compiled === undefined ? undefined : compiledCommand(values.compiled),
  };
}

/** The command in a compilation `--compiled` names (a finished one: nothing waits for it to appear). */
function compiledCommand(dir: string): string {
  const command = join(dir, 'src', 'cli', 'cli.js');
  if (!existsSync(command)) {
    throw new UsageError(`--compiled ${dir} holds no src/cli/cli.js: compile the sources there first (npx tsc -p tsconfig.build.json --outDir ${dir})`);
  }
  return command;
}

function reportOf(file: string): ConformanceReport {
  return JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
}

/** A conformance run that must pass; its report says how many requests it sent. */
async function conformance(
  command: string,
  work: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ run: Measured; report: ConformanceReport }> {
  const reportFile = join(work, 'report.json');
  rmSync(reportFile, { force: true });
  const run = await measure([command, ...args, '--report-json', reportFile], { cwd: work, env: cleanEnvironment(env) });
  if (run.exitCode !== 0) {
    throw new Error(
      `a conformance run did not pass (exit ${run.exitCode}): mockapi-conformance ${args.join(' ')}\n${run.stdout.slice(-3000)}${run.stderr.slice(-2000)}`,
    );
  }
  return { run, report: reportOf(reportFile) };
}

/** Where the time of a run went, from the report's check times (wall clock, as the spawn time). */
function phases(run: Measured, report: ConformanceReport): Partial<Sample> {
  const started = report.checks
    .filter((c) => c.startedAt !== undefined)
    .map((c) => ({ from: Date.parse(c.startedAt!), to: Date.parse(c.startedAt!) + c.durationMs, waited: c.notes.some(waitedForDelete) }));
  if (started.length === 0) return {};
  const first = Math.min(...started.map((c) => c.from));
  const last = Math.max(...started.map((c) => c.to));
  // the checks that ask for a deleted fixture again wait on a timer until 2 s after the run's delete: what the
  // others took is the checks' work, the rest of the phase that wait
  const working = started.filter((c) => !c.waited);
  const waited = working.length < started.length && working.length > 0 ? { workMs: Math.max(...working.map((c) => c.to)) - first } : {};
  return { startMs: first - run.spawnedAt, checksMs: last - first, ...waited, endMs: run.spawnedAt + run.wallMs - last };
}

function sample(run: Measured, report: ConformanceReport): Sample {
  const chains = Object.values(report.summary.chains ?? {});
  return {
    wallMs: run.wallMs,
    requests: report.summary.requests,
    peakKiB: run.peakKiB,
    ...phases(run, report),
    ...(chains.length > 0 ? { chain: Math.max(...chains), chains: report.summary.chains } : {}),
  };
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** What every measurement of one benchmark shares: its options, the command it runs and the folder it runs in. */
interface Bench extends Options {
  command: string;
  work: string;
  /** as many in flight as a default run: the defaults of a command without arguments (the embedded reference) */
  concurrency: number;
}

const SEED_ARGS = ['--seed', String(CI_SEED)];

const say = (text: string) => process.stderr.write(`${text}\n`);

const measures = (bench: Bench, row: string) => bench.rows.includes(row);

const keysOf = (deployment: ReferenceDeployment): Keys => ({ token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken });

/** A reference of its own for one measurement, so that no run sees what another changed. */
async function withReference<T>(use: (deployment: ReferenceDeployment) => Promise<T>): Promise<T> {
  const deployment = await startReference({ port: 0 });
  try {
    return await use(deployment);
  } finally {
    await deployment.close();
  }
}

/** The mix: one default run through a recording proxy (it also warms the caches the later runs use). */
function recordMix(bench: Bench): Promise<RecordedRequest[]> {
  return withReference(async (deployment) => {
    say('recording the mix of a default run ...');
    const recorder = await startRecorder(deployment.baseUrl, keysOf(deployment));
    try {
      await conformance(bench.command, bench.work, SEED_ARGS, { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl });
      return recorder.mix();
    } finally {
      await recorder.close();
    }
  });
}

/** The limit loop replaying a mix, every request of which must be answered. */
async function limitLoop(bench: Bench, args: string[], env: Record<string, string>): Promise<{ run: Measured; result: LimitResult }> {
  const run = await measure(['--import', TSX, LIMIT, ...args], { cwd: bench.work, env: cleanEnvironment(env) });
  if (run.exitCode !== 0) throw new Error(`the limit loop failed (exit ${run.exitCode}): ${run.stderr.slice(-2000)}`);
  const result = JSON.parse(run.stdout) as LimitResult;
  if (result.unanswered > 0) throw new Error(`the limit loop got no answer to ${result.unanswered} requests`);
  return { run, result };
}

/** (a): the mix of a default run, as many in flight as the run, LIMIT_PASSES times after one pass to warm up. */
function limitRun(bench: Bench, mixFile: string): Promise<Sample> {
  return withReference(async (deployment) => {
    const { run, result } = await limitLoop(bench, [mixFile, String(bench.concurrency), String(LIMIT_PASSES)], runEnvironment(deployment));
    return { wallMs: result.wallMs, requests: result.requests, peakKiB: run.peakKiB };
  });
}

async function asTypedRun(bench: Bench): Promise<Sample> {
  const { run, report } = await conformance(bench.command, bench.work, SEED_ARGS);
  return sample(run, report);
}

// A reference apart is given by URL, which has a lower default in flight (src/run/open-target.ts): the run is told the
// limit's, so that rates compare at equal concurrency.
function apartRun(bench: Bench, extra: string[]): Promise<Sample> {
  return withReference(async (deployment) => {
    const args = [...SEED_ARGS, '--concurrency', String(bench.concurrency), ...extra];
    const { run, report } = await conformance(bench.command, bench.work, args, runEnvironment(deployment));
    return sample(run, report);
  });
}

/** (d): a default run behind a proxy that holds each request latencyMs, and the mix it sent. */
function latencyRun(bench: Bench): Promise<{ sample: Sample & { inFlight: number }; mix: RecordedRequest[] }> {
  return withReference(async (deployment) => {
    const recorder = await startRecorder(deployment.baseUrl, keysOf(deployment), { delayMs: () => bench.latencyMs });
    try {
      const { run, report } = await conformance(bench.command, bench.work, [...SEED_ARGS, '--runs', String(LATENCY_RUNS)], {
        ...runEnvironment(deployment),
        MOCKAPI_BASE_URL: recorder.baseUrl,
      });
      return { sample: { ...sample(run, report), inFlight: recorder.maxInFlight() }, mix: recorder.mix() };
    } finally {
      await recorder.close();
    }
  });
}

/** (d)'s limit: its run's mix replayed once, without a warm-up, through the same kind of proxy and as many in flight. */
function latencyLimitRun(bench: Bench, mixOfRun: string, inFlightOfRun: number): Promise<Sample> {
  return withReference(async (deployment) => {
    const recorder = await startRecorder(deployment.baseUrl, keysOf(deployment), { delayMs: () => bench.latencyMs });
    try {
      const env = { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl };
      const { run, result } = await limitLoop(bench, [mixOfRun, String(inFlightOfRun), '1', '0'], env);
      return { wallMs: result.wallMs, requests: result.requests, peakKiB: run.peakKiB, inFlight: recorder.maxInFlight() };
    } finally {
      await recorder.close();
    }
  });
}

/** One round: one run of each measurement of the rows named, in the order of the rows. */
async function measureRound(bench: Bench, round: number, mixFile: string, samples: Required<Samples>): Promise<void> {
  const { repeat, runs, latencyMs, answerMiB, work, command } = bench;
  if (measures(bench, 'a')) {
    say(`round ${round} of ${repeat}: (a) limit`);
    samples.limit.push(await limitRun(bench, mixFile));
  }
  if (measures(bench, 'b')) {
    say(`round ${round} of ${repeat}: (b) default run as typed`);
    samples.asTyped.push(await asTypedRun(bench));
    say(`round ${round} of ${repeat}: (b) default run, reference apart`);
    samples.split.push(await apartRun(bench, []));
  }
  if (measures(bench, 'c')) {
    say(`round ${round} of ${repeat}: (c) property checks, ${runs} runs each`);
    samples.properties.push(await apartRun(bench, ['--only', 'generated', '--runs', String(runs)]));
  }
  if (measures(bench, 'd')) {
    say(`round ${round} of ${repeat}: (d) default run ${latencyMs} ms away, --runs ${LATENCY_RUNS}; then the limit at that latency`);
    const far = await latencyRun(bench);
    samples.latency.push(far.sample);
    const farMix = join(work, 'latency-mix.json');
    writeFileSync(farMix, JSON.stringify(far.mix));
    samples.latencyLimit.push(await latencyLimitRun(bench, farMix, far.sample.inFlight));
  }
  if (measures(bench, 'e')) {
    say(`round ${round} of ${repeat}: (e) a run against ${answerMiB} MiB answers, length declared, then streamed`);
    samples.bigDeclared.push(await bigAnswersRun(work, command, true, answerMiB));
    samples.bigStreamed.push(await bigAnswersRun(work, command, false, answerMiB));
  }
  if (measures(bench, 'f')) {
    say(`round ${round} of ${repeat}: (f) a run against answers just under the cap, one string, then keys`);
    samples.underCapString.push(await underCapRun(work, command, 'string'));
    samples.underCapKeys.push(await underCapRun(work, command, 'keys'));
  }
}

// Rounds of all of them rather than all runs of one after another: the machine's pace drifts (a shared host), and
// a ratio should compare runs made under the same conditions.
async function measureRounds(bench: Bench, mixFile: string): Promise<Required<Samples>> {
  const samples: Required<Samples> = {
    limit: [],
    asTyped: [],
    split: [],
    properties: [],
    latency: [],
    latencyLimit: [],
    bigDeclared: [],
    bigStreamed: [],
    underCapString: [],
    underCapKeys: [],
  };
  for (let round = 1; round <= bench.repeat; round++) await measureRound(bench, round, mixFile, samples);
  return samples;
}

function settingsOf(bench: Bench, mixRequests: number): Results['settings'] {
  return {
    repeat: bench.repeat,
    seed: CI_SEED,
    propertyRuns: bench.runs,
    inFlight: bench.concurrency,
    limitPasses: LIMIT_PASSES,
    mixRequests,
    latencyMs: bench.latencyMs,
    latencyRuns: LATENCY_RUNS,
    answerMiB: bench.answerMiB,
  };
}

/** The mix recorded, every round measured, and the results summarised, written to --out and printed. */
async function benchmark(bench: Bench): Promise<void> {
  const mix = measures(bench, 'a') ? await recordMix(bench) : [];
  const mixFile = join(bench.work, 'mix.json');
  writeFileSync(mixFile, JSON.stringify(mix));
  const samples = await measureRounds(bench, mixFile);
  const results = summarise({
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' },
    settings: settingsOf(bench, mix.length),
    samples,
  });
  writeFileSync(bench.out, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`${formatTable(results)}\nResults: ${bench.out}\n`);
}

async function main(): Promise<void> {
  const given = options(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'mockapi-bench-'));
  const concurrency = parseCommand([], {}, work).config.concurrency ?? DEFAULT_CONCURRENCY.started;
  // every row runs the command as the installed package does, compiled: what a user's run costs, without the
  // TypeScript loader a checkout runs the sources through, in both threads
  const compiling = given.compiled === undefined ? startCompiling() : undefined;
  try {
    const command = given.compiled ?? join((await compiledWhenEnded(compiling!.dir)).dir, 'src', 'cli', 'cli.js');
    await benchmark({ ...given, command, work, concurrency });
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (compiling) {
      await compiling.ended;
      rmSync(compiling.dir, { recursive: true, force: true });
    }
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench: ${(error as Error).message}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
