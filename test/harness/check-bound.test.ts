// A check's time bound (movingBound in src/harness/check.ts), on its own: reached at its deadline, moved on by the time
// the deployment held the run back (transient answers: 429, 503) and by the check's own extensions, and never
// reached once cleared.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { movingBound } from '../../src/harness/run-check.ts';

/** A check's deadline as CheckContext keeps it. */
const context = (ms: number) => {
  const c = { deadline: Date.now() + ms, extend: (by: number) => (c.deadline += by) };
  return c;
};

describe('movingBound', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('is reached at the deadline, not a millisecond before, and calls onPast once', async () => {
    const onPast = vi.fn();
    const bound = movingBound(context(1000), () => 0, onPast);
    await vi.advanceTimersByTimeAsync(999);
    expect(onPast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onPast).toHaveBeenCalledTimes(1);
    await expect(bound.reached).resolves.toBeUndefined();
  });

  test('time the deployment held the run back moves it on by as much', async () => {
    let held = 0;
    const onPast = vi.fn();
    movingBound(context(1000), () => held, onPast);
    await vi.advanceTimersByTimeAsync(400);
    // a 429 asked for 1.5 s; the run waited it
    held = 1500;
    await vi.advanceTimersByTimeAsync(600);
    expect(onPast, 'the deadline moved from 1000 to 2500 ms').not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1499);
    expect(onPast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onPast).toHaveBeenCalledTimes(1);
  });

  test('time held before the check started does not move it on', async () => {
    const onPast = vi.fn();
    movingBound(context(1000), () => 5000, onPast);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onPast).toHaveBeenCalledTimes(1);
  });

  test("the check's own extension moves it on too", async () => {
    const onPast = vi.fn();
    const c = context(1000);
    movingBound(c, () => 0, onPast);
    c.extend(300);
    await vi.advanceTimersByTimeAsync(1299);
    expect(onPast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onPast).toHaveBeenCalledTimes(1);
  });

  test('once cleared it is never reached', async () => {
    const onPast = vi.fn();
    movingBound(context(1000), () => 0, onPast).clear();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onPast).not.toHaveBeenCalled();
  });
});
