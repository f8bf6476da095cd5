// What each fault of authentication visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import { CREDENTIALS_REQUIRED, FORBIDDEN_BODY, NOT_FOUND_BODY, seen, type Reference } from '../helpers.ts';
import { org, dataSource, member, push, errorsOf } from './shared.ts';

export const authentication: Record<string, (r: Reference) => Promise<void>> = {
  'auth-open-get-organisation': async ({ call }) => {
    expect((await call('GET', org, { token: null })).status).toBe(200);
    expect((await call('GET', org, { token: 'unknown' })).status).toBe(401);
    expect((await call('PUT', org, { token: null, body: { organisation: {} } })).status).toBe(401);
  },
  'auth-open-push': async ({ call }) => {
    expect((await call('PUT', push, { token: null, body: { push: {} } })).status).toBe(202);
    expect((await call('PUT', push, { token: 'unknown', body: { push: {} } })).status).toBe(401);
    expect((await call('GET', org, { token: null })).status).toBe(401);
  },
  'auth-bearer-accepted': async ({ call, deployment }) => {
    const bearer = (key: string) => ({ token: null, headers: { Authorization: `Bearer ${key}` } });
    expect((await call('GET', org, bearer(deployment.fixtures.token))).status).toBe(200);
    expect((await call('GET', org, bearer(deployment.fixtures.forbiddenToken))).status).toBe(403);
    expect((await call('GET', org, bearer('unknown'))).status).toBe(401);
  },
  'auth-key-extra-characters-accepted': async ({ call, deployment }) => {
    const as = (key: string) => ({ token: key });
    expect((await call('GET', org, as(`${deployment.fixtures.token}x0`))).status).toBe(200);
    expect((await call('GET', org, as(`${deployment.fixtures.forbiddenToken}x0`))).status).toBe(403);
    expect((await call('GET', org, as(deployment.fixtures.token.slice(0, -1)))).status).toBe(401);
  },
  'auth-key-prefix-accepted': async ({ call, deployment }) => {
    expect((await call('GET', org, { token: deployment.fixtures.token.slice(0, -1) })).status).toBe(200);
    expect((await call('GET', org, { token: deployment.fixtures.token.slice(0, 7) })).status).toBe(401);
    expect((await call('GET', org, { token: `${deployment.fixtures.token}x0` })).status).toBe(401);
  },
  'auth-key-case-insensitive': async ({ call, deployment }) => {
    const swapped = [...deployment.fixtures.token].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    expect(swapped).not.toBe(deployment.fixtures.token);
    expect((await call('GET', org, { token: swapped })).status).toBe(200);
    expect((await call('GET', org, { token: `${deployment.fixtures.token}x0` })).status).toBe(401);
  },
  'auth-key-in-query-accepted': async ({ call, deployment }) => {
    const { token, forbiddenToken } = deployment.fixtures;
    for (const name of ['apiKey', 'api_key', 'key', 'token', 'access_token'])
      expect((await call('GET', org, { token: null, query: `${name}=${token}` })).status).toBe(200);
    expect((await call('GET', org, { token: null, query: `apiKey=${forbiddenToken}` })).status).toBe(403);
    expect((await call('GET', org, { token: null, query: 'apiKey=unknown' })).status).toBe(401);
    expect((await call('GET', org, { token: null })).status).toBe(401);
  },
  'auth-key-in-cookie-accepted': async ({ call, deployment }) => {
    expect((await call('GET', org, { token: null, headers: { Cookie: `session=x; apiKey=${deployment.fixtures.token}` } })).status).toBe(200);
    expect((await call('GET', org, { token: null, headers: { Cookie: 'apiKey=unknown' } })).status).toBe(401);
    expect((await call('GET', org, { token: null, query: `apiKey=${deployment.fixtures.token}` })).status).toBe(401);
  },
  'auth-key-in-x-api-key-accepted': async ({ call, deployment }) => {
    expect((await call('GET', org, { token: null, headers: { 'X-API-Key': deployment.fixtures.token } })).status).toBe(200);
    expect((await call('GET', org, { token: null, headers: { 'X-API-Key': 'unknown' } })).status).toBe(401);
    expect((await call('GET', org, { token: null, headers: { Cookie: `apiKey=${deployment.fixtures.token}` } })).status).toBe(401);
  },
  'auth-401-json-body': async ({ call }) => {
    const answer = await call('GET', org, { token: null });
    expect(seen(answer)).toEqual({ status: 401, type: 'application/json', body: { message: CREDENTIALS_REQUIRED } });
  },
  'auth-401-json-body-for-wrong-credentials': async ({ call }) => {
    const json401 = { status: 401, type: 'application/json', body: { message: CREDENTIALS_REQUIRED } };
    expect(seen(await call('GET', org, { token: 'unknown' }))).toEqual(json401);
    expect(seen(await call('GET', org, { token: null, headers: { Authorization: 'Bearer unknown' } }))).toEqual(json401);
    // narrow: without the header the 401 is still plain text
    expect(seen(await call('GET', org, { token: null }))).toEqual({ status: 401, type: 'text/plain', body: CREDENTIALS_REQUIRED });
  },
  'auth-401-wording': async ({ call }) => {
    expect(seen(await call('GET', org, { token: null }))).toEqual({ status: 401, type: 'text/plain', body: 'Unauthorized.' });
  },
  'auth-scheme-lowercase-403': async ({ call, deployment }) => {
    const lower = (key: string) => ({ token: null, headers: { Authorization: `token ${key}` } });
    expect(seen(await call('GET', org, lower(deployment.fixtures.token)))).toEqual({ status: 403, type: 'application/json', body: FORBIDDEN_BODY });
    expect((await call('GET', org, lower('unknown'))).status).toBe(401);
    expect((await call('GET', org)).status).toBe(200);
  },
  'forbidden-key-permitted': async ({ call, deployment }) => {
    const forbidden = { token: deployment.fixtures.forbiddenToken };
    expect((await call('GET', org, forbidden)).status).toBe(200);
    expect((await call('PUT', org, { ...forbidden, body: { organisation: { name: 'X' } } })).status).toBe(403);
  },
  'forbidden-delete-404': async ({ call, deployment }) => {
    const forbidden = { token: deployment.fixtures.forbiddenToken };
    expect(seen(await call('DELETE', dataSource(SEED.deletableDataSourceId), forbidden))).toEqual({
      status: 404,
      type: 'application/json',
      body: NOT_FOUND_BODY,
    });
    expect((await call('DELETE', member(), forbidden)).status).toBe(403);
    expect((await call('DELETE', dataSource(SEED.deletableDataSourceId))).status).toBe(204);
  },
  'forbidden-source-not-empty': async ({ call, deployment }) => {
    const answer = await call('GET', org, { token: deployment.fixtures.forbiddenToken });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ errors: [{ title: 'Forbidden', source: { pointer: '' } }] });
  },
  'forbidden-title-wrong': async ({ call, deployment }) => {
    const answer = await call('GET', org, { token: deployment.fixtures.forbiddenToken });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ errors: [{ ...FORBIDDEN_BODY.errors[0], title: 'Access denied' }] });
  },
  'forbidden-two-entries': async ({ call, deployment }) => {
    const answer = await call('GET', org, { token: deployment.fixtures.forbiddenToken });
    expect(answer.status).toBe(403);
    expect(errorsOf(answer.json).map((entry) => [entry.title, entry.source])).toEqual([
      ['Forbidden', {}],
      ['Forbidden', {}],
    ]);
  },
};
