// The run's life (src/run/run-life.ts): Ctrl-C and SIGTERM stop the run from the instant it begins, its bound too;
// whatever added handlers since is taken back from; a second Ctrl-C gives up what is left; once over, the
// process's signals are Node's again.
import { expect, test, vi } from 'vitest';
import { RunLife } from '../../src/run/run-life.ts';

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
  const life = new RunLife({ signals: true, runTimeoutMs: 600_000 });
  const forced = vi.fn();
  life.onForced = forced;
  process.emit('SIGTERM');
  expect(await life.stopped).toBe('interrupted');
  expect(forced).not.toHaveBeenCalled();
  process.emit('SIGINT');
  expect(forced).toHaveBeenCalledTimes(1);
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
