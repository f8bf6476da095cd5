import { fault } from '../patch.ts';

export default fault({
  name: 'delete-body-text-plain',
  breaks: 'GEN-JSON',
  description: 'a delete that succeeds (a data source, a team member) answers 200 with the text "Deleted." as text/plain instead of no body',
  patch: {
    reply: (call, reply) =>
      (call.operation === 'deleteDataSource' || call.operation === 'deleteTeamMember') && reply.status === 204 ? { status: 200, text: 'Deleted.' } : reply,
  },
});
