import type { Membership } from '../handlers/teams.ts';
import { fault } from '../patch.ts';

export default fault({
  name: 'team-member-removed-from-any-team',
  breaks: 'TEAM-MEMBER-THAT-TEAM',
  alsoBreaks: {
    'TEAM-MEMBER-DELETE': 'the member is gone from its own team once removed from another: the removal from its own team then finds no member (404)',
  },
  description: 'removing a user from a team removes them from the team they are a member of, whatever team the path names (one that does not exist too)',
  patch: {
    // the team in the path is not read: the user's membership is looked up in every team
    found: (call, found) => {
      if (call.operation !== 'deleteTeamMember' || found !== undefined) return found;
      const userId = call.params.userId!;
      const members = [...call.store.teams.values()].find((team) => team.has(userId));
      return members === undefined ? undefined : ({ members, userId } satisfies Membership);
    },
  },
});
