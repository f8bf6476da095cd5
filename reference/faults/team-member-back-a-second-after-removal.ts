import { fault, perStore } from '../patch.ts';

/** A replica that catches up late: a removed member is in the team again once a second has passed since the removal. */
const BACK_AFTER_MS = 1_000;
const removedAt = perStore(() => new Map<string, number>());
const key = (teamId: string | undefined, userId: string | undefined) => JSON.stringify([teamId, userId]);

export default fault({
  name: 'team-member-back-a-second-after-removal',
  breaks: 'TEAM-MEMBER-GONE',
  shownOnlyBy: 'time passing',
  description: 'a removed member is back in the team a second after the removal: a removal then answers 204 again',
  patch: {
    write: (call, _before, after) => {
      if (call.operation === 'deleteTeamMember' && after === undefined) removedAt(call.store).set(key(call.params.teamId, call.params.userId), Date.now());
      return after;
    },
    found: (call, found) => {
      if (call.operation !== 'deleteTeamMember' || found !== undefined) return found;
      const k = key(call.params.teamId, call.params.userId);
      const at = removedAt(call.store).get(k);
      const members = call.store.teams.get(call.params.teamId!);
      if (at === undefined || Date.now() - at < BACK_AFTER_MS || !members) return found;
      removedAt(call.store).delete(k);
      members.add(call.params.userId!);
      return { members, userId: call.params.userId! };
    },
  },
});
