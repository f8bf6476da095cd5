// The command hands the target to its worker over a channel (src/harness/target-channel.ts): whichever comes
// first, the worker listening or the command having the target, the worker gets it, once, with the run's stop
// shared (a stop set on one side is read on the other); an abandoned run ends the worker's wait with ABANDONED.
import { expect, test } from 'vitest';
import type { Target } from '../../src/harness/check.ts';
import { ABANDONED, targetAnnouncer, targetFromCommand } from '../../src/harness/target-channel.ts';

const stop = new SharedArrayBuffer(8);
const target = { baseUrl: 'http://127.0.0.1:1', runs: 7, fixtures: { organisationId: 'org-1' } } as unknown as Target;

test('a worker that listens before the target is open gets it once it is sent', async () => {
  const announcer = targetAnnouncer();
  // a third party on the channel sees the worker say that it listens, before there is anything to tell it
  const observer = new BroadcastChannel(announcer.name);
  const listening = new Promise((resolve) => (observer.onmessage = ({ data }) => resolve(data)));
  const got = targetFromCommand(announcer.name);
  expect(await listening).toBe('listening');
  observer.close();
  announcer.send(target, stop);
  const said = await got;
  expect(said.target).toEqual(target);
  // the same memory, not a copy
  Atomics.store(new Int32Array(stop), 1, 42);
  expect(Atomics.load(new Int32Array(said.stop), 1)).toBe(42);
  announcer.close();
});

test('a worker that listens only after the target was sent still gets it', async () => {
  const announcer = targetAnnouncer();
  announcer.send(target, stop);
  expect((await targetFromCommand(announcer.name)).target).toEqual(target);
  announcer.close();
});

test("an abandoned run ends the worker's wait with ABANDONED, listening before or after", async () => {
  const announcer = targetAnnouncer();
  const before = targetFromCommand(announcer.name);
  announcer.abandon();
  await expect(before).rejects.toThrow(ABANDONED);
  await expect(targetFromCommand(announcer.name)).rejects.toThrow(ABANDONED);
  announcer.close();
});
