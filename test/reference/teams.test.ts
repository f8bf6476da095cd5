import { describe, expect, it } from 'vitest';
import { SEED } from '../../reference/store.ts';
import { NOT_FOUND_BODY, seen, useReference } from './helpers.ts';

const reference = useReference({ fresh: true });

const path = (teamId: string, userId: string) => `/v1/teams/${teamId}/members/${userId}`;

const notFound = { status: 404, type: 'application/json', body: NOT_FOUND_BODY };

describe('delete a team member', () => {
  it('answers 204 with no body, and the member is gone afterwards', async () => {
    const { call, deployment } = reference();
    const { teamId, teamMemberId } = deployment.fixtures;
    const answer = await call('DELETE', path(teamId, teamMemberId));
    expect(answer.status).toBe(204);
    expect(answer.bytes.length).toBe(0);
    expect(seen(await call('DELETE', path(teamId, teamMemberId)))).toEqual(notFound);
  });

  it('removes only that member', async () => {
    const { call, deployment } = reference();
    const { teamId, teamMemberId } = deployment.fixtures;
    await call('DELETE', path(teamId, teamMemberId));
    for (const other of SEED.otherTeamMemberIds) expect((await call('DELETE', path(teamId, other))).status).toBe(204);
  });

  it.each([
    ['an unknown team', 'team-none', SEED.teamMemberId],
    ['a user who is not a member', SEED.teamId, 'user-nobody'],
    ['a team id given as a user id', SEED.teamId, SEED.teamId],
  ])('answers 404 for %s', async (_, teamId, userId) => {
    expect(seen(await reference().call('DELETE', path(teamId, userId)))).toEqual(notFound);
  });
});
