// The entry of a worker thread that kept-threads.js keeps from one run of the command to the next: vitest's own
// worker (vitest/worker's init, runBaseTests and setupEnvironment, as vitest's threads pool runs them), except
// that a run's end leaves the thread ready for the next run's start instead of ending it. What stays from one run
// to the next is what a thread holds by itself: its imported modules and the code V8 has optimised; each run's
// checks are declared anew (suites/run.ts) and read their run from the description it provides (CheckRun).
import { parentPort } from 'node:worker_threads';
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';

/** The listeners of the run under way (its rpc), taken off at its end; init's own stays for the next run. */
let runListeners = [];
let initListener;
/** Settled when the run's test file has finished (its answer posted): a stop waits for it, as vitest's does. */
let finished = Promise.resolve();
let finish = () => {};

/**
 * The set-up context of the run under way. vitest's set-up registers Node's module hooks once per thread, and
 * they ask the set-up's rpc about each import: they are given a context whose rpc is always the current run's.
 */
let current;
let lasting;

/** A run's end: no teardown of the environment the next run uses; its rpc's listeners go, and it is told the run stopped. */
async function stop() {
  await finished;
  for (const listener of runListeners) parentPort.off('message', listener);
  runListeners = [];
  parentPort.postMessage({ type: 'stopped', __vitest_worker_response__: true });
}

parentPort.on('message', (message) => {
  // kept-threads.js sends the run's environment before its start: the thread's own copy of it is the run's
  if (!message?.keptThreadEnv) return;
  for (const name of Object.keys(process.env)) if (!(name in message.keptThreadEnv)) delete process.env[name];
  Object.assign(process.env, message.keptThreadEnv);
});

/** init's own listener: a run is noted as under way, and a stop answered here, so that vitest's teardown (which ends the thread) never runs. */
function initMessages(callback) {
  return (message) => {
    if (message?.__vitest_worker_request__ && message.type === 'stop') return void stop();
    if (message?.__vitest_worker_request__ && message.type === 'run') finished = new Promise((resolve) => (finish = resolve));
    return callback(message);
  };
}

init({
  post: (response) => {
    parentPort.postMessage(response);
    if (response?.type === 'testfileFinished') finish();
  },
  on: (callback) => {
    if (initListener) {
      runListeners.push(callback);
      parentPort.on('message', callback);
      return;
    }
    initListener = initMessages(callback);
    parentPort.on('message', initListener);
  },
  off: (callback) => {
    runListeners = runListeners.filter((listener) => listener !== callback);
    parentPort.off('message', callback);
  },
  runTests: (state, traces) => runBaseTests('run', state, traces),
  collectTests: (state, traces) => runBaseTests('collect', state, traces),
  setup: async (context) => {
    current = context;
    if (lasting) return undefined;
    lasting = Object.defineProperty(Object.create(context), 'rpc', { get: () => current.rpc });
    return setupEnvironment(lasting);
  },
});
