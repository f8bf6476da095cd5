import { noContent } from '../responses.ts';
import { handler, param, type Context } from './handler.ts';

interface Membership {
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
  run: (_ctx, { members, userId }: Membership) => {
    members.delete(userId);
    return noContent();
  },
});
