// The run's life (src/run/run-life.ts): Ctrl-C and SIGTERM stop the run from the instant it begins, its bound too;
// whatever added handlers since is taken back from; a second Ctrl-C gives up what is left; once over, the
// process's signals are Node's again.
import { expect, test, vi } from 'vitest';
import { RunLife } from '../../src/run/run-life.ts';

/** A run's life whose clock the test moves, and what it does when a second Ctrl-C gives up what is left. */
function lifeOnAClock() {
  const clock = { now: 0 };
  const life = new RunLife({ signals: true, runTimeoutMs: 600_000, now: () => clock.now });
  const forced = vi.fn();
  life.onForced = forced;
  return { life, forced, clock };
}

test('Ctrl-C stops the run as interrupted, and vitest-like handlers added since are taken back from', async () => {
  const life = new RunLife({ signals: true, runTimeoutMs: 600_000 });
  const theirs = vi.fn();
  process.on('SIGINT', theirs);
  life.takeSignals();
  process.emit('SIGINT');
  expect(await life.stopped).toBe('interrupted');
  expect(life.gate.stopped).toBe(true);
  expect(theirs).not.toHaveBeenCalled();
  life.close();
  expect(process.listenerCount('SIGINT')).toBe(0);
});

test('a second Ctrl-C, or a SIGTERM after it, gives up what is left: onForced', async () => {
  const { life, forced, clock } = lifeOnAClock();
  process.emit('SIGTERM');
  expect(await life.stopped).toBe('interrupted');
  expect(forced).not.toHaveBeenCalled();
  clock.now += 1500;
  process.emit('SIGINT');
  expect(forced).toHaveBeenCalledTimes(1);
  life.close();
});

test("one Ctrl-C that comes twice at once (npx passes on the terminal's, `timeout` signals the group too) is one stop", async () => {
  const { life, forced, clock } = lifeOnAClock();
  process.emit('SIGINT');
  clock.now += 5;
  process.emit('SIGINT');
  expect(await life.stopped).toBe('interrupted');
  expect(forced).not.toHaveBeenCalled();
  life.close();
});

test('the run takes the signals over without leaving the process a moment with no handler, which would drop one', () => {
  const theirs = vi.fn();
  process.on('SIGINT', theirs);
  const counts: number[] = [];
  const count = (name: string | symbol) => name === 'SIGINT' && counts.push(process.listenerCount('SIGINT'));
  process.on('removeListener', count);
  const life = new RunLife({ signals: true, runTimeoutMs: 600_000 });
  process.off('removeListener', count);
  expect(counts).toEqual([1]);
  expect(process.listeners('SIGINT')).toHaveLength(1);
  expect(theirs).not.toHaveBeenCalled();
  life.close();
});

test('the bound stops the run from its start; the first reason set stands', async () => {
  const life = new RunLife({ signals: false, runTimeoutMs: 20 });
  expect(await life.stopped).toBe('bound');
  life.gate.stop('key-refused', 7);
  expect(life.reason).toBe('bound');
  life.close();
});

test('a run that leaves the signals alone (a library run) adds no handler', () => {
  const before = process.listenerCount('SIGINT');
  const life = new RunLife({ signals: false, runTimeoutMs: 600_000 });
  expect(process.listenerCount('SIGINT')).toBe(before);
  life.close();
});
