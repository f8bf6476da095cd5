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
import { compiledWhenEnded, startCompiling } from './compiled.ts';
import { summarise, formatTable, type Sample } from './results.ts';
import { waitedForDelete } from '../suites/deletes.ts';

const LIMIT = fileURLToPath(new URL('./limit.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** passes over the mix per limit run, after one pass to warm up */
const LIMIT_PASSES = 3;
/** runs per property of (d): what a run chooses for a deployment 10 to 100 ms away */
const LATENCY_RUNS = 20;

class UsageError extends Error {}

const ROWS = 'abcdef';

function options(argv: string[]): {
  repeat: number;
  runs: number;
  latencyMs: number;
  out: string;
  rows: string;
  answerMiB: number;
  compiled: string | undefined;
} {
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

async function main(): Promise<void> {
  const { repeat, runs, latencyMs, out, rows, answerMiB, compiled } = options(process.argv.slice(2));
  const measured = (row: string) => rows.includes(row);
  const work = mkdtempSync(join(tmpdir(), 'mockapi-bench-'));
  const seedArgs = ['--seed', String(CI_SEED)];
  // as many in flight as a default run: the defaults of a command without arguments (the embedded reference)
  const concurrency = parseCommand([], {}, work).config.concurrency ?? DEFAULT_CONCURRENCY.started;
  const say = (text: string) => process.stderr.write(`${text}\n`);
  // every row runs the command as the installed package does, compiled: what a user's run costs, without the
  // TypeScript loader a checkout runs the sources through (~0.5 CPU s and ~40 MiB more a run, in both threads)
  const compiling = compiled === undefined ? startCompiling() : undefined;
  try {
    const command = compiled ?? join((await compiledWhenEnded(compiling!.dir)).dir, 'src', 'cli', 'cli.js');
    /** a reference of its own for one measurement, so that no run sees what another changed */
    const withReference = async <T>(use: (deployment: ReferenceDeployment) => Promise<T>): Promise<T> => {
      const deployment = await startReference({ port: 0 });
      try {
        return await use(deployment);
      } finally {
        await deployment.close();
      }
    };
    // the mix: one default run through a recording proxy (it also warms the caches the later runs use)
    const mix = !measured('a')
      ? []
      : await withReference(async (deployment) => {
          say('recording the mix of a default run ...');
          const recorder = await startRecorder(deployment.baseUrl, { token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken });
          try {
            await conformance(command, work, seedArgs, { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl });
            return recorder.mix();
          } finally {
            await recorder.close();
          }
        });
    const mixFile = join(work, 'mix.json');
    writeFileSync(mixFile, JSON.stringify(mix));
    const limitRun = () =>
      withReference(async (deployment): Promise<Sample> => {
        const run = await measure(['--import', TSX, LIMIT, mixFile, String(concurrency), String(LIMIT_PASSES)], {
          cwd: work,
          env: cleanEnvironment(runEnvironment(deployment)),
        });
        if (run.exitCode !== 0) throw new Error(`the limit loop failed (exit ${run.exitCode}): ${run.stderr.slice(-2000)}`);
        const result = JSON.parse(run.stdout) as LimitResult;
        if (result.unanswered > 0) throw new Error(`the limit loop got no answer to ${result.unanswered} requests`);
        return { wallMs: result.wallMs, requests: result.requests, peakKiB: run.peakKiB };
      });
    const asTypedRun = async (): Promise<Sample> => {
      const { run, report } = await conformance(command, work, seedArgs);
      return sample(run, report);
    };
    // a reference apart is given by URL, which has a lower default in flight (src/run/target.ts): the run is told the
    // limit's, so that rates compare at equal concurrency
    const apartRun = (extra: string[]) =>
      withReference(async (deployment) => {
        const { run, report } = await conformance(command, work, [...seedArgs, '--concurrency', String(concurrency), ...extra], runEnvironment(deployment));
        return sample(run, report);
      });

    // (d): a default run behind a proxy that holds each request latencyMs; its mix, replayed by the limit
    // through the same kind of proxy with as many requests in flight as the run had at most
    const latencyRun = () =>
      withReference(async (deployment) => {
        const keys = { token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken };
        const recorder = await startRecorder(deployment.baseUrl, keys, { delayMs: () => latencyMs });
        try {
          const { run, report } = await conformance(command, work, [...seedArgs, '--runs', String(LATENCY_RUNS)], {
            ...runEnvironment(deployment),
            MOCKAPI_BASE_URL: recorder.baseUrl,
          });
          return { sample: { ...sample(run, report), inFlight: recorder.maxInFlight() }, mix: recorder.mix() };
        } finally {
          await recorder.close();
        }
      });
    const latencyLimitRun = (mixOfRun: string, inFlightOfRun: number) =>
      withReference(async (deployment): Promise<Sample> => {
        const keys = { token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken };
        const recorder = await startRecorder(deployment.baseUrl, keys, { delayMs: () => latencyMs });
        try {
          const run = await measure(['--import', TSX, LIMIT, mixOfRun, String(inFlightOfRun), '1', '0'], {
            cwd: work,
            env: cleanEnvironment({ ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl }),
          });
          if (run.exitCode !== 0) throw new Error(`the limit loop failed (exit ${run.exitCode}): ${run.stderr.slice(-2000)}`);
          const result = JSON.parse(run.stdout) as LimitResult;
          if (result.unanswered > 0) throw new Error(`the limit loop got no answer to ${result.unanswered} requests`);
          return { wallMs: result.wallMs, requests: result.requests, peakKiB: run.peakKiB, inFlight: recorder.maxInFlight() };
        } finally {
          await recorder.close();
        }
      });

    // Rounds of all of them rather than all runs of one after another: the machine's pace drifts (a shared
    // host), and a ratio should compare runs made under the same conditions.
    const limit: Sample[] = [];
    const asTyped: Sample[] = [];
    const split: Sample[] = [];
    const properties: Sample[] = [];
    const latency: Sample[] = [];
    const latencyLimit: Sample[] = [];
    const bigDeclared: Sample[] = [];
    const bigStreamed: Sample[] = [];
    const underCapString: Sample[] = [];
    const underCapKeys: Sample[] = [];
    for (let round = 1; round <= repeat; round++) {
      if (measured('a')) {
        say(`round ${round} of ${repeat}: (a) limit`);
        limit.push(await limitRun());
      }
      if (measured('b')) {
        say(`round ${round} of ${repeat}: (b) default run as typed`);
        asTyped.push(await asTypedRun());
        say(`round ${round} of ${repeat}: (b) default run, reference apart`);
        split.push(await apartRun([]));
      }
      if (measured('c')) {
        say(`round ${round} of ${repeat}: (c) property checks, ${runs} runs each`);
        properties.push(await apartRun(['--only', 'generated', '--runs', String(runs)]));
      }
      if (measured('d')) {
        say(`round ${round} of ${repeat}: (d) default run ${latencyMs} ms away, --runs ${LATENCY_RUNS}; then the limit at that latency`);
        const far = await latencyRun();
        latency.push(far.sample);
        const farMix = join(work, 'latency-mix.json');
        writeFileSync(farMix, JSON.stringify(far.mix));
        latencyLimit.push(await latencyLimitRun(farMix, far.sample.inFlight));
      }
      if (measured('e')) {
        say(`round ${round} of ${repeat}: (e) a run against ${answerMiB} MiB answers, length declared, then streamed`);
        bigDeclared.push(await bigAnswersRun(work, command, true, answerMiB));
        bigStreamed.push(await bigAnswersRun(work, command, false, answerMiB));
      }
      if (measured('f')) {
        say(`round ${round} of ${repeat}: (f) a run against answers just under the cap, one string, then keys`);
        underCapString.push(await underCapRun(work, command, 'string'));
        underCapKeys.push(await underCapRun(work, command, 'keys'));
      }
    }

    const results = summarise({
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' },
      settings: {
        repeat,
        seed: CI_SEED,
        propertyRuns: runs,
        inFlight: concurrency,
        limitPasses: LIMIT_PASSES,
        mixRequests: mix.length,
        latencyMs,
        latencyRuns: LATENCY_RUNS,
        answerMiB,
      },
      samples: { limit, asTyped, split, properties, latency, latencyLimit, bigDeclared, bigStreamed, underCapString, underCapKeys },
    });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${formatTable(results)}\nResults: ${out}\n`);
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
