// Delete a team member (Endpoints). Only MOCKAPI_TEAM_MEMBER_ID is removed from MOCKAPI_TEAM_ID, and only
// when both are set. The forbidden key's delete runs first: after the real one, 403 and 404 would both be
// right answers.
import { check, type CheckDefinition, type CheckContext, KEEPS_NO_STATE, shared, type Target } from '../src/harness/check.ts';
import { expectForbidden, expectForbiddenBody, expectNotFound, expectRejected, expectSuccess } from '../src/judge/checker.ts';
import { deletedAgain, fixtureDelete, firstDelete, forbiddenDelete, stillGone } from './deletes.ts';
import { MISSING, pathOf } from '../src/harness/support.ts';
import { removalOfNonMember, staysGone } from '../properties/sequences.ts';

const removing = {
  operation: 'deleteTeamMember' as const,
  needs: ['teamId' as const, 'teamMemberId' as const],
  writes: true,
  consumes: 'teamMemberId' as const,
};
const memberPath = (teamId: string, userId: string) => pathOf('deleteTeamMember', { teamId, userId });
const fixturePath = (target: Target) => memberPath(target.fixtures.teamId!, target.fixtures.teamMemberId!);
const member = fixtureDelete(
  'teamMemberId',
  fixturePath,
  (target) => `user ${JSON.stringify(target.fixtures.teamMemberId)} as a member of team ${JSON.stringify(target.fixtures.teamId)}`,
);
const forbiddenExchange = shared(({ client, target }) => client.send({ method: 'DELETE', path: fixturePath(target), credentials: 'forbidden' }));
const forbidden = (t: CheckContext) => forbiddenDelete(t, member, forbiddenExchange);

export const checks: CheckDefinition[] = [
  check(
    'teams/deleteteammember-valid-key-without-permission-403',
    'AUTH-403',
    'deleteTeamMember: a valid key without permission is answered 403',
    { ...removing, forbidden: true },
    async (t) => {
      expectForbidden(t, await forbidden(t));
    },
  ),

  check(
    'teams/deleteteammember-403-body-error-entry-titled',
    'AUTH-403-BODY',
    'deleteTeamMember: the 403 body is one error entry titled Forbidden with an empty source',
    { ...removing, forbidden: true },
    async (t) => {
      expectForbiddenBody(t, 'deleteTeamMember', await forbidden(t));
    },
  ),

  // before the member's own removal: a deployment that ignores the team in the path removes them here
  check(
    'teams/removing-member-other-team-leaves-them',
    'TEAM-MEMBER-THAT-TEAM',
    'removing the member from a team that does not exist is refused, and they stay a member of their own team: its removal then finds them',
    { ...removing, live: 'a mock does not know which ids exist' },
    async (t) => {
      const elsewhere = await t.send({ method: 'DELETE', path: memberPath(MISSING.teamId, t.fixture('teamMemberId')) });
      expectRejected(t, elsewhere, 'TEAM-MEMBER-THAT-TEAM', `the removal of the member from team ${JSON.stringify(MISSING.teamId)}, which does not exist`);
      const own = await firstDelete(t, member);
      // whether that removal succeeds is TEAM-MEMBER-DELETE's; only a member gone is this statement's
      t.expect(
        own.status !== 404,
        'TEAM-MEMBER-THAT-TEAM',
        `the removal from their own team ${JSON.stringify(t.fixture('teamId'))} after it finding them (no 404): they are still its member`,
        () => `status ${own.status}`,
      );
    },
  ),

  check('teams/removing-member-team-succeeds', 'TEAM-MEMBER-DELETE', 'removing a member of the team succeeds', removing, async (t) => {
    expectSuccess(t, 'deleteTeamMember', await firstDelete(t, member));
  }),

  check(
    'teams/after-removal-member-not-found-removing',
    'TEAM-MEMBER-GONE',
    'after removal the member is not found: removing again is answered 404',
    { ...removing, live: KEEPS_NO_STATE },
    async (t) => {
      await firstDelete(t, member);
      const ex = await deletedAgain(t, member);
      if (t.expect(ex.status === 404, 'TEAM-MEMBER-GONE', 'status 404 for the removed member', () => `status ${ex.status}`))
        expectNotFound(t, 'deleteTeamMember', ex);
    },
  ),

  check(
    'teams/removing-user-who-not-member-404',
    'ERR-404',
    'removing a user who is not a member is answered 404 with the not-found body',
    { operation: 'deleteTeamMember', needs: ['teamId'], writes: true, live: 'a mock does not know which ids exist' },
    async (t) => {
      expectNotFound(t, 'deleteTeamMember', await t.send({ method: 'DELETE', path: memberPath(t.fixture('teamId'), MISSING.userId) }));
    },
  ),

  check(
    'teams/removing-member-team-does-not-exist',
    'ERR-404',
    'removing a member of a team that does not exist is answered 404 with the not-found body, or 403 with the Forbidden body',
    { operation: 'deleteTeamMember', writes: true, live: 'a mock does not know which ids exist' },
    async (t) => {
      const ex = await t.send({ method: 'DELETE', path: memberPath(MISSING.teamId, MISSING.userId) });
      // a key may act on no team it cannot see: "not permitted" is as true of a team that does not exist
      if (ex.status !== 403) return expectNotFound(t, 'deleteTeamMember', ex);
      t.note(`answered 403: a deployment may refuse a team the key cannot see without saying whether it exists`);
      expectForbiddenBody(t, 'deleteTeamMember', ex);
    },
  ),

  // declared after the removal checks: it takes its turn on the member after them
  staysGone('teams/sequences-removed-stays-removed', {
    id: 'TEAM-MEMBER-GONE',
    title:
      'sequences of removals of the removed member and of a user who is no member (model-based): every removal of the member is answered 404, whatever came between',
    options: removing,
    what: member.what,
    path: fixturePath,
    first: (t) => firstDelete(t, member),
    between: [
      removalOfNonMember(
        (target) => memberPath(target.fixtures.teamId!, MISSING.userId),
        () => `user ${JSON.stringify(MISSING.userId)}, who is no member`,
      ),
    ],
  }),

  // declared last: it takes its turn on the member after every other check of it
  stillGone('teams/removed-member-still-gone-end-run', {
    id: 'TEAM-MEMBER-GONE',
    title: 'at the end of the run, at least 2 s after its removal, the removed member is still gone: a removal is answered 404',
    options: { ...removing, live: KEEPS_NO_STATE, requests: 2 },
    d: member,
  }),
];
