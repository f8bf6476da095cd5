import { describe, expect, it } from 'vitest';
import { createClock, isoDuration, isoTimestamp, shiftedTimestamp } from '../../reference/clock.ts';

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

  it('shifts a timestamp by whole seconds, its fraction and zone as written, in either form; other text as it was', () => {
    expect(shiftedTimestamp('2026-11-21T10:15:30.123456789Z', 3_600_000)).toBe('2026-11-21T11:15:30.123456789Z');
    expect(shiftedTimestamp('2026-11-21T10:15:30+00:00', -60_000)).toBe('2026-11-21T10:14:30+00:00');
    expect(shiftedTimestamp('20261121T101530,1Z', Date.UTC(2024, 1, 29) - Date.UTC(2026, 10, 21))).toBe('20240229T101530,1Z');
    expect(shiftedTimestamp('soon', 1_000)).toBe('soon');
  });
});
