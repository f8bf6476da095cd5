import { type Call, found, param, permit } from './call.ts';
import { noContent, type Reply } from './reply.ts';

// A user who is not (or no longer) a member is "not found" in the team, so a repeated removal answers 404.
export async function removeTeamMember(call: Call): Promise<Reply> {
  const team = found(call.store.teams.get(param(call, 'teamId')));
  permit(call.user, team.organisationId);
  const userId = found(team.memberIds.has(param(call, 'userId')) ? param(call, 'userId') : undefined);
  team.memberIds.delete(userId);
  return noContent();
}
