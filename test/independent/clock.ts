// Node's wall clock has millisecond resolution, so a monotonic offset from one anchor supplies nanoseconds for job times.
const anchorEpochNs = BigInt(Date.now()) * 1_000_000n;
const anchorHrNs = process.hrtime.bigint();

export function nowNs(): bigint {
  return anchorEpochNs + (process.hrtime.bigint() - anchorHrNs);
}

/** ISO 8601 UTC with nine fractional digits, as the spec requires of a job's `started`. */
export function isoNanos(epochNs: bigint): string {
  const wholeSeconds = new Date(Number(epochNs / 1_000_000n)).toISOString().slice(0, 19);
  const fraction = (epochNs % 1_000_000_000n).toString().padStart(9, '0');
  return `${wholeSeconds}.${fraction}Z`;
}

/** ISO 8601 UTC with whole seconds, as the spec requires of `loggedDateString`. */
export function isoSeconds(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
}

/** ISO 8601 duration in seconds with nine fractional digits, e.g. PT0.000123456S. */
export function isoDuration(ns: bigint): string {
  const fraction = (ns % 1_000_000_000n).toString().padStart(9, '0');
  return `PT${ns / 1_000_000_000n}.${fraction}S`;
}
