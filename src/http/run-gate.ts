// The run's stop, as one word of memory that the command's thread and the run's worker both read: a stop is
// final, so every request of the run asks it, synchronously, at the instant it would go out (Client.send), and
// only a put-back passes once it is set. A message between threads arrives when the receiver's event loop gets to
// it, while requests already queued there go out; shared memory is read at once. Set by the command (Ctrl-C,
// --run-timeout-ms) or by the worker (the key stopped being accepted); the first reason set stands. Beside it, one
// thing the worker finds that is no stop but that the command says as the run ends: the key may not write.
import { setMaxListeners } from 'node:events';

/** Why a run stopped: Ctrl-C or SIGTERM, its bound (--run-timeout-ms), or the key refused part-way. */
export type StopReason = 'interrupted' | 'bound' | 'key-refused';

const REASONS: readonly StopReason[] = ['interrupted', 'bound', 'key-refused'];
/** Slots of the shared words: the reason (0 while running), the requests sent when it was set, and 1 once the key may not write. */
const REASON = 0;
const SENT = 1;
const WRITES_REFUSED = 2;

/** Atomics.waitAsync (Node 16 and later), which the ES2022 library this project compiles against does not declare. */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string } })
  .waitAsync;

export class RunGate {
  private readonly state: Int32Array;
  private readonly controller = new AbortController();
  private closed = false;

  /** A gate of a new run, or the worker's view of the command's (its buffer, sent with the target). */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(12)) {
    this.state = new Int32Array(buffer);
    // every request under way listens to it: as many as the run has in flight, past Node's default of 10
    setMaxListeners(0, this.controller.signal);
    void this.watch();
  }

  /** Why the run stopped; undefined while it runs. Read from shared memory: true the instant either thread sets it. */
  get reason(): StopReason | undefined {
    const index = Atomics.load(this.state, REASON);
    return index === 0 ? undefined : REASONS[index - 1];
  }

  get stopped(): boolean {
    return Atomics.load(this.state, REASON) !== 0;
  }

  /** The requests the run had sent when it stopped, as the one who stopped it said. */
  get sentWhenStopped(): number {
    return Atomics.load(this.state, SENT);
  }

  /** Whether the worker found that the key may read but not write (src/http/write-watch.ts): the run goes on, its writes unjudged. */
  get writesRefused(): boolean {
    return this.state.length > WRITES_REFUSED && Atomics.load(this.state, WRITES_REFUSED) === 1;
  }

  /** The key may not write: said by the command as the run ends (a buffer too short to hold it, one made before, says nothing). */
  refuseWrites(): void {
    if (this.state.length > WRITES_REFUSED) Atomics.store(this.state, WRITES_REFUSED, 1);
  }

  /** Aborted once the run stops, on this thread: what is under way is dropped. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops the run for this reason, unless it was stopped already; true when this call stopped it. */
  stop(reason: StopReason, sent = 0): boolean {
    const stopped = Atomics.compareExchange(this.state, REASON, 0, REASONS.indexOf(reason) + 1) === 0;
    if (stopped) Atomics.store(this.state, SENT, sent);
    Atomics.notify(this.state, REASON);
    this.controller.abort();
    return stopped;
  }

  /** Ends this thread's watch (the run is over): a pending wait keeps nothing alive, but is not left behind. */
  close(): void {
    this.closed = true;
    Atomics.notify(this.state, REASON);
  }

  /** Aborts the signal once the other thread stops the run. */
  private async watch(): Promise<void> {
    while (!this.closed && !this.stopped) {
      const wait = waitAsync(this.state, REASON, 0);
      if (wait.async) await wait.value;
    }
    if (this.stopped) this.controller.abort();
  }
}
