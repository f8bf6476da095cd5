// How a check reads a write answered 202 Accepted (src/harness/pending.ts): the read of its effect is sent again at
// growing intervals until the effect shows, within one bound, and an effect that never shows leaves the check errored;
// a write answered otherwise is read once. The waits are shown on a fake clock and against the reference whose
// writes answer 202 and land later (freedom writes-202-effect-later); the run's verdicts with it, in the freedom matrix.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Exchange } from '../../src/http/client.ts';
import { CheckCannotJudge } from '../../src/judge/judge.ts';
import { pendingWaits, pendingWrite, readAfter, settledAfter, type EffectRead } from '../../src/harness/pending.ts';
import { PENDING_EFFECT_MS } from '../../src/http/transient.ts';
import { startReference } from '../../reference/server.ts';
import { rowFlags, runReference } from '../support/reference-run.ts';

/** What a check's wait touches, recorded: how far its bound moved on, and its notes. */
function waiting() {
  const t = {
    extended: 0,
    notes: [] as string[],
    extend: (ms: number) => void (t.extended += ms),
    note: (text: string) => void t.notes.push(text),
    cannotJudge: (reason: string): never => {
      throw new CheckCannotJudge(reason);
    },
  };
  return t;
}

const answered = (status: number) => ({ status }) as Exchange;

/** A read whose answers are `values` in turn (the last one again once they run out), counting its reads. */
function reads(pending: string | undefined, values: number[]): EffectRead<number> & { count: number } {
  const r = {
    count: 0,
    pending,
    read: async () => values[Math.min(r.count++, values.length - 1)]!,
    shows: (seen: number) => seen === 1,
    seen: (last: number) => `value ${last}`,
  };
  return r;
}

describe('pendingWrite', () => {
  test('names the write where one of its answers is 202, and nothing otherwise', () => {
    expect(pendingWrite('the rename', answered(202))).toBe('the rename');
    expect(pendingWrite('the deletes', answered(204), answered(202))).toBe('the deletes');
    expect(pendingWrite('the rename', answered(200))).toBeUndefined();
    expect(pendingWrite('the rename', answered(201), answered(204))).toBeUndefined();
  });
});

describe('pendingWaits', () => {
  test('grow from 50 ms, 1 s at most each, and come to the one bound in all', () => {
    const waits = pendingWaits();
    expect(waits.slice(0, 5)).toEqual([50, 100, 200, 400, 800]);
    expect(Math.max(...waits)).toBe(1_000);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(PENDING_EFFECT_MS);
  });
});

describe('readAfter and settledAfter, on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a write not answered 202 is read once, at once, whatever the read shows', async () => {
    const t = waiting();
    const r = reads(undefined, [0, 1]);
    expect(await readAfter(t, r)).toBe(0);
    expect({ reads: r.count, extended: t.extended, notes: t.notes }).toEqual({ reads: 1, extended: 0, notes: [] });
  });

  test('a write answered 202 is read again after each wait until its effect shows, and the bound moves on by the waits', async () => {
    const t = waiting();
    const r = reads('the rename', [0, 0, 0, 1]);
    const read = readAfter(t, r);
    await vi.runAllTimersAsync();
    expect(await read).toBe(1);
    expect({ reads: r.count, extended: t.extended }).toEqual({ reads: 4, extended: 50 + 100 + 200 });
    expect(t.notes).toEqual(['the rename was answered 202 Accepted: its effect showed after about 350 ms of waiting']);
  });

  test('an effect that shows at once is not waited for', async () => {
    const t = waiting();
    const r = reads('the rename', [1]);
    expect(await readAfter(t, r)).toBe(1);
    expect({ reads: r.count, extended: t.extended, notes: t.notes }).toEqual({ reads: 1, extended: 0, notes: [] });
  });

  test('an effect that never shows ends the check errored once the bound is spent, saying what was pending and read', async () => {
    const t = waiting();
    const r = reads('the delete of data source "ds-1"', [0]);
    const read = readAfter(t, r);
    const ended = expect(read).rejects.toThrow(CheckCannotJudge);
    await vi.runAllTimersAsync();
    await ended;
    await expect(read).rejects.toThrow(
      `the delete of data source "ds-1" was answered 202 Accepted, and its effect did not show within ${PENDING_EFFECT_MS / 1000} s (the last read: value 0)`,
    );
    expect({ reads: r.count, extended: t.extended }).toEqual({ reads: pendingWaits().length + 1, extended: PENDING_EFFECT_MS });
  });

  test('a put-back whose effect never shows is told, not judged', async () => {
    const t = waiting();
    const settled = settledAfter(t, reads('the rename back', [0]));
    await vi.runAllTimersAsync();
    expect(await settled).toBe(false);
    expect(await settledAfter(t, reads(undefined, [0]))).toBe(true);
  });
});

describe('against the reference whose writes answer 202 and land later', () => {
  test('the read after a rename answered 202 waits until the rename shows', async () => {
    const deployment = await startReference({ faults: [], freedoms: ['writes-202-effect-later'], variations: false });
    try {
      const url = `${deployment.baseUrl}/v1/organisations/${deployment.fixtures.organisationId}`;
      const headers = { Authorization: `Token ${deployment.fixtures.token}`, 'Content-Type': 'application/json' };
      const renamed = await fetch(url, { method: 'PUT', headers, body: JSON.stringify({ organisation: { name: 'Later Ltd' } }) });
      expect(renamed.status).toBe(202);
      const t = waiting();
      const name = await readAfter(t, {
        pending: 'the rename',
        read: async () => ((await (await fetch(url, { headers })).json()) as { organisation: { name: string } }).organisation.name,
        shows: (seen) => seen === 'Later Ltd',
        seen: (last) => last,
      });
      expect(name).toBe('Later Ltd');
    } finally {
      await deployment.close();
    }
  });

  test('a removal answered 202 whose effect never lands leaves the checks of it errored, none failed', async () => {
    // the member is never removed (a fault); with 204 the same checks fail (the fault matrix)
    const r = await runReference({ freedoms: ['writes-202-effect-later'], faults: ['team-member-delete-not-permanent'] }, [
      ...rowFlags(false),
      '--only',
      '^teams/',
    ]);
    const outcomes = r.report.checks.filter((c) => c.outcome !== 'passed').map((c) => [c.id, c.outcome]);
    expect(outcomes.sort()).toEqual([
      ['teams/after-removal-member-not-found-removing', 'errored'],
      ['teams/removed-member-still-gone-end-run', 'errored'],
      ['teams/sequences-removed-stays-removed', 'errored'],
    ]);
    for (const c of r.report.checks.filter((check) => check.outcome === 'errored'))
      expect(c.message, c.id).toMatch(/answered 202 Accepted, and its effect did not show within 5 s \(the last read: status 202\)/);
  });
});
