import { fault, perStore } from '../patch.ts';
import type { Membership } from '../handlers/teams.ts';

/**
 * A removal of a member who is not in the team re-reads the team from a directory that still lists them, so
 * a removed member is back after the first 404: removals answer 204, 404, then 204 again.
 */
const removedOf = perStore(() => new Set<string>());
const key = (teamId: string | undefined, userId: string | undefined) => JSON.stringify([teamId, userId]);

export default fault({
  name: 'team-member-back-after-not-found',
  breaks: 'TEAM-MEMBER-GONE',
  // the run's removal sent twice at once answers 204 and 404, and that 404 brings the member back: the next removal
  // shows it (before the pair, only sequences of removals did); probes, one removal after another, stop before it
  shownOnlyBy: 'requests sent together',
  description: 'a removed member is back once a removal of them was answered 404: the next removal answers 204 again',
  patch: {
    write: (call, before, after) => {
      if (call.operation === 'deleteTeamMember' && after === undefined) removedOf(call.store).add(key(call.params.teamId, (before as Membership).userId));
      return after;
    },
    reply: (call, reply) => {
      if (call.operation === 'deleteTeamMember' && reply.status === 404 && removedOf(call.store).has(key(call.params.teamId, call.params.userId))) {
        call.store.teams.get(call.params.teamId!)?.add(call.params.userId!);
      }
      return reply;
    },
  },
});
