// When a property stops sending new inputs (sendingCutOff in properties/property.ts), on its own: most of the way
// to the check's deadline, and moved on with that deadline when the deployment held the run back (429, 503:
// transient answers), as the check's own bound is (movingBound, test/harness/check-bound.test.ts).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sendingCutOff } from '../../properties/property.ts';
import { movingBound } from '../../src/harness/run-check.ts';

describe('sendingCutOff', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('is 85 % of the way from the start of the inputs to the deadline', () => {
    expect(sendingCutOff(1_000, 11_000)).toBe(9_500);
    expect(sendingCutOff(0, 1_000)).toBe(850);
  });

  test('a bound already reached leaves no time to send', () => {
    expect(sendingCutOff(5_000, 5_000)).toBe(5_000);
  });

  test('time the deployment held the run back moves it on with the deadline', async () => {
    const start = Date.now();
    const c = { deadline: start + 1_000, extend: (by: number) => (c.deadline += by) };
    let held = 0;
    const onPast = vi.fn();
    movingBound(c, () => held, onPast);
    expect(sendingCutOff(start, c.deadline)).toBe(start + 850);
    await vi.advanceTimersByTimeAsync(400);
    // a 429 asked for 1 s; the run waited it
    held = 1_000;
    await vi.advanceTimersByTimeAsync(600);
    expect(onPast).not.toHaveBeenCalled();
    expect(c.deadline).toBe(start + 2_000);
    expect(sendingCutOff(start, c.deadline), 'read again at the next input').toBe(start + 1_700);
  });
});
