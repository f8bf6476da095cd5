import { readJson } from './body.ts';
import { type Call, found, param, permit } from './call.ts';
import { jsonReply, type Reply } from './reply.ts';
import type { Organisation } from './types.ts';
import { Checker } from './validate.ts';

// A display name beyond this length breaks every screen that shows it.
export const MAX_NAME_LENGTH = 200;

export function organisationView(org: Organisation): Record<string, unknown> {
  const self = `/v1/organisations/${org.id}`;
  return {
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
  };
}

// `name` is the only field the update carries, so it is required: an update without it would change nothing.
export function readOrganisationUpdate(body: unknown): { name: string } {
  const checker = new Checker();
  const organisation = checker.object(checker.root(body), 'organisation');
  const name = checker.text(organisation, 'name', MAX_NAME_LENGTH);
  checker.finish();
  return { name };
}

export async function getOrganisation(call: Call): Promise<Reply> {
  const org = found(call.store.organisations.get(param(call, 'organisationId')));
  permit(call.user, org.id);
  return jsonReply(200, { organisation: organisationView(org) });
}

export async function updateOrganisation(call: Call): Promise<Reply> {
  const org = found(call.store.organisations.get(param(call, 'organisationId')));
  permit(call.user, org.id);
  org.name = readOrganisationUpdate(await readJson(call.req)).name;
  return jsonReply(200, { organisation: organisationView(org) });
}
