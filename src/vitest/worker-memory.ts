// Whether the run's worker ran out of memory, for src/vitest/run.ts. Node ends a worker thread past its heap's limit
// with ERR_WORKER_OUT_OF_MEMORY; vitest's pool then raises "Worker exited unexpectedly" on an emitter of its own
// that no one listens to, which would end the command with a stack trace and no report. Watched from the
// worker's creation, the error is the run's: one line, the reports, exit 4.
import type { Worker } from 'node:worker_threads';

/** The line a run whose worker ran out of memory says, and its report holds among the errors outside any check. */
export const OUT_OF_MEMORY =
  "the run's worker ran out of memory: the checks it had not ended end errored (a deployment's answers can be built to exhaust it: docs/untrusted.md#bounds)";

/** What vitest's pool raises, uncaught, once a worker has ended unasked. */
const UNEXPECTED_EXIT = 'Worker exited unexpectedly';

export class WorkerMemory {
  /** set once a worker of this process ran out of memory */
  outOfMemory = false;
  /** the workers watched, whose listener goes when the run closes this: a thread may outlive the run */
  private readonly watched = new Set<Worker>();
  private readonly onWorker = (worker: Worker) => {
    this.watched.add(worker);
    worker.on('error', this.onError);
  };
  private readonly onError = (error: Error & { code?: string }) => {
    if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') return;
    this.outOfMemory = true;
    // the worker's exit follows its error at once: vitest's cry about it is taken, anything else thrown still ends the process
    process.once('uncaughtException', this.onUncaught);
  };
  private readonly onUncaught = (thrown: Error) => {
    if (thrown.message !== UNEXPECTED_EXIT) throw thrown;
  };

  constructor() {
    process.on('worker', this.onWorker);
  }

  close(): void {
    process.off('worker', this.onWorker);
    for (const worker of this.watched) worker.off('error', this.onError);
    this.watched.clear();
    process.off('uncaughtException', this.onUncaught);
  }
}
