import { fault, overlaps } from '../patch.ts';

/** A slow directory: each removal is held 50 ms, and removals of one member that overlap leave it in the team. */
const removals = overlaps(50);

export default fault({
  name: 'team-member-back-after-overlapping-removals',
  breaks: 'TEAM-MEMBER-GONE',
  shownOnlyBy: 'requests sent together',
  description: 'two removals of a member sent at once are answered 204 and 404, and the member is back in the team once both are done',
  patch: {
    pause: (call) =>
      call.operation === 'deleteTeamMember' ? removals.enter(call, JSON.stringify([call.params.teamId, call.params.userId])) : Promise.resolve(),
    reply: (call, reply) => {
      if (call.operation === 'deleteTeamMember' && removals.leave(call)) call.store.teams.get(call.params.teamId!)?.add(call.params.userId!);
      return reply;
    },
  },
});
