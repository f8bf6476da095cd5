import { freedom } from '../patch.ts';
import { forbidden } from '../responses.ts';

export default freedom({
  name: 'unknown-team-403',
  bends: ['EP.deleteTeamMember.errors'],
  description:
    'a removal from a team that does not exist is answered 403 with the Forbidden body: the key may act on no team it cannot see, so the deployment does not say whether it exists',
  patch: {
    reply: (call, reply) => (call.operation === 'deleteTeamMember' && reply.status === 404 && !call.store.teams.has(call.params.teamId!) ? forbidden() : reply),
  },
});
