import { noContent } from '../responses.ts';
import { handler, param, type Context } from './handler.ts';

/** A user's membership of a team: the team's members and the user. */
export interface Membership {
  members: Set<string>;
  userId: string;
}

function findMembership(ctx: Context): Membership | undefined {
  const members = ctx.store.teams.get(param(ctx, 'teamId'));
  const userId = param(ctx, 'userId');
  return members?.has(userId) ? { members, userId } : undefined;
}

export const deleteTeamMember = handler({
  find: findMembership,
  change: () => undefined,
  keep: (_ctx, { members, userId }: Membership, kept: Membership | undefined) => {
    if (!kept) members.delete(userId);
  },
  reply: () => noContent(),
});
