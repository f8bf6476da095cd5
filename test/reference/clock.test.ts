import { describe, expect, it } from 'vitest';
import { createClock, isoDuration, isoTimestamp } from '../../reference/clock.ts';

describe('clock', () => {
  it.each([
    [0n, 'PT0S'],
    [183_000n, 'PT0.000183S'],
    [1n, 'PT0.000000001S'],
    [1_500_000_000n, 'PT1.5S'],
    [62_000_000_010n, 'PT62.00000001S'],
  ])('writes %s ns as the duration %s', (ns, duration) => {
    expect(isoDuration(ns)).toBe(duration);
  });

  it('writes timestamps with 9 or 3 fractional digits, truncated', () => {
    const ns = BigInt(Date.UTC(2026, 10, 21, 10, 15, 30)) * 1_000_000n + 123_456_789n;
    expect(isoTimestamp(ns, 9)).toBe('2026-11-21T10:15:30.123456789Z');
    expect(isoTimestamp(ns, 3)).toBe('2026-11-21T10:15:30.123Z');
    expect(isoTimestamp(ns - 123_456_789n + 7n, 9)).toBe('2026-11-21T10:15:30.000000007Z');
  });

  it('follows the wall clock and never goes back', () => {
    const clock = createClock();
    const first = clock.nowNanos();
    expect(Math.abs(Number(first / 1_000_000n) - Date.now())).toBeLessThan(1000);
    expect(clock.nowNanos()).toBeGreaterThanOrEqual(first);
  });
});
