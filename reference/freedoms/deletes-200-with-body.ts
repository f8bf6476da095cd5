import { freedom } from '../patch.ts';
import type { Reply } from '../responses.ts';

export default freedom({
  name: 'deletes-200-with-body',
  bends: [
    'EP.deleteDataSource.success',
    'EP.deleteTeamMember.success',
    'EP.deleteDataSource.method-path',
    'EP.deleteTeamMember.method-path',
    'EP.deleteDataSource.effect',
    'EP.deleteTeamMember.effect',
  ],
  description: 'a delete that succeeds is answered 200 with a JSON body naming what was removed, instead of 204',
  patch: {
    reply: (call, reply): Reply => {
      if (reply.status !== 204) return reply;
      if (call.operation === 'deleteDataSource') return { status: 200, json: { deleted: { id: call.params.dataSourceId! } } };
      if (call.operation === 'deleteTeamMember') return { status: 200, json: { removed: { teamId: call.params.teamId!, userId: call.params.userId! } } };
      return reply;
    },
  },
});
