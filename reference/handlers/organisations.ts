import type { Faults } from '../faults.ts';
import { errorEntry, errorList, ok } from '../responses.ts';
import type { JsonObject, Organisation } from '../store.ts';
import { isObject } from '../validation.ts';
import { handler, param, type Context } from './handler.ts';

const findOrganisation = (ctx: Context): Organisation | undefined => ctx.store.organisations.get(param(ctx, 'organisationId'));

/** The id organisation-other-id shows in place of the organisation's own. */
export const OTHER_ORGANISATION_ID = 'org-9z8y7x';

// Links are built from the ids, exactly as the table under Resources > Organisation shows them.
function view(org: Organisation, faults: Faults) {
  const id = faults.has('organisation-other-id') ? OTHER_ORGANISATION_ID : org.id;
  const self = `/v1/organisations/${id}`;
  const organisation = {
    id,
    name: org.name,
    aclSubject: org.aclSubject,
    aclObject: org.aclObject,
    ...(faults.has('organisation-without-email') ? {} : { emailAddress: org.emailAddress }),
    links: {
      self,
      users: `${self}/users`,
      teams: `${self}/teams`,
      subscription: `/v1/subscriptions/${org.subscriptionId}`,
      invitations: `${self}/invitations`,
      aclSubject: `/v1/acl/subjects/${faults.has('org-link-acl-subject-from-org-id') ? id : org.aclSubject}`,
      aclObject: `/v1/acl/objects/${org.aclObject}`,
      acl: faults.has('org-link-acl-no-template') ? `${self}/acl` : `${self}/acl{?subjectId}`,
    },
  };
  return faults.has('organisation-response-unwrapped') ? organisation : { organisation };
}

export const getOrganisation = handler({
  find: findOrganisation,
  run: (ctx, org: Organisation) => ok(view(org, ctx.faults)),
  missing: (ctx) =>
    ctx.faults.has('organisation-unknown-id-400')
      ? errorList(400, [errorEntry(400, 'Invalid organisation id', `No organisation can have the id ${param(ctx, 'organisationId')}`)])
      : undefined,
});

export const updateOrganisation = handler({
  find: findOrganisation,
  run: (ctx, org: Organisation, body) => {
    // name is the only field the update carries; without it nothing changes.
    const { name } = body.organisation as JsonObject;
    if (typeof name === 'string' && !ctx.faults.has('org-rename-ignored')) org.name = name;
    return ok(view(org, ctx.faults));
  },
  rejected: (ctx, org: Organisation, body) => {
    if (!ctx.faults.has('organisation-wrong-type-name-stored') || !isObject(body) || !isObject(body.organisation)) return;
    const { name } = body.organisation;
    if (name !== undefined && typeof name !== 'string') org.name = JSON.stringify(name);
  },
});
