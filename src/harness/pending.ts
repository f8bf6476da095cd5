// How the checks read 202 Accepted: the interface leaves the success status of the updates and deletes "not shown",
// and 202 is one such status, which says the work is accepted and may be done after the answer. Where a check (or a
// sequence step) judges the effect of a write answered 202 by a later read, that read waits for the effect: it is sent
// again at growing intervals until the effect shows, within one bound for every check (PENDING_EFFECT_MS), and what it
// then shows is judged; an effect that never shows leaves the check errored, not failed. A write answered with any
// other status is read once, at once: its effect is due when it is answered.
import type { Exchange } from '../http/client.ts';
import { PENDING_EFFECT_MS } from '../http/transient.ts';
import type { CheckContext } from './check-context.ts';
/** The first wait between two reads of a pending effect; each next one is twice as long, never above LONGEST_WAIT_MS. */
const FIRST_WAIT_MS = 50;
const LONGEST_WAIT_MS = 1_000;

/** The waits between the reads of a pending effect, in ms: growing, and PENDING_EFFECT_MS in all. */
export function pendingWaits(): number[] {
  const waits: number[] = [];
  for (let wait = FIRST_WAIT_MS, left = PENDING_EFFECT_MS; left > 0; wait = Math.min(2 * wait, LONGEST_WAIT_MS)) {
    waits.push(Math.min(wait, left));
    left -= waits.at(-1)!;
  }
  return waits;
}

/** `what`, the write in words, when one of its answers is 202 (its work pending); else undefined. */
export function pendingWrite(what: string, ...answers: readonly Exchange[]): string | undefined {
  return answers.some((ex) => ex.status === 202) ? what : undefined;
}

/** A read of a write's effect (readAfter, settledAfter). */
export interface EffectRead<T> {
  /** the write whose effect the read shows, in words, where it was answered 202 (pendingWrite); undefined: read once, at once */
  pending: string | undefined;
  read: () => Promise<T>;
  /** whether what was read shows the effect */
  shows: (seen: T) => boolean;
  /** what was read, in words, for the message of an effect that never showed */
  seen: (last: T) => string;
}

/** What a check's wait for an effect touches: its time bound, moved on by the wait, and its notes. */
type Waiting = Pick<CheckContext, 'extend' | 'note'>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The read, sent again after each of pendingWaits until it shows the effect; the check's bound moves on by the waits. */
async function waited<T>(t: Waiting, r: EffectRead<T>): Promise<{ last: T; shown: boolean }> {
  let last = await r.read();
  let waitedMs = 0;
  for (const wait of pendingWaits()) {
    if (r.shows(last)) break;
    await sleep(wait);
    // the deployment said it is not done yet: that wait is not the check's own time
    t.extend(wait);
    waitedMs += wait;
    last = await r.read();
  }
  const shown = r.shows(last);
  if (shown && waitedMs > 0) t.note(`${r.pending} was answered 202 Accepted: its effect showed after about ${waitedMs} ms of waiting`);
  return { last, shown };
}

/**
 * The read of a write's effect, to be judged as it comes back: sent once, or, where the write was answered 202
 * (`pending`), waited for (waited). An effect that does not show within PENDING_EFFECT_MS ends the check errored.
 */
export async function readAfter<T>(t: Waiting & Pick<CheckContext, 'cannotJudge'>, r: EffectRead<T>): Promise<T> {
  if (r.pending === undefined) return r.read();
  const { last, shown } = await waited(t, r);
  if (!shown)
    t.cannotJudge(
      `${r.pending} was answered 202 Accepted, and its effect did not show within ${PENDING_EFFECT_MS / 1000} s (the last read: ${r.seen(last)}): a pending write is judged once its effect shows`,
    );
  return last;
}

/**
 * Whether a put-back's effect showed: where the put-back was answered 202, waited for (waited), so that the next
 * check finds what it expects; nothing is judged, and one that never shows is the caller's to note.
 */
export async function settledAfter<T>(t: Waiting, r: EffectRead<T>): Promise<boolean> {
  if (r.pending === undefined) return true;
  return (await waited(t, r)).shown;
}
