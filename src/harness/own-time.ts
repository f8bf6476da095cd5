// A check's own time: from its first request going out to its verdict, less the time it only waited for a place
// among the run's requests in flight (Client.turn). Every check of a run starts at once and most wait for a place,
// so the time since a check started is mostly the other checks'. CheckContext records each request; JUnit shows it.

/** One request of a check: when it was asked for, how long it waited for its place, when its answer ended (performance.now() ms). */
interface Sent {
  asked: number;
  out: number;
  ended: number;
}

export class OwnTime {
  private readonly sent: Sent[] = [];

  /** A request asked for at `asked`, which waited `queuedMs` for its place and ended now. */
  record(asked: number, queuedMs: number, ended = performance.now()): void {
    this.sent.push({ asked, out: asked + queuedMs, ended });
  }

  /** The check's own time until `verdict`; undefined when it sent nothing (its time is then all its own). */
  until(verdict: number): number | undefined {
    if (this.sent.length === 0) return undefined;
    const first = Math.min(...this.sent.map((s) => s.out));
    return Math.max(0, verdict - first - onlyWaiting(this.sent, first));
  }
}

/** Time after `from` during which some request of the check waited for its place and none of its own was out. */
function onlyWaiting(sent: readonly Sent[], from: number): number {
  // +1 waiting starts, -1 waiting ends; the same for requests out, on a second count
  const events: [at: number, waiting: number, out: number][] = [];
  for (const s of sent) {
    if (s.out > s.asked) events.push([s.asked, 1, 0], [s.out, -1, 0]);
    events.push([s.out, 0, 1], [s.ended, 0, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
  let waiting = 0;
  let out = 0;
  let last = from;
  let total = 0;
  for (const [at, w, o] of events) {
    if (waiting > 0 && out === 0 && at > last) total += at - Math.max(last, from);
    last = Math.max(last, at);
    waiting += w;
    out += o;
  }
  return total;
}
