import { ok } from '../responses.ts';
import type { JsonObject, Organisation } from '../store.ts';
import { handler, param, type Context } from './handler.ts';

const findOrganisation = (ctx: Context): Organisation | undefined => ctx.store.organisations.get(param(ctx, 'organisationId'));

// Links are built from the ids, exactly as the table under Resources > Organisation shows them.
function view(org: Organisation) {
  const self = `/v1/organisations/${org.id}`;
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
        subscription: `/v1/subscriptions/${org.subscriptionId}`,
        invitations: `${self}/invitations`,
        aclSubject: `/v1/acl/subjects/${org.aclSubject}`,
        aclObject: `/v1/acl/objects/${org.aclObject}`,
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
