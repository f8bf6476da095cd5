import { fault } from '../patch.ts';

export default fault({
  name: 'team-member-delete-not-permanent',
  breaks: 'TEAM-MEMBER-GONE',
  description: 'removing a member answers 204 but keeps it, so removing it again answers 204 again',
  patch: {
    // the membership is kept; the answer is still the success of a removal
    write: (call, before, after) => (call.operation === 'deleteTeamMember' ? before : after),
  },
});
