// The life of one run and its stop, in one place: Ctrl-C and SIGTERM from the run's first instant, the bound on the
// whole run (--run-timeout-ms) from the same instant, and a key refused part-way (set by the worker), all setting one
// RunGate that every request of the run reads before it goes out. What the run does once it has stopped (put back
// what it changed, say so, exit) is src/run/run.ts's; when it stopped and why is this module's alone.
import { RunGate, type StopReason } from '../http/run-gate.ts';

export type { StopReason };

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export class RunLife {
  readonly gate = new RunGate();
  /** resolves with the reason once the run stops, by whichever way */
  readonly stopped: Promise<StopReason>;
  private readonly timer: NodeJS.Timeout;
  /**
   * What a second Ctrl-C does while the run puts back what it changed: the user will not wait for it; the caller
   * says what is left as it was (run.ts), and the process ends as interrupted.
   */
  onForced: () => void = () => process.exit(130);
  private readonly onSignal = () => {
    if (!this.gate.stop('interrupted')) this.onForced();
  };

  /**
   * `signals`: the run owns Ctrl-C and SIGTERM (the command); false leaves the process's handlers alone (a run
   * called as a library, whose caller stops it by its bound).
   */
  constructor(private readonly options: { signals: boolean; runTimeoutMs: number }) {
    this.stopped = new Promise((resolve) => this.gate.signal.addEventListener('abort', () => resolve(this.gate.reason!), { once: true }));
    this.takeSignals();
    this.timer = setTimeout(() => this.gate.stop('bound'), options.runTimeoutMs);
    // the bound must not keep a finished process alive
    this.timer.unref();
  }

  get reason(): StopReason | undefined {
    return this.gate.reason;
  }

  /**
   * Takes Ctrl-C and SIGTERM back from whoever added handlers since (vitest's own would exit the process before
   * anything is put back): called at the start, and again once vitest is set up.
   */
  takeSignals(): void {
    if (!this.options.signals) return;
    for (const signal of SIGNALS) {
      process.removeAllListeners(signal);
      process.on(signal, this.onSignal);
    }
  }

  /** The run is over: its bound and its handlers go (a later Ctrl-C is Node's again). */
  close(): void {
    clearTimeout(this.timer);
    if (this.options.signals) for (const signal of SIGNALS) process.off(signal, this.onSignal);
    this.gate.close();
  }
}
