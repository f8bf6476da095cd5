import { expandPath } from '../../contract/schemas.ts';
import { ok } from '../responses.ts';
import type { JsonObject, Organisation } from '../store.ts';
import { handler, param, type Context } from './handler.ts';

const findOrganisation = (ctx: Context): Organisation | undefined => ctx.store.organisations.get(param(ctx, 'organisationId'));

// Links are built from the ids as the table under Resources > Organisation shows them, each id percent-encoded
// as a path segment: a link is a URI reference, which holds no character outside ASCII.
function view(org: Organisation) {
  const self = expandPath('/v1/organisations/{id}', { id: org.id });
  return {
    organisation: {
      id: org.id,
      name: org.name,
      aclSubject: org.aclSubject,
      aclObject: org.aclObject,
      emailAddress: org.emailAddress,
      links: {
        self,
        users: `${self}/users`,
        teams: `${self}/teams`,
        subscription: expandPath('/v1/subscriptions/{id}', { id: org.subscriptionId }),
        invitations: `${self}/invitations`,
        aclSubject: expandPath('/v1/acl/subjects/{id}', { id: org.aclSubject }),
        aclObject: expandPath('/v1/acl/objects/{id}', { id: org.aclObject }),
        acl: `${self}/acl{?subjectId}`,
      },
    },
  };
}

export const getOrganisation = handler({
  find: findOrganisation,
  reply: (_ctx, org: Organisation | undefined) => ok(view(org!)),
});

export const updateOrganisation = handler({
  find: findOrganisation,
  // name is the only field the update carries; without it nothing changes.
  change: (_ctx, org: Organisation, body): Organisation => {
    const { name } = body.organisation as JsonObject;
    return typeof name === 'string' ? { ...org, name } : org;
  },
  keep: (ctx, _found, kept: Organisation | undefined) => {
    if (kept) ctx.store.organisations.set(kept.id, kept);
  },
  reply: (_ctx, org: Organisation | undefined) => ok(view(org!)),
});
