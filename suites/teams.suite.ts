// Delete a team member (Endpoints). Only MOCKAPI_TEAM_MEMBER_ID is removed from MOCKAPI_TEAM_ID, and only
// when both are set. The forbidden key's delete runs first: after the real one, 403 and 404 would both be
// right answers.
import { check, client, shared, target, type CheckContext } from '../src/check.ts';
import { expectForbidden, expectForbiddenBody, expectNotFound, expectSuccess } from '../src/contract/checker.ts';
import { fixtureDelete, firstDelete, forbiddenDelete } from './deletes.ts';
import { MISSING, pathOf } from './support.ts';

const removing = { needs: ['teamId' as const, 'teamMemberId' as const], writes: true, consumes: 'teamMemberId' as const };
const memberPath = (teamId: string, userId: string) => pathOf('deleteTeamMember', { teamId, userId });
const fixturePath = () => memberPath(target().fixtures.teamId!, target().fixtures.teamMemberId!);
const member = fixtureDelete('teamMemberId', fixturePath, () => `user ${JSON.stringify(target().fixtures.teamMemberId)} as a member of team ${JSON.stringify(target().fixtures.teamId)}`);
const forbiddenExchange = shared(() => client().send({ method: 'DELETE', path: fixturePath(), credentials: 'forbidden' }));
const forbidden = (t: CheckContext) => forbiddenDelete(t, member, forbiddenExchange);

check('AUTH-403', 'deleteTeamMember: a valid key without permission is answered 403', { ...removing, forbidden: true }, async (t) => {
  expectForbidden(t, await forbidden(t));
});

check('AUTH-403-BODY', 'deleteTeamMember: the 403 body is one error entry titled Forbidden with an empty source', { ...removing, forbidden: true }, async (t) => {
  expectForbiddenBody(t, 'deleteTeamMember', await forbidden(t));
});

check('TEAM-MEMBER-DELETE', 'removing a member of the team succeeds', removing, async (t) => {
  expectSuccess(t, 'deleteTeamMember', await firstDelete(t, member));
});

check('TEAM-MEMBER-GONE', 'after removal the member is not found: removing again is answered 404', { ...removing, live: "a mock keeps no state: it answers with the description's examples" }, async (t) => {
  await firstDelete(t, member);
  const ex = await t.send({ method: 'DELETE', path: memberPath(t.fixture('teamId'), t.fixture('teamMemberId')) });
  if (t.expect(ex.status === 404, 'TEAM-MEMBER-GONE', 'status 404 for the removed member', () => `status ${ex.status}`)) expectNotFound(t, 'deleteTeamMember', ex);
});

check('ERR-404', 'removing a user who is not a member is answered 404 with the not-found body', { needs: ['teamId'], writes: true, live: 'a mock does not know which ids exist' }, async (t) => {
  expectNotFound(t, 'deleteTeamMember', await t.send({ method: 'DELETE', path: memberPath(t.fixture('teamId'), MISSING.userId) }));
});

check('ERR-404', 'removing a member of a team that does not exist is answered 404 with the not-found body', { writes: true, live: 'a mock does not know which ids exist' }, async (t) => {
  expectNotFound(t, 'deleteTeamMember', await t.send({ method: 'DELETE', path: memberPath(MISSING.teamId, MISSING.userId) }));
});
