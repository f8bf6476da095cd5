// The window of requests in flight for a deployment given by URL without --concurrency (docs/speed.md): it
// starts at the fixed default, grows by about one request per round trip while answers come back without 429
// or 503 and without latency growing, and halves on a 429 or a 503 (down to one) or on a latency jump (down to
// where it started), within a ceiling. TCP's congestion avoidance (AIMD), with the deployment's own answers as
// the signal: a rate-limited deployment says how much it takes, and never sees more than that for long.
// Used by Client.turn (src/http/client.ts), which holds its places; the shared Retry-After hold stays there.
import type { WindowRange } from '../../contract/report.ts';

/**
 * An answer is a latency jump when the smoothed latency is past JUMP_FACTOR times the fastest answer seen, plus
 * JUMP_SLACK_MS. The time of an answer includes our own worker's delays: on a busy machine a distant run's own
 * load alone more than doubles its smoothed latency, and at twice the fastest the window was cut again and again
 * for nothing (the measurements are in the commit that chose three). A deployment that queues answers about
 * window/capacity times slower, so three times still catches one asked for three times what it can take; a 429
 * or 503 is its own, exact, word for the rest.
 */
const JUMP_FACTOR = 3;
const JUMP_SLACK_MS = 20;
/** Weight of the newest answer in the smoothed latency (as TCP's SRTT: 1/8). */
const SMOOTHING = 1 / 8;

/** A request's ticket: the order it was sent in, and whether the window was full when it went. */
export interface Ticket {
  seq: number;
  full: boolean;
}

export class InFlightWindow {
  private size: number;
  private readonly start: number;
  private readonly ceiling: number;
  private sent = 0;
  /** requests sent up to this one saw the last cut coming: their answers cut no more (once per round trip) */
  private cutAt = 0;
  private fastestMs = Infinity;
  private smoothedMs: number | undefined;
  private low: number;
  private high: number;

  constructor(start: number, ceiling: number) {
    this.start = Math.min(start, ceiling);
    this.ceiling = ceiling;
    this.size = this.start;
    this.low = this.high = this.start;
  }

  /** Requests in flight allowed now. */
  get limit(): number {
    return Math.floor(this.size);
  }

  /** A request goes out with `inFlight` in flight, itself counted. */
  ticket(inFlight: number): Ticket {
    return { seq: ++this.sent, full: inFlight >= this.limit };
  }

  /** What the answer (its status, 0 for none, and time) says of the deployment's room. */
  answered(ticket: Ticket, status: number, durationMs: number): void {
    if (status === 429 || status === 503) return this.cut(ticket, 1);
    if (status === 0) return;
    this.fastestMs = Math.min(this.fastestMs, durationMs);
    this.smoothedMs = this.smoothedMs === undefined ? durationMs : this.smoothedMs + SMOOTHING * (durationMs - this.smoothedMs);
    if (this.smoothedMs > JUMP_FACTOR * this.fastestMs + JUMP_SLACK_MS) return this.cut(ticket, this.start);
    // grown only by answers to a full window: room the run did not use is no room shown
    if (ticket.full && this.size < this.ceiling) this.resize(Math.min(this.ceiling, this.size + 1 / this.limit));
  }

  private cut(ticket: Ticket, floor: number): void {
    if (ticket.seq <= this.cutAt) return;
    this.cutAt = this.sent;
    this.resize(Math.max(Math.min(floor, this.size), this.size / 2));
  }

  private resize(size: number): void {
    this.size = size;
    this.low = Math.min(this.low, this.limit);
    this.high = Math.max(this.high, this.limit);
  }

  range(): WindowRange {
    return { from: this.start, ceiling: this.ceiling, min: this.low, max: this.high };
  }
}

/** The wider of two ranges of one run (checks end at different times; the report takes the widest). */
export function widest(a: WindowRange | undefined, b: WindowRange | undefined): WindowRange | undefined {
  if (!a || !b) return a ?? b;
  return { from: a.from, ceiling: a.ceiling, min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
}
