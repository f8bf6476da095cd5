// How the command hands the run's target to its worker (src/run/run.ts): the worker thread starts, and imports
// what does not depend on the target, while the command still opens the target (starts the embedded reference,
// probes, sends the preflight); the suites, which read the target as they declare their checks, are imported once
// it has come (src/harness/worker-setup.ts). A BroadcastChannel reaches the worker threads of the same process;
// a message posted before the worker listens is lost, so the worker says that it listens, and the command answers
// with what it has, or sends it once it has it. The run's stop comes with the target: the memory both threads read
// (src/http/run-gate.ts), shared, not copied.
import { randomUUID } from 'node:crypto';
import type { Target } from './check.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the channel the command sends the run's target on (targetFromCommand) */
    targetChannel: string;
  }
}

/** What the command says: the target and the run's stop, or that there is none (the run ends before any check). */
type Said = { target: Target; stop: SharedArrayBuffer } | { abandoned: true };

/** The words of the error the worker's setup ends with when the run is abandoned (no reporter shows it). */
export const ABANDONED = 'the run was abandoned before its checks: the target could not be opened';

/** The command's side: a channel of this run's own, on which it sends the target, or says that there is none. */
export function targetAnnouncer(): { name: string; send(target: Target, stop: SharedArrayBuffer): void; abandon(): void; close(): void } {
  const name = `mockapi-conformance-target-${randomUUID()}`;
  const channel = new BroadcastChannel(name);
  let said: Said | undefined;
  // the worker listens: it is told what there is to tell (nothing yet: it is told once there is)
  channel.onmessage = () => {
    if (said !== undefined) channel.postMessage(said);
  };
  const say = (what: Said) => {
    said = what;
    channel.postMessage(what);
  };
  return { name, send: (target, stop) => say({ target, stop }), abandon: () => say({ abandoned: true }), close: () => channel.close() };
}

/** The worker's side: the target and the run's stop once the command has opened it; rejected (ABANDONED) when it could not. */
export function targetFromCommand(name: string): Promise<{ target: Target; stop: SharedArrayBuffer }> {
  const channel = new BroadcastChannel(name);
  return new Promise((resolve, reject) => {
    channel.onmessage = ({ data }: MessageEvent<Said>) => {
      channel.close();
      if ('target' in data) resolve(data);
      else reject(new Error(ABANDONED));
    };
    channel.postMessage('listening');
  });
}
