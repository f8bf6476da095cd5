// Processes that each make many runs of the command one after another (test/support/run-many.js), for test
// files that make many whole runs (the fault matrix, the hostile deployments, the runs against the reference):
// each run is the command's own (runCommand: its flags and environment parsed, its own reference, vitest,
// run description and report), but a process starts, loads vitest and our modules and parses the OpenAPI
// description once for many runs instead of once for each. A test that needs the process itself (its signals, a
// variable Node reads as it starts, a subcommand that serves) spawns it (runCli). Measured: docs/test-speed.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, inject } from 'vitest';
import { commandEnvironment, emptyDirectory, readReport, reportFileName, type CliOptions, type CliResult } from './cli.ts';
import { compiledWhenEnded, type CompiledCommand } from '../../bench/compiled.ts';

const RUN_MANY = fileURLToPath(new URL('./run-many.js', import.meta.url));

/** Where a run is made (default a new empty directory), and its subcommand (check-har, diff), written first. */
type RunOptions = Pick<CliOptions, 'cwd' | 'command'>;

interface Answer {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * V8 optimises a function once it has run a while (its interrupt budget); a run of the tests' size (a few
 * seconds, a new worker each time) pays for optimising code it then hardly uses, most of it on V8's background
 * threads. A larger budget spends less CPU on the tests' many short runs at the same wall time; the command itself
 * keeps V8's default, which a long run (--runs 1000) gains from. Only when code is optimised changes, never what it
 * does: the runs are the command's (docs/test-speed.md). The V8 of Node 22 and later counts invocations instead and
 * refuses the flag, so it is passed to the V8 that has it alone (V8 before 12, Node 20).
 */
export const V8_FOR_SHORT_RUNS = Number(process.versions.v8.split('.')[0]) < 12 ? ['--interrupt-budget=300000'] : [];

/** Longer than any run of the tests takes, loaded machine included: a run past it is a run that hangs. */
const RUN_BOUND_MS = 5 * 60_000;

/** One run-many.js process, making one run at a time. */
class Runner {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private output = '';
  private nextId = 0;
  private exited: string | undefined;
  /** why the process was ended while a run was under way */
  private hung: string | undefined;

  constructor(compiled: CompiledCommand) {
    this.child = spawn(process.execPath, [...V8_FOR_SHORT_RUNS, RUN_MANY, compiled.dir], {
      cwd: emptyDirectory(),
      env: commandEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    // what the process itself says (not a run's output, which comes back with its answer): for the error of a run it could not finish
    this.child.stdout!.on('data', (d) => (this.output += d));
    this.child.stderr!.on('data', (d) => (this.output += d));
    this.ready = new Promise((resolve, reject) => {
      this.child.on('message', (message: Answer | { ready: true }) => {
        if ('ready' in message) return resolve();
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
      });
      this.child.once('exit', (code, signal) => {
        this.exited = `run-many.js ended (${this.hung ?? signal ?? `exit ${code}`}): ${this.output.slice(-2000)}`;
        reject(new Error(this.exited));
        for (const settle of this.pending.values()) settle({ id: -1, code: -1, stdout: '', stderr: this.exited });
        this.pending.clear();
      });
    });
    this.ready.catch(() => {});
  }

  /** `mockapi-conformance [COMMAND] ARGS` with these variables, in `cwd` (default a new empty directory), as runCli runs it. */
  async run(args: string[], env: Record<string, string>, { cwd = emptyDirectory(), command }: RunOptions = {}): Promise<CliResult> {
    await this.ready;
    if (this.exited) throw new Error(this.exited);
    const reportFile = reportFileName();
    const id = this.nextId++;
    const sent = [...(command ? [command] : []), '--report-json', reportFile, ...args];
    // a run that never ends would hold every later run of the file behind it: the process is ended, and says which
    const watchdog = setTimeout(() => {
      this.hung = `the run ${JSON.stringify(sent)} did not end within ${RUN_BOUND_MS / 60_000} minutes`;
      this.child.kill('SIGKILL');
    }, RUN_BOUND_MS);
    const answer = await new Promise<Answer>((resolve) => {
      this.pending.set(id, resolve);
      this.child.send({ id, args: sent, env, cwd });
    }).finally(() => clearTimeout(watchdog));
    if (answer.id === -1) throw new Error(answer.stderr);
    return { code: answer.code, stdout: answer.stdout, stderr: answer.stderr, ...readReport(reportFile) };
  }

  /** whether the process has ended: a run that hung was ended by the watchdog, or it crashed */
  get ended(): boolean {
    return this.exited !== undefined;
  }
}

/**
 * Processes making runs; a run goes to one that is free, or waits for one. One process that ended (a run that
 * hung, or a crash) is replaced by a new one for the runs after it.
 */
class Runners {
  private readonly free: Runner[] = [];
  private readonly waiting: ((runner: Runner) => void)[] = [];
  private size = 0;

  constructor(readonly compiled: CompiledCommand) {}

  /** At least `size` processes. */
  grow(size: number): void {
    for (; this.size < size; this.size++) this.free.push(new Runner(this.compiled));
  }

  async run(args: string[], env: Record<string, string>, options: RunOptions): Promise<CliResult> {
    let runner = this.free.pop() ?? (await new Promise<Runner>((resolve) => this.waiting.push(resolve)));
    if (runner.ended) runner = new Runner(this.compiled);
    try {
      return await runner.run(args, env, options);
    } finally {
      const next = this.waiting.shift();
      if (next) next(runner);
      else this.free.push(runner);
    }
  }
}

/**
 * The runners of this worker thread. Its test files run one after another and share their modules
 * (vitest.config.ts: isolate: false), so the processes one file started serve the next: each file no longer pays
 * for starting them and for the first runs' compiling. They end with the thread: its side of their channel
 * closes, and run-many.js exits.
 */
let threadRunners: Runners | undefined;

/**
 * Runs for the test file that calls this (at its top level), by the runners of its thread, started (or grown)
 * before its tests from the command the global set-up compiled. At most `size` of the file's runs go on at once;
 * more wait their turn.
 */
export function useRunners(size: number): { run(args: string[], env?: Record<string, string>, options?: RunOptions): Promise<CliResult> } {
  let runners: Runners | undefined;
  let places = size;
  const waiting: (() => void)[] = [];
  beforeAll(async () => {
    const compiled = await compiledWhenEnded(inject('compiledDir'));
    if (threadRunners?.compiled.dir !== compiled.dir) threadRunners = new Runners(compiled);
    threadRunners.grow(size);
    runners = threadRunners;
  });
  return {
    run: async (args, env = {}, options = {}) => {
      if (!runners) throw new Error('useRunners: a run before the runners were started (call it at the top level of a test file)');
      if (places > 0) places--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await runners.run(args, env, options);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else places++;
      }
    },
  };
}
