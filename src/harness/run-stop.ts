// How the command tells the run's worker that the run has stopped (--run-timeout-ms, Ctrl-C), so that no check
// waits out a request to its timeout once the run is over: a BroadcastChannel, which reaches the worker
// threads of the same process (the run's one worker is a thread: src/run/run.ts). vitest's own cancel is not
// enough: it aborts the signal of the checks it lists as running, and that list loses entries when
// concurrent tests end (vitest 4.1: addRunningTest's splice without a count). On this channel, every request
// not yet sent is not sent and every one under way is dropped at once (Client.send's signal).
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the channel the command says on that the run has stopped (runStopped) */
    stopChannel: string;
  }
}

/** The command's side: a channel of this run's own, and a way to say on it that the run has stopped. */
export function stopAnnouncer(): { name: string; announce(): void; close(): void } {
  const name = `mockapi-conformance-run-${randomUUID()}`;
  const channel = new BroadcastChannel(name);
  return { name, announce: () => channel.postMessage('stopped'), close: () => channel.close() };
}

let stopped: AbortController | undefined;

/**
 * The worker's side: aborted once the command says on `channelName` (the provided stopChannel) that the run has
 * stopped. One listener for the whole worker.
 */
export function runStopped(channelName: string): AbortSignal {
  if (!stopped) {
    const controller = new AbortController();
    // every request under way listens to it: as many as the run has in flight, far past Node's default 10
    setMaxListeners(0, controller.signal);
    const channel = new BroadcastChannel(channelName);
    // it must not keep the worker alive once its checks are done
    (channel as BroadcastChannel & { unref(): void }).unref();
    channel.onmessage = () => {
      controller.abort();
      channel.close();
    };
    stopped = controller;
  }
  return stopped.signal;
}
