import { errorEntry, errorList, forbidden, noContent, ok } from '../responses.ts';
import { SEED } from '../store.ts';
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

// No operation adds members, so the seeded members are everyone who ever was one.
const SEEDED_MEMBERS: readonly string[] = [SEED.teamMemberId, ...SEED.otherTeamMemberIds];

export const deleteTeamMember = handler({
  find: findMembership,
  run: (ctx, { members, userId }: Membership) => {
    if (!ctx.faults.has('team-member-delete-not-permanent')) members.delete(userId);
    if (ctx.faults.has('team-member-delete-403')) return forbidden(ctx.faults);
    return ctx.variations ? ok({ removed: { teamId: param(ctx, 'teamId'), userId } }) : noContent();
  },
  missing: (ctx) => {
    const userId = param(ctx, 'userId');
    if (!ctx.faults.has('team-non-member-400') || !ctx.store.teams.has(param(ctx, 'teamId')) || SEEDED_MEMBERS.includes(userId)) return undefined;
    return errorList(400, [errorEntry(400, 'Not a member', `The user ${userId} is not a member of this team`)]);
  },
});
