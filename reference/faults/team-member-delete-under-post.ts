import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put deleteTeamMember there, so that its documented method and path reach no operation
const route = createRouter({ deleteTeamMember: { method: 'POST' } });

export default fault({
  name: 'team-member-delete-under-post',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.deleteTeamMember.method-path',
  description: 'removing a team member is served under POST, not DELETE: DELETE /v1/teams/{teamId}/members/{userId} is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
