import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'team-member-delete-under-post',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.deleteTeamMember.method-path',
  description: 'removing a team member is served under POST, not DELETE: DELETE /v1/teams/{teamId}/members/{userId} is answered 405',
  patch: {
    route: moveOperation('deleteTeamMember', { method: 'POST' }),
  },
});
