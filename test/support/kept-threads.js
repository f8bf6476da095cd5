// A vitest pool (a custom pool runner, vitest/node's PoolRunnerInitializer) whose worker thread outlives the run
// that started it: the next run of the command in the same process (run-many.js) takes the idle thread instead of
// starting one, and its checks run in a thread whose modules are imported and whose code V8 has already optimised.
// Everything else of a run is its own, as the command makes it: its parsing, its reference, its vitest, its
// description and its report. Only the tests use it (RunOutput.pool); the command starts a new thread for each run.
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./kept-thread.js', import.meta.url);

/** Threads whose run has stopped cleanly, ready for the next run's start. */
const idle = [];

/** Runs a thread serves before it is ended: what a run leaves behind in vitest's worker cannot grow without bound. */
const RUNS_PER_THREAD = 50;
const runsOf = new WeakMap();

function newThread(execArgv) {
  const thread = new Worker(ENTRY, { execArgv, stdout: true, stderr: true });
  // a thread that ends while idle is not handed to a run
  thread.once('exit', () => idle.includes(thread) && idle.splice(idle.indexOf(thread), 1));
  return thread;
}

/** One run's hold on a kept thread: what vitest's PoolRunner drives, as it drives its own ThreadsPoolWorker. */
class KeptThread {
  name = 'kept-threads';

  constructor(options) {
    this.env = options.env;
    this.execArgv = options.execArgv;
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
    /** the listeners vitest attached for this run, taken off when the thread goes back to idle */
    this.listeners = [];
    this.stoppedCleanly = false;
    this.thread = undefined;
  }

  on(event, callback) {
    this.listeners.push([event, callback]);
    this.thread.on(event, callback);
  }

  off(event, callback) {
    this.listeners = this.listeners.filter(([e, c]) => e !== event || c !== callback);
    this.thread.off(event, callback);
  }

  send(message) {
    // a run cancelled (Ctrl-C, the run's bound) leaves the thread's vitest holding what it cancelled: not kept
    if (message?.t === 'q' && message.m === 'onCancel') this.ranWell = false;
    this.thread.postMessage(message);
  }

  deserialize(data) {
    return data;
  }

  async start() {
    const kept = idle.pop();
    this.thread = kept ?? newThread(this.execArgv);
    this.thread.ref();
    runsOf.set(this.thread, (runsOf.get(this.thread) ?? 0) + 1);
    // the run's watch on its worker (WorkerMemory) hears of a new thread only: it is told of the kept one too
    if (kept) process.emit('worker', kept);
    // kept only after a run that ended well: a stop answered 'stopped' without an error, its test file finished
    // without one (an import that failed would stay failed in the thread); a force stop waits for none and ends it
    this.ranWell = true;
    this.onMessage = (message) => {
      if (message?.type === 'testfileFinished' && message.error) this.ranWell = false;
      if (message?.type === 'stopped') this.stoppedCleanly = this.ranWell && !message.error;
    };
    this.thread.on('message', this.onMessage);
    // the run's environment, before its start: the thread was started with an earlier run's
    this.thread.postMessage({ keptThreadEnv: this.env });
    this.thread.stdout.pipe(this.stdout);
    this.thread.stderr.pipe(this.stderr);
  }

  async stop() {
    const thread = this.thread;
    for (const [event, callback] of [...this.listeners, ['message', this.onMessage]]) thread.off(event, callback);
    this.listeners = [];
    thread.stdout.unpipe(this.stdout);
    thread.stderr.unpipe(this.stderr);
    this.thread = undefined;
    if (!this.stoppedCleanly || runsOf.get(thread) >= RUNS_PER_THREAD) return void (await thread.terminate());
    thread.unref();
    idle.push(thread);
  }
}

export const keptThreads = { name: 'kept-threads', createPoolWorker: (options) => new KeptThread(options) };
