// How a run sizes itself by the latency it measures: generated payloads per property, and each check's time
// bound. And the two ISO 8601 readings the checks of times rest on: a duration's length, the order of two
// instants finer than milliseconds.
import { expect, test } from 'vitest';
import { checkBound } from '../../src/harness/run-check.ts';
import { compareInstants, durationSeconds, parseUtcTimestamp } from '../../src/judge/iso8601.ts';
import { runsFor } from '../../src/run/open-target.ts';

test('runs per property fall with the latency measured, whatever the address', () => {
  expect([0.3, 9.9, 10, 99, 100, 300].map(runsFor)).toEqual([100, 100, 20, 20, 10, 10]);
});

test("a check's bound is 15 s plus ten times the latency per request (250 ms at least), unless the user sets one", () => {
  expect(checkBound({ latencyMs: 1, checkTimeoutMs: undefined }, 4)).toBe(15_000 + 4 * 250);
  expect(checkBound({ latencyMs: 300, checkTimeoutMs: undefined }, 40)).toBe(15_000 + 40 * 3_000);
  expect(checkBound({ latencyMs: 300, checkTimeoutMs: 4_000 }, 40)).toBe(4_000);
});

test('a duration has a length in seconds unless it counts years or months, which have none', () => {
  expect(durationSeconds('PT0.000183S')).toBe(0.000183);
  expect(durationSeconds('PT1H30M')).toBe(5400);
  expect(durationSeconds('P2W')).toBe(1_209_600);
  expect(durationSeconds('P0Y1DT1S')).toBe(86_401);
  expect(durationSeconds('PT0,5S')).toBe(0.5);
  expect(durationSeconds('P0000-00-01T00:00:01')).toBe(86_401);
  expect(durationSeconds('P0M1D')).toBe(86_400);
  expect(durationSeconds('P0000-00-01T01:02:03')).toBe(86_400 + 3_723);
  expect(durationSeconds('P0000-00-00T00:00:01.5')).toBe(1.5);
  expect(durationSeconds('P0001-00-00T00:00:00')).toBeUndefined();
  expect(durationSeconds('P0000-01-00T00:00:00')).toBeUndefined();
  expect(durationSeconds('P1M')).toBeUndefined();
  expect(durationSeconds('P1Y')).toBeUndefined();
  expect(durationSeconds('183ms')).toBeUndefined();
});

test('two instants are ordered to the last digit either shows', () => {
  const at = (text: string) => parseUtcTimestamp(text)!;
  expect(compareInstants(at('2026-11-21T10:15:30.123456789Z'), at('2026-11-21T10:15:30.123456790Z'))).toBeLessThan(0);
  expect(compareInstants(at('2026-11-21T10:15:30.1235Z'), at('2026-11-21T10:15:30.123456789Z'))).toBeGreaterThan(0);
  expect(compareInstants(at('2026-11-21T10:15:30.5Z'), at('2026-11-21T10:15:30.500000000Z'))).toBe(0);
  expect(compareInstants(at('2026-11-21T10:15:29Z'), at('2026-11-21T10:15:30.0Z'))).toBeLessThan(0);
});
