import { fault } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';
import { SEED } from '../store.ts';

// No operation adds members, so the seeded members are everyone who ever was one.
const SEEDED_MEMBERS: readonly string[] = [SEED.teamMemberId, ...SEED.otherTeamMemberIds];

export default fault({
  name: 'team-non-member-400',
  breaks: 'ERR-404',
  description: 'removing a user who never was a member of an existing team answers 400 and an error list instead of 404',
  patch: {
    // a user not found in a team that exists, who never was a member of it; in variations mode too
    reply: (call, reply) => {
      const { teamId = '', userId = '' } = call.params;
      if (call.operation !== 'deleteTeamMember' || reply.status !== 404 || !call.store.teams.has(teamId) || SEEDED_MEMBERS.includes(userId)) return reply;
      return errorList(400, [errorEntry(400, 'Not a member', `The user ${userId} is not a member of this team`)]);
    },
  },
});
