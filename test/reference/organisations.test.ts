import { describe, expect, it } from 'vitest';
import { invalidJson, NOT_FOUND_BODY, seen, useReference } from './helpers.ts';

const reference = useReference({ fresh: true });

const path = (id = 'org-1a2b3c') => `/v1/organisations/${id}`;

const organisation = (name: string) => ({
  organisation: {
    id: 'org-1a2b3c',
    name,
    aclSubject: 'acl-subject-org-1a2b3c',
    aclObject: 'acl-object-org-1a2b3c',
    emailAddress: 'admin@example.com',
    links: {
      self: '/v1/organisations/org-1a2b3c',
      users: '/v1/organisations/org-1a2b3c/users',
      teams: '/v1/organisations/org-1a2b3c/teams',
      subscription: '/v1/subscriptions/sub-9z8y7x',
      invitations: '/v1/organisations/org-1a2b3c/invitations',
      aclSubject: '/v1/acl/subjects/acl-subject-org-1a2b3c',
      aclObject: '/v1/acl/objects/acl-object-org-1a2b3c',
      acl: '/v1/organisations/org-1a2b3c/acl{?subjectId}',
    },
  },
});

describe('get organisation', () => {
  it('answers 200 with the organisation, its links built from its ids', async () => {
    const { call, deployment } = reference();
    expect(deployment.fixtures.organisationId).toBe('org-1a2b3c');
    const answer = await call('GET', path());
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: organisation('Example Ltd') });
  });

  it.each(['no-such-org', 'org-1a2b3', 'ORG-1A2B3C', 'org%2D1a2b3c%2F', 'org-1a2b3c%00'])('answers 404 for %s', async (id) => {
    const answer = await reference().call('GET', path(id));
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  });

  it('finds an id however its characters are percent-encoded', async () => {
    const answer = await reference().call('GET', path('org%2d1a2b3c'));
    expect(answer.status).toBe(200);
  });
});

describe('update organisation', () => {
  it('renames: the answer and a later get show the name sent', async () => {
    const { call } = reference();
    const answer = await call('PUT', path(), { body: { organisation: { name: 'Renamed Ltd ✓' } } });
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: organisation('Renamed Ltd ✓') });
    expect((await call('GET', path())).json).toEqual(organisation('Renamed Ltd ✓'));
  });

  it('changes nothing without a name, and ignores fields it does not carry', async () => {
    const { call } = reference();
    const answer = await call('PUT', path(), { body: { organisation: { id: 'other', emailAddress: 'x@y.z' } } });
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: organisation('Example Ltd') });
  });

  it('answers 404 for an organisation that does not exist, and creates none', async () => {
    const { call } = reference();
    const answer = await call('PUT', path('org-new'), { body: { organisation: { name: 'New' } } });
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
    expect((await call('GET', path('org-new'))).status).toBe(404);
  });

  it.each([
    ['the wrapper is missing', { name: 'x' }, 'Required property missing at /organisation: expected object'],
    ['name is a number', { organisation: { name: 7 } }, 'Wrong type at /organisation/name: expected string'],
    ['name is null', { organisation: { name: null } }, 'Wrong type at /organisation/name: expected string'],
  ])('400 Invalid JSON when %s, and the name is kept', async (_, body, detail) => {
    const { call } = reference();
    const answer = await call('PUT', path(), { body });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidJson(detail) });
    expect((await call('GET', path())).json).toEqual(organisation('Example Ltd'));
  });
});
