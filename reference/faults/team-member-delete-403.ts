import { fault } from '../patch.ts';
import { forbidden } from '../responses.ts';

export default fault({
  name: 'team-member-delete-403',
  breaks: 'TEAM-MEMBER-DELETE',
  description: 'removing a member with the full key removes it but answers 403 with the Forbidden body',
  patch: {
    // removed all the same: only the success answer is replaced
    reply: (call, reply) => (call.operation === 'deleteTeamMember' && reply.status < 300 ? forbidden() : reply),
  },
});
