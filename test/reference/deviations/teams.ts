// What each fault of teams visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import { FORBIDDEN_BODY, seen, type Reference } from '../helpers.ts';
import { member, later, servedElsewhere } from './shared.ts';

export const teams: Record<string, (r: Reference) => Promise<void>> = {
  'team-member-delete-under-post': async (r) => {
    await servedElsewhere(r, ['DELETE', member()], ['POST', member()]);
    expect((await r.call('POST', member())).status).toBe(404);
  },
  'team-member-back-after-overlapping-removals': async ({ call }) => {
    const statuses = (await Promise.all([call('DELETE', member()), call('DELETE', member())])).map((a) => a.status);
    expect(statuses.sort()).toEqual([204, 404]);
    expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
  },
  'team-member-back-a-second-after-removal': async ({ call }) => {
    expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
    await later(1_000, async () => expect((await call('DELETE', member())).status).toBe(204));
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
  },
  'team-member-delete-403': async ({ call }) => {
    expect(seen(await call('DELETE', member()))).toEqual({ status: 403, type: 'application/json', body: FORBIDDEN_BODY });
    expect((await call('DELETE', member())).status).toBe(404);
  },
  'team-member-back-after-not-found': async ({ call }) => {
    expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
    expect((await call('DELETE', member())).status).toBe(204);
    // a user never removed stays unknown
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
  },
  'team-member-removed-from-any-team': async ({ call }) => {
    expect((await call('DELETE', member(SEED.teamMemberId, 'team-nowhere'))).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
    // a user who is no member of any team is still not found
    expect((await call('DELETE', member('user-nobody', 'team-nowhere'))).status).toBe(404);
  },
  'team-member-delete-not-permanent': async ({ call }) => {
    for (let i = 0; i < 2; i++) expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
  },
};
