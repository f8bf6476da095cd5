// Jobs report nanosecond timestamps (Resources > Job). Date has milliseconds only, so wall-clock time is
// taken once and the monotonic high-resolution counter carries it forward.

const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;

export interface Clock {
  /** nanoseconds since the Unix epoch */
  nowNanos(): bigint;
}

export function createClock(): Clock {
  const anchorNs = BigInt(Date.now()) * NS_PER_MS;
  const anchorHr = process.hrtime.bigint();
  return { nowNanos: () => anchorNs + (process.hrtime.bigint() - anchorHr) };
}

/**
 * ISO 8601 UTC with `digits` fractional digits of the second, e.g. 2026-11-21T10:15:30.123456789Z; past nine
 * (the clock's resolution) the fraction is padded with zeros.
 */
export function isoTimestamp(ns: bigint, digits: number): string {
  const seconds = new Date(Number(ns / NS_PER_S) * 1000).toISOString().slice(0, 19);
  const fraction = (ns % NS_PER_S).toString().padStart(9, '0').padEnd(digits, '0').slice(0, digits);
  return `${seconds}.${fraction}Z`;
}

/** ISO 8601 duration in seconds, e.g. PT0.000183S; trailing zeros of the fraction left off. */
export function isoDuration(ns: bigint): string {
  const whole = ns / NS_PER_S;
  const fraction = (ns % NS_PER_S).toString().padStart(9, '0').replace(/0+$/, '');
  return `PT${whole}${fraction ? `.${fraction}` : ''}S`;
}

/**
 * An ISO 8601 UTC timestamp `ms` later (a whole number of seconds), its fraction of a second and its zone written as
 * they were, in the extended form (2026-11-21T10:15:30.1Z) or the basic one (20261121T101530,1Z); other text as it was.
 */
export function shiftedTimestamp(timestamp: string, ms: number): string {
  const extended = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(.*)$/.exec(timestamp);
  if (extended) return `${new Date(Date.parse(`${extended[1]}Z`) + ms).toISOString().slice(0, 19)}${extended[2]}`;
  const basic = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(.*)$/.exec(timestamp);
  if (!basic) return timestamp;
  const [, y, mo, d, h, mi, s, rest] = basic;
  return `${new Date(Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) + ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}${rest}`;
}
