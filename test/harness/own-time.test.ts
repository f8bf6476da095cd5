// A check's own time (OwnTime): from its first request going out to its verdict, waits for a place left out.
import { describe, expect, test } from 'vitest';
import { OwnTime } from '../../src/harness/own-time.ts';

describe('OwnTime', () => {
  test('a one-request check that waited 6 s for its place took the request and the verdict, not the wait', () => {
    const t = new OwnTime();
    t.record(0, 6000, 6020);
    expect(t.until(6025)).toBe(25);
  });

  test('a later request waiting for its place, none of the check out, is left out; a wait while another is out is not', () => {
    const t = new OwnTime();
    t.record(0, 0, 10);
    t.record(10, 90, 110);
    expect(t.until(120)).toBe(30);
    const parallel = new OwnTime();
    parallel.record(0, 0, 100);
    parallel.record(0, 50, 120);
    expect(parallel.until(120)).toBe(120);
  });

  test('a check that sent nothing has no own time apart from its duration', () => {
    expect(new OwnTime().until(5)).toBeUndefined();
  });
});
