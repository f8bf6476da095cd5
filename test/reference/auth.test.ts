import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../contract/schemas.ts';
import { CREDENTIALS_REQUIRED, FORBIDDEN_BODY, NOT_FOUND_BODY, seen, useReference, validRequest } from './helpers.ts';

const reference = useReference();

const unauthorized = { status: 401, type: 'text/plain', body: CREDENTIALS_REQUIRED };

const badCredentials: [string, (key: string) => Record<string, string>][] = [
  ['no Authorization header', () => ({})],
  ['the Bearer scheme', (key) => ({ Authorization: `Bearer ${key}` })],
  ['Token with no key', () => ({ Authorization: 'Token' })],
  ['Token and a space, no key', () => ({ Authorization: 'Token ' })],
  ['an unknown key', () => ({ Authorization: 'Token not-a-key-of-this-deployment' })],
  ['lowercase token (the scheme is matched as the interface writes it)', (key) => ({ Authorization: `token ${key}` })],
  ['the key alone', (key) => ({ Authorization: key })],
];

describe.each(OPERATION_IDS)('%s', (id) => {
  it.each(badCredentials)('401 with a plain-text body for %s', async (_, header) => {
    const { call, deployment } = reference();
    const { method, path, body } = validRequest(id, deployment.fixtures);
    const answer = await call(method, path, { body, token: null, headers: header(deployment.fixtures.token) });
    expect(seen(answer)).toEqual(unauthorized);
  });

  it('403 with the Forbidden error list for a key permitted nothing', async () => {
    const { call, deployment } = reference();
    const { method, path, body } = validRequest(id, deployment.fixtures);
    const answer = await call(method, path, { body, token: deployment.fixtures.forbiddenToken });
    expect(seen(answer)).toEqual({ status: 403, type: 'application/json', body: FORBIDDEN_BODY });
  });
});

describe('order of checks', () => {
  it('an unknown path is 404 with the not-found body, before credentials are looked at', async () => {
    const answer = await reference().call('GET', '/v1/nothing-here', { token: null });
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  });

  it('a known path with another method is 405 with an error list and Allow, before credentials', async () => {
    const { call, deployment } = reference();
    const answer = await call('PATCH', `/v1/data-sources/${deployment.fixtures.dataSourceId}`, { token: null });
    expect(answer.headers.allow).toBe('DELETE, PUT');
    expect(seen(answer)).toEqual({
      status: 405,
      type: 'application/json',
      body: { errors: [{ code: 405, title: 'Method Not Allowed', detail: 'Method PATCH is not allowed on this path; allowed: DELETE, PUT', source: {} }] },
    });
  });

  it('credentials come before the mockApiId length and the resource', async () => {
    const { call } = reference();
    expect((await call('PUT', '/v1/mock-apis/abc/settings/chaos', { token: null, body: {} })).status).toBe(401);
    expect((await call('GET', '/v1/organisations/no-such-org', { token: null })).status).toBe(401);
  });

  it('permission comes before the resource and the body', async () => {
    const { call, deployment } = reference();
    const forbidden = { token: deployment.fixtures.forbiddenToken };
    expect((await call('GET', '/v1/organisations/no-such-org', forbidden)).status).toBe(403);
    expect((await call('PUT', '/v1/mock-apis/abc/settings/chaos', { ...forbidden, body: 'not json' })).status).toBe(403);
  });

  it('the resource comes before the body', async () => {
    const answer = await reference().call('PUT', '/v1/data-sources/no-such-source', { body: 'not json' });
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  });
});
