// What each fault of organisations visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { ACL_OBJECT_NUMBER } from '../../../reference/faults/organisation-acl-object-number.ts';
import { LINK_ORIGIN } from '../../../reference/faults/organisation-links-absolute.ts';
import { OTHER_ORGANISATION_ID } from '../../../reference/faults/organisation-other-id.ts';
import { SEED } from '../../../reference/store.ts';
import type { Reference } from '../helpers.ts';
import { org, jsonOf, servedElsewhere } from './shared.ts';

export const organisations: Record<string, (r: Reference) => Promise<void>> = {
  'organisation-get-path-singular': async (r) => {
    const answer = await servedElsewhere(r, ['GET', org], ['GET', org.replace('/organisations/', '/organisation/')]);
    expect(jsonOf(answer).organisation.id).toBe(SEED.organisationId);
    // the update is still where the interface puts it
    expect((await r.call('PUT', org, { body: { organisation: { name: 'N' } } })).status).toBe(200);
  },
  'organisation-update-under-patch': async (r) => {
    const answer = await servedElsewhere(r, ['PUT', org], ['PATCH', org], { organisation: { name: 'N' } });
    expect(jsonOf(answer).organisation.name).toBe('N');
    expect((await r.call('GET', org)).status).toBe(200);
  },
  'organisation-name-null-ignored': async ({ call }) => {
    const answer = await call('PUT', org, { body: { organisation: { name: null } } });
    expect(answer.status).toBe(200);
    expect(jsonOf(answer).organisation.name).toBe('Example Ltd');
    expect((await call('PUT', org, { body: { organisation: { name: 42 } } })).status).toBe(400);
  },
  'organisation-without-email': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: Record<string, unknown> };
    expect(organisation).not.toHaveProperty('emailAddress');
    expect(organisation).toMatchObject({ id: SEED.organisationId, name: 'Example Ltd' });
  },
  'organisation-email-mailto': async ({ call }) => {
    expect((await call('GET', org)).json).toMatchObject({ organisation: { emailAddress: 'mailto:admin@example.com', name: 'Example Ltd' } });
  },
  'organisation-other-id': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: { id: string; links: Record<string, string> } };
    expect(organisation.id).toBe(OTHER_ORGANISATION_ID);
    expect(organisation.links).toMatchObject({
      self: `/v1/organisations/${OTHER_ORGANISATION_ID}`,
      acl: `/v1/organisations/${OTHER_ORGANISATION_ID}/acl{?subjectId}`,
    });
  },
  'organisation-link-acl-subject-from-org-id': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: { aclSubject: string; links: Record<string, string> } };
    expect(organisation.links.aclSubject).toBe(`/v1/acl/subjects/${SEED.organisationId}`);
    expect(organisation.aclSubject).toBe(`acl-subject-${SEED.organisationId}`);
  },
  'organisation-rename-ignored': async ({ call }) => {
    expect((await call('PUT', org, { body: { organisation: { name: 'New' } } })).json).toMatchObject({ organisation: { name: 'Example Ltd' } });
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'Example Ltd' } });
  },
  'organisation-stale-after-second-rename': async ({ call }) => {
    const rename = async (name: string) =>
      expect((await call('PUT', org, { body: { organisation: { name } } })).json).toMatchObject({ organisation: { name } });
    await rename('First');
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'First' } });
    await rename('Second');
    await rename('Third');
    // the first of two renames with no get between, once; then the name kept
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'Second' } });
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'Third' } });
  },
  'organisation-renames-dropped-under-overlap': async ({ call }) => {
    const rename = (name: string) => call('PUT', org, { body: { organisation: { name } } });
    expect((await rename('Alone')).json).toMatchObject({ organisation: { name: 'Alone' } });
    // sent together: each answered with its own name, neither kept
    const answers = await Promise.all([rename('One'), rename('Two')]);
    expect(answers.map((a) => a.json)).toMatchObject([{ organisation: { name: 'One' } }, { organisation: { name: 'Two' } }]);
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'Alone' } });
  },
  'organisation-wrong-type-name-stored': async ({ call }) => {
    expect((await call('PUT', org, { body: { organisation: { name: 5 } } })).status).toBe(400);
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: '5' } });
    expect((await call('PUT', org, { body: { organisation: { name: ['a'] } } })).status).toBe(400);
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: '["a"]' } });
  },
  'organisation-link-users-singular': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation.links).toMatchObject({ users: `/v1/organisation/${SEED.organisationId}/users`, teams: `${org}/teams` });
  },
  'organisation-link-self-organizations': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation.links).toMatchObject({ self: `/v1/organizations/${SEED.organisationId}`, users: `${org}/users` });
  },
  'organisation-link-teams-from-acl-subject': async ({ call }) => {
    const { organisation } = jsonOf(await call('PUT', org, { body: { organisation: { name: 'New' } } }));
    expect(organisation.links).toMatchObject({ teams: `/v1/organisations/${organisation.aclSubject}/teams`, users: `${org}/users` });
    expect(organisation.aclSubject).toBe(`acl-subject-${SEED.organisationId}`);
  },
  'organisation-link-subscription-under-organisation': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation.links).toMatchObject({ subscription: `${org}/subscription`, self: org });
  },
  'organisation-link-invitations-invites': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation.links).toMatchObject({ invitations: `${org}/invites`, teams: `${org}/teams` });
  },
  'organisation-link-acl-object-from-acl-subject': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation.links).toMatchObject({
      aclObject: `/v1/acl/objects/acl-subject-${SEED.organisationId}`,
      aclSubject: `/v1/acl/subjects/acl-subject-${SEED.organisationId}`,
    });
    expect(organisation.aclObject).toBe(`acl-object-${SEED.organisationId}`);
  },
  'organisation-acl-object-number': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation).toMatchObject({ aclObject: ACL_OBJECT_NUMBER, aclSubject: `acl-subject-${SEED.organisationId}` });
    expect(organisation.links.aclObject).toBe(`/v1/acl/objects/${ACL_OBJECT_NUMBER}`);
  },
  'organisation-links-absolute': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(Object.keys(organisation.links)).toHaveLength(8);
    expect(organisation.links).toMatchObject({ self: `${LINK_ORIGIN}${org}`, acl: `${LINK_ORIGIN}${org}/acl{?subjectId}` });
  },
  'organisation-links-array': async ({ call }) => {
    const { organisation } = jsonOf(await call('GET', org));
    expect(organisation.links).toHaveLength(8);
    expect(organisation.links[0]).toEqual({ rel: 'self', href: org });
  },
};
