// The life of one run and its stop, in one place: Ctrl-C and SIGTERM from the run's first instant, the bound on the
// whole run (--run-timeout-ms) from the same instant, and a key refused part-way (set by the worker), all setting one
// RunGate that every request of the run reads before it goes out. What the run does once it has stopped (put back
// what it changed, say so, exit) is src/vitest/run.ts's; when it stopped and why is this module's alone.
import { RunGate, type StopReason } from '../http/run-gate.ts';

export type { StopReason };

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * A signal this soon after the one that stopped the run is the same Ctrl-C come twice: npx forwards the terminal's
 * SIGINT to the command, which has it from the terminal too, and `timeout` signals the command and its group.
 */
const SAME_STOP_MS = 1000;

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
  private stoppedAt: number | undefined;
  private readonly onSignal = () => {
    const now = this.options.now?.() ?? performance.now();
    if (this.gate.stop('interrupted')) this.stoppedAt = now;
    else if (this.stoppedAt === undefined || now - this.stoppedAt >= SAME_STOP_MS) this.onForced();
  };

  /**
   * `signals`: the run owns Ctrl-C and SIGTERM (the command); false leaves the process's handlers alone (a run
   * called as a library, whose caller stops it by its bound).
   */
  constructor(private readonly options: { signals: boolean; runTimeoutMs: number; now?: () => number }) {
    this.stopped = new Promise((resolve) => this.gate.signal.addEventListener('abort', () => resolve(this.gate.reason!), { once: true }));
    this.takeSignals();
    this.timer = setTimeout(() => this.gate.stop('bound'), options.runTimeoutMs);
    // the bound must not keep a finished process alive
    this.timer.unref();
  }

  /**
   * Resolves once the event loop has polled, when a signal that came while the process was busy (loading the run,
   * say) has been handled: awaited before the run's first request, so that a stop that came first sends nothing.
   * Two turns: called from a callback of the loop's poll, the first immediate comes before it polls again.
   */
  caughtUp(): Promise<void> {
    return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  }

  get reason(): StopReason | undefined {
    return this.gate.reason;
  }

  /**
   * Takes Ctrl-C and SIGTERM back from whoever added handlers since (vitest's own would exit the process before
   * anything is put back): called at the start, and again once vitest is set up. The run's handler is added before
   * the others go, so that the process never has none: Node stops listening for a signal that has no handler, and
   * drops one that came while it was busy and is not yet handled (the command's start, loading vitest, is busy).
   */
  takeSignals(): void {
    if (!this.options.signals) return;
    for (const signal of SIGNALS) {
      if (!process.listeners(signal).includes(this.onSignal)) process.on(signal, this.onSignal);
      for (const listener of process.listeners(signal)) if (listener !== this.onSignal) process.off(signal, listener as () => void);
    }
  }

  /** The run is over: its bound and its handlers go (a later Ctrl-C is Node's again). */
  close(): void {
    clearTimeout(this.timer);
    if (this.options.signals) for (const signal of SIGNALS) process.off(signal, this.onSignal);
    this.gate.close();
  }
}
