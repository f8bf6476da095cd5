// What each fault visibly does, as a test per fault (run by faults.test.ts on a deployment with that fault
// alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer still
// shows beside it.
import { expect, vi } from 'vitest';
import { OTHER_ORGANISATION_ID } from '../../reference/faults/organisation-other-id.ts';
import { SEED } from '../../reference/store.ts';
import { CREDENTIALS_REQUIRED, FORBIDDEN_BODY, NOT_FOUND_BODY, seen, type Reference } from './helpers.ts';

export const org = `/v1/organisations/${SEED.organisationId}`;
export const chaos = (mockApiId: string = SEED.mockApiId) => `/v1/mock-apis/${mockApiId}/settings/chaos`;
export const state = `/v1/mock-apis/${SEED.mockApiId}/settings/state`;
export const dataSource = (id: string) => `/v1/data-sources/${id}`;
export const member = (userId: string = SEED.teamMemberId, teamId: string = SEED.teamId) => `/v1/teams/${teamId}/members/${userId}`;
export const loggedRequest = (requestId: string = SEED.requestId) => `/v1/mock-apis/${SEED.mockApiId}/requests/${requestId}`;
export const push = `/v1/mock-apis/${SEED.mockApiId}/open-api/push`;
export const configuration = { dataSource: { name: 'N', type: 'CSV', columnsMetadata: [{ name: 'c', type: { name: 'STRING' } }], rows: [['v']] } };
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

export const twoColumns = { dataSource: { ...configuration.dataSource, columnsMetadata: [{ name: 'a', type: { name: 'STRING' } }, { name: 'b', type: { name: 'INTEGER' } }], rows: [['x', '1']] } };
const UTC_NANOS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

type Job = { id: string; status: unknown; jobType: unknown; started: string; finished: string; elapsed: string; links: { self: string }; outcome: { errors: { code: unknown }[] } };
type Logged = { id: string; request: { url: string; absoluteUrl: string; clientIp?: string; loggedDate: number; loggedDateString: string; body: string; bodyAsBase64: string } };

const jobOf = async ({ call }: Reference): Promise<Job> => ((await call('PUT', push, { body: { push: {} } })).json as { job: Job }).job;
const loggedOf = async ({ call }: Reference, requestId?: string): Promise<Logged> => (await call('GET', loggedRequest(requestId))).json as Logged;
const updated = async ({ call }: Reference, body: unknown = configuration) => (await call('PUT', dataSource(SEED.dataSourceId), { body })).json as { dataSource: Record<string, any> };
const jsonOf = (answer: { json: unknown }) => answer.json as Record<string, any>;
const errorsOf = (json: unknown) => (json as { errors: Record<string, unknown>[] }).errors;

/** Runs `then` with the clock (Date, as the deployment reads it in this process) moved on by ms: no sleep. */
async function later(ms: number, then: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  try {
    await then();
  } finally {
    vi.useRealTimers();
  }
}

export const deviations: Record<string, (r: Reference) => Promise<void>> = {
  // Authentication
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
    for (const name of ['apiKey', 'api_key', 'key', 'token', 'access_token']) expect((await call('GET', org, { token: null, query: `${name}=${token}` })).status).toBe(200);
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
    expect(seen(await call('DELETE', dataSource(SEED.deletableDataSourceId), forbidden))).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
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
    expect(errorsOf(answer.json).map((entry) => [entry.title, entry.source])).toEqual([['Forbidden', {}], ['Forbidden', {}]]);
  },
  // Errors
  'not-found-code-string': async ({ call }) => {
    expect(seen(await call('GET', '/v1/organisations/none'))).toEqual({ status: 404, type: 'application/json', body: { code: '404', message: 'HTTP 404 Not Found' } });
  },
  'not-found-message-other-status': async ({ call }) => {
    expect(seen(await call('GET', '/v1/organisations/none'))).toEqual({ status: 404, type: 'application/json', body: { code: 404, message: 'HTTP 400 Bad Request' } });
    expect(seen(await call('DELETE', member('user-nobody')))).toMatchObject({ status: 404, body: { code: 404, message: 'HTTP 400 Bad Request' } });
  },
  'not-found-without-message': async ({ call }) => {
    expect(seen(await call('GET', '/v1/organisations/none'))).toEqual({ status: 404, type: 'application/json', body: { code: 404 } });
  },
  'organisation-unknown-id-400': async ({ call }) => {
    const answer = await call('GET', '/v1/organisations/none');
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.json)[0]).toMatchObject({ title: 'Invalid organisation id' });
    expect((await call('PUT', '/v1/organisations/none', { body: { organisation: { name: 'X' } } })).json).toEqual(NOT_FOUND_BODY);
  },
  'team-non-member-400': async ({ call }) => {
    const answer = await call('DELETE', member('user-nobody'));
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.json)[0]).toMatchObject({ title: 'Not a member' });
    expect((await call('DELETE', member('user-nobody', 'team-none'))).status).toBe(404);
    expect((await call('DELETE', member())).status).toBe(204);
    // a member removed is no member that never was one
    expect((await call('DELETE', member())).status).toBe(404);
  },
  'logged-request-unknown-id-200': async (r) => {
    const answer = await r.call('GET', loggedRequest(UNKNOWN_UUID));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: UNKNOWN_UUID, request: { url: '/orders?limit=2' } });
    expect((await r.call('GET', loggedRequest('not-a-uuid'))).status).toBe(404);
    expect((await r.call('GET', `/v1/mock-apis/${SEED.otherMockApiId}/requests/${UNKNOWN_UUID}`)).status).toBe(404);
  },
  'invalid-json-detail-without-pointer': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: {} })).json).toEqual({
      errors: [{ code: 400, title: 'Invalid JSON', detail: 'Required property missing: expected object', source: {} }],
    });
  },
  'invalid-json-detail-without-type': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: {} })).json).toEqual({
      errors: [{ code: 400, title: 'Invalid JSON', detail: 'Required property missing at /chaos', source: {} }],
    });
  },
  'invalid-json-title-wrong': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: {} })).json).toEqual({
      errors: [{ code: 400, title: 'Bad Request', detail: 'Required property missing at /chaos: expected object', source: {} }],
    });
  },
  'invalid-json-source-not-empty': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: {} })).json).toEqual({
      errors: [{ code: 400, title: 'Invalid JSON', detail: 'Required property missing at /chaos: expected object', source: { pointer: '/chaos' } }],
    });
  },
  'validation-error-code-string': async ({ call, deployment }) => {
    expect(errorsOf((await call('PUT', chaos(), { body: {} })).json)[0]).toMatchObject({ code: '400', title: 'Invalid JSON' });
    expect(errorsOf((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json)[0]).toMatchObject({ code: '400', title: 'Invalid value' });
    expect(errorsOf((await call('GET', org, { token: deployment.fixtures.forbiddenToken })).json)[0]).toMatchObject({ code: 403 });
  },
  // General conventions
  'json-media-type-text-plain': async ({ call }) => {
    expect((await call('GET', org)).headers['content-type']).toBe('text/plain');
    expect((await call('GET', '/v1/organisations/none')).headers['content-type']).toBe('application/json');
  },
  'chaos-wrapper-optional': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { enabled: true } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ chaos: { enabled: true } });
    expect((await call('PUT', chaos(), { body: {} })).status).toBe(400);
  },
  'organisation-wrapper-optional': async ({ call }) => {
    expect((await call('PUT', org, { body: { name: 'Unwrapped' } })).json).toMatchObject({ organisation: { name: 'Unwrapped' } });
    expect((await call('PUT', org, { body: {} })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { enabled: true } })).status).toBe(400);
  },
  'chaos-response-unwrapped': async ({ call }) => {
    expect(seen(await call('PUT', chaos(), { body: { chaos: { percentageFailures: 5 } } }))).toMatchObject({ status: 200, body: { percentageFailures: 5, enabled: false } });
  },
  'state-expression-several-references-rejected': async ({ call }) => {
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: '{{request.headers.A}}-{{request.query.b}}' } } })).status).toBe(400);
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: '{{#if request.body}}{{{request.body}}}{{/if}}' } } })).status).toBe(400);
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 'Grüße {{request.headers.A}}' } } })).status).toBe(200);
  },
  'state-response-unwrapped': async ({ call }) => {
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 'x' } } })).json).toEqual({ defaultContextExpression: 'x' });
  },
  'organisation-response-unwrapped': async ({ call }) => {
    expect((await call('GET', org)).json).toMatchObject({ id: SEED.organisationId, name: 'Example Ltd' });
    expect((await call('PUT', org, { body: { organisation: { name: 'X' } } })).json).toMatchObject({ id: SEED.organisationId, name: 'X' });
  },
  'data-source-response-unwrapped': async (r) => {
    expect(await updated(r)).toMatchObject({ id: SEED.dataSourceId, version: 2 });
  },
  'job-response-unwrapped': async ({ call }) => {
    const answer = await call('PUT', push, { body: { push: {} } });
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({ jobType: 'open-api-git-pull', status: 'ERROR' });
  },
  'logged-request-wrapped': async ({ call }) => {
    expect((await call('GET', loggedRequest())).json).toEqual({ loggedRequest: expect.objectContaining({ id: SEED.requestId }) });
  },
  'not-json-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 7 } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: 'chaos: {' })).json).toMatchObject({ chaos: { percentageFailures: 7 } });
    expect((await call('PUT', state, { body: 'state: {' })).status).toBe(400);
    // narrow: a zero-byte body is still refused
    expect((await call('PUT', chaos(), { body: '' })).status).toBe(400);
  },
  'state-empty-body-accepted': async ({ call }) => {
    expect(seen(await call('PUT', state, { body: '' }))).toMatchObject({ status: 200, body: { state: { defaultContextExpression: '' } } });
    expect((await call('PUT', chaos(), { body: '' })).status).toBe(400);
  },
  'data-source-empty-body-500': async ({ call }) => {
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: '' })).status).toBe(500);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: '{' })).status).toBe(400);
    expect((await call('PUT', state, { body: '' })).status).toBe(400);
  },
  'oversize-body-500': async ({ call }) => {
    const padding = 'x'.repeat(1024 * 1024 + 1);
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: false, padding } } })).status).toBe(500);
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: false } } })).status).toBe(200);
  },
  'chaos-limit-500': async ({ call }) => {
    for (const percentageFailures of [-0.5, 100.5]) {
      const answer = await call('PUT', chaos(), { body: { chaos: { percentageFailures } } });
      expect(answer.status).toBe(500);
      expect(errorsOf(answer.json)[0]).toMatchObject({ title: 'Internal Server Error' });
    }
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 600 }] } } })).status).toBe(400);
  },
  // Identifiers
  'mock-api-id-length-4-accepted': async ({ call }) => {
    expect((await call('PUT', chaos('abcd'), { body: { chaos: {} } })).status).toBe(200);
    expect((await call('GET', `/v1/mock-apis/abcd/requests/${SEED.requestId}`)).json).toMatchObject({ id: SEED.requestId });
    expect((await call('PUT', chaos('abc'), { body: { chaos: {} } })).status).toBe(404);
  },
  'mock-api-id-length-11-accepted': async ({ call }) => {
    expect((await call('PUT', chaos('abcdefghijk'), { body: { chaos: {} } })).status).toBe(200);
    expect((await call('GET', `/v1/mock-apis/abcdefghijk/requests/${SEED.requestId}`)).json).toMatchObject({ id: SEED.requestId });
    expect((await call('PUT', chaos('abcdefghijkl'), { body: { chaos: {} } })).status).toBe(404);
  },
  // Chaos settings
  'chaos-delay-string-coerced': async ({ call }) => {
    expect(jsonOf(await call('PUT', chaos(), { body: { chaos: { longDelay: { enabled: false, durationMillis: '30000' } } } })).chaos.longDelay).toEqual({ enabled: false, durationMillis: 30000 });
    expect((await call('PUT', chaos(), { body: { chaos: { longDelay: { enabled: false, durationMillis: 'soon' } } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: '50' } } })).status).toBe(400);
  },
  'chaos-null-http-error-500': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, null] } } })).status).toBe(500);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: null } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 'x' }] } } })).status).toBe(400);
  },
  'chaos-status-201': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { chaos: { enabled: false } } });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ chaos: { enabled: false } });
  },
  'chaos-response-unsent-percentage-string': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 12.5 } } })).json).toMatchObject({ chaos: { percentageFailures: 12.5 } });
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: false } } })).json).toMatchObject({ chaos: { enabled: false, percentageFailures: '12.5' } });
  },
  'chaos-echo-drops-invalid-http': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { chaos: { invalidHttp: { enabled: true }, enabled: false } } });
    expect(answer.json).toEqual({ chaos: expect.not.objectContaining({ invalidHttp: expect.anything() }) });
    expect(answer.json).toMatchObject({ chaos: { enabled: false, socketClose: { enabled: false } } });
  },
  'chaos-echo-loses-a-status': async ({ call }) => {
    const sent = [{ status: 500 }, { status: 503 }];
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: sent } } })).json).toMatchObject({ chaos: { httpErrors: [{ status: 500 }] } });
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 400 }] } } })).json).toMatchObject({ chaos: { httpErrors: [{ status: 400 }] } });
  },
  'chaos-percentage-above-100-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json).toMatchObject({ chaos: { percentageFailures: 101 } });
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101.5 } } })).status).toBe(400);
  },
  'chaos-percentage-below-0-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: -1 } } })).json).toMatchObject({ chaos: { percentageFailures: -1 } });
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: -1.5 } } })).status).toBe(400);
  },
  'chaos-status-above-599-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 600 }] } } })).json).toMatchObject({ chaos: { httpErrors: [{ status: 600 }] } });
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 601 }] } } })).status).toBe(400);
  },
  'chaos-status-below-400-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 399 }] } } })).json).toMatchObject({ chaos: { httpErrors: [{ status: 399 }] } });
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 398 }] } } })).status).toBe(400);
  },
  'chaos-enabled-string-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: 'true' } } })).json).toMatchObject({ chaos: { enabled: true } });
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: 'false' } } })).json).toMatchObject({ chaos: { enabled: false } });
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: 'yes' } } })).status).toBe(400);
  },
  // State settings
  'state-expression-object-500': async ({ call }) => {
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: { a: 1 } } } })).status).toBe(500);
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 42 } } })).status).toBe(400);
  },
  'state-update-ignored': async ({ call }) => {
    const answer = await call('PUT', state, { body: { state: { defaultContextExpression: 'x' } } });
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: { state: { defaultContextExpression: '' } } });
  },
  'state-expression-number-accepted': async ({ call }) => {
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 42 } } })).json).toEqual({ state: { defaultContextExpression: '42' } });
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: true } } })).status).toBe(400);
  },
  // Organisations
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
  'organisation-other-id': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: { id: string; links: Record<string, string> } };
    expect(organisation.id).toBe(OTHER_ORGANISATION_ID);
    expect(organisation.links).toMatchObject({ self: `/v1/organisations/${OTHER_ORGANISATION_ID}`, acl: `/v1/organisations/${OTHER_ORGANISATION_ID}/acl{?subjectId}` });
  },
  'org-link-acl-subject-from-org-id': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: { aclSubject: string; links: Record<string, string> } };
    expect(organisation.links.aclSubject).toBe(`/v1/acl/subjects/${SEED.organisationId}`);
    expect(organisation.aclSubject).toBe(`acl-subject-${SEED.organisationId}`);
  },
  'org-rename-ignored': async ({ call }) => {
    expect((await call('PUT', org, { body: { organisation: { name: 'New' } } })).json).toMatchObject({ organisation: { name: 'Example Ltd' } });
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'Example Ltd' } });
  },
  'organisation-stale-after-second-rename': async ({ call }) => {
    const rename = async (name: string) => expect((await call('PUT', org, { body: { organisation: { name } } })).json).toMatchObject({ organisation: { name } });
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
  // Data sources
  'data-source-without-state': async (r) => {
    const { dataSource: ds } = await updated(r);
    expect(ds).not.toHaveProperty('state');
    expect(ds).toMatchObject({ id: SEED.dataSourceId, version: 2 });
  },
  'data-source-rows-echoed': async (r) => {
    expect(await updated(r)).toMatchObject({ dataSource: { rows: [['v']] } });
  },
  'data-source-columns-reordered': async (r) => {
    expect((await updated(r, twoColumns)).dataSource.columnsMetadata).toEqual([...twoColumns.dataSource.columnsMetadata].reverse());
  },
  'data-source-updated-without-fraction': async (r) => {
    expect((await updated(r)).dataSource.lastUpdatedTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  },
  'data-source-version-frozen': async (r) => {
    for (let i = 0; i < 2; i++) expect(await updated(r)).toMatchObject({ dataSource: { version: 1 } });
  },
  'data-source-version-back-on-resend': async (r) => {
    const first = (await updated(r)).dataSource.version;
    expect((await updated(r, twoColumns)).dataSource.version).toBe(first + 1);
    expect((await updated(r)).dataSource.version).toBe(first);
  },
  'data-source-lost-update-under-overlap': async (r) => {
    const before = (await updated(r)).dataSource.version;
    expect((await updated(r, twoColumns)).dataSource.version).toBe(before + 1);
    // sent together: each read the version before any wrote
    const together = await Promise.all([updated(r), updated(r, twoColumns), updated(r)]);
    expect(together.map((a) => a.dataSource.version)).toEqual([before + 2, before + 2, before + 2]);
  },
  'data-source-version-only-on-rename': async (r) => {
    const first = (await updated(r)).dataSource.version;
    const rowsOnly = (await updated(r, { dataSource: { ...configuration.dataSource, rows: [] } })).dataSource.version;
    expect(rowsOnly).toBe(first);
    expect((await updated(r, { dataSource: { ...configuration.dataSource, name: 'Renamed' } })).dataSource.version).toBe(first + 1);
  },
  'data-source-updated-time-hours-off': async (r) => {
    const { lastUpdatedTime } = (await updated(r)).dataSource;
    expect(Date.now() - Date.parse(lastUpdatedTime)).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(lastUpdatedTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  },
  'data-source-link-acl-no-template': async (r) => {
    const id = SEED.dataSourceId;
    expect((await updated(r)).dataSource.links).toEqual({ self: `/v1/data-sources/${id}`, acl: `/v1/data-sources/${id}/acl` });
  },
  'data-source-links-from-acl-object': async (r) => {
    const { dataSource: ds } = await updated(r);
    expect(ds.links).toEqual({ self: `/v1/data-sources/${ds.aclObject}`, acl: `/v1/data-sources/${ds.aclObject}/acl{?subjectId}` });
    expect(ds.id).toBe(SEED.dataSourceId);
  },
  'data-source-row-short-accepted': async ({ call }) => {
    const rows = (...cells: unknown[][]) => ({ dataSource: { ...twoColumns.dataSource, rows: cells } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x'], []) })).status).toBe(200);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x', '1', 'extra']) })).status).toBe(400);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x', 1]) })).status).toBe(400);
  },
  'data-source-rows-not-array-accepted': async ({ call }) => {
    const withRows = (rows: unknown) => ({ dataSource: { ...configuration.dataSource, rows } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: withRows({ a: 1 }) })).json).toMatchObject({ dataSource: { version: 2 } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: withRows('v') })).status).toBe(200);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: withRows([[1]]) })).status).toBe(400);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...configuration.dataSource, name: 1 } } })).status).toBe(400);
  },
  'data-source-null-cell-accepted': async (r) => {
    const answer = await r.call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...twoColumns.dataSource, rows: [['x', null]] } } });
    expect(answer.status).toBe(200);
    expect((await r.call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...twoColumns.dataSource, rows: [['x', 1]] } } })).status).toBe(400);
  },
  'data-source-column-without-type-accepted': async ({ call }) => {
    const answer = await call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...configuration.dataSource, columnsMetadata: [{ name: 'c' }] } } });
    expect(answer.status).toBe(200);
    expect(jsonOf(answer).dataSource.columnsMetadata).toEqual([{ name: 'c', type: { name: 'STRING' } }]);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...configuration.dataSource, columnsMetadata: [{ type: { name: 'STRING' } }] } } })).status).toBe(400);
  },
  'data-source-delete-400': async ({ call }) => {
    const answer = await call('DELETE', dataSource(SEED.deletableDataSourceId));
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.json)[0]).toMatchObject({ title: 'Delete failed' });
    expect(seen(await call('DELETE', dataSource(SEED.deletableDataSourceId)))).toMatchObject({ status: 404, body: NOT_FOUND_BODY });
  },
  'data-source-back-after-update': async ({ call }) => {
    const deletable = dataSource(SEED.deletableDataSourceId);
    expect((await call('DELETE', deletable)).status).toBe(204);
    expect((await call('DELETE', deletable)).status).toBe(404);
    expect((await call('PUT', deletable, { body: configuration })).status).toBe(200);
    expect((await call('DELETE', deletable)).status).toBe(204);
  },
  'data-source-delete-not-permanent': async ({ call }) => {
    for (let i = 0; i < 2; i++) expect((await call('DELETE', dataSource(SEED.deletableDataSourceId))).status).toBe(204);
    expect((await call('PUT', dataSource(SEED.deletableDataSourceId), { body: configuration })).status).toBe(200);
  },
  'data-source-back-after-overlapping-deletes': async ({ call }) => {
    const deletable = dataSource(SEED.deletableDataSourceId);
    const statuses = (await Promise.all([call('DELETE', deletable), call('DELETE', deletable)])).map((a) => a.status);
    expect(statuses.sort()).toEqual([204, 404]);
    expect((await call('DELETE', deletable)).status).toBe(204);
    // deletes one after another are kept
    expect((await call('DELETE', deletable)).status).toBe(404);
  },
  'data-source-back-a-second-after-delete': async ({ call }) => {
    const deletable = dataSource(SEED.deletableDataSourceId);
    expect((await call('DELETE', deletable)).status).toBe(204);
    expect((await call('DELETE', deletable)).status).toBe(404);
    await later(1_000, async () => expect((await call('DELETE', deletable)).status).toBe(204));
  },
  // Teams
  'team-member-back-after-overlapping-removals': async ({ call }) => {
    const statuses = (await Promise.all([call('DELETE', member()), call('DELETE', member())])).map((a) => a.status);
    expect(statuses.sort()).toEqual([204, 404]);
    expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
  },
  'team-member-back-a-second-after-removal': async ({ call }) => {
    expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
    await later(1_000, async () => expect((await call('DELETE', member())).status).toBe(204));
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
  },
  'team-member-delete-403': async ({ call }) => {
    expect(seen(await call('DELETE', member()))).toEqual({ status: 403, type: 'application/json', body: FORBIDDEN_BODY });
    expect((await call('DELETE', member())).status).toBe(404);
  },
  'team-member-back-after-not-found': async ({ call }) => {
    expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member())).status).toBe(404);
    expect((await call('DELETE', member())).status).toBe(204);
    // a user never removed stays unknown
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
  },
  'team-member-delete-not-permanent': async ({ call }) => {
    for (let i = 0; i < 2; i++) expect((await call('DELETE', member())).status).toBe(204);
    expect((await call('DELETE', member('user-nobody'))).status).toBe(404);
  },
  // Logged requests
  'logged-request-without-client-ip': async (r) => {
    const logged = await loggedOf(r);
    expect(logged.request).not.toHaveProperty('clientIp');
    expect(logged.request).toMatchObject({ url: '/orders?limit=2', method: 'POST' });
  },
  'logged-request-other-id': async (r) => {
    expect((await loggedOf(r)).id).toBe(SEED.binaryRequestId);
    expect((await loggedOf(r, SEED.emptyRequestId)).id).toBe(SEED.requestId);
    expect((await r.call('GET', loggedRequest(UNKNOWN_UUID))).status).toBe(404);
  },
  'logged-date-an-hour-off': async (r) => {
    const { loggedDate, loggedDateString } = (await loggedOf(r)).request;
    expect(loggedDate - Date.parse(loggedDateString)).toBeGreaterThanOrEqual(3_600_000);
    expect(loggedDate - Date.parse(loggedDateString)).toBeLessThan(3_601_000);
  },
  'logged-request-body-mismatch': async (r) => {
    const { body, bodyAsBase64 } = (await loggedOf(r)).request;
    expect(Buffer.from(bodyAsBase64, 'base64').toString('utf8')).toBe('{"item":"tea","quantity":2,"note":"tea & scones?"}');
    expect(body).toBe('{\n  "item": "tea",\n  "quantity": 2,\n  "note": "tea & scones?"\n}');
    expect((await loggedOf(r, SEED.binaryRequestId)).request.bodyAsBase64).toBe(Buffer.from(SEED.binaryBody).toString('base64'));
  },
  'logged-request-base64-url-safe': async (r) => {
    const { body, bodyAsBase64 } = (await loggedOf(r)).request;
    expect(bodyAsBase64).toBe(Buffer.from(body).toString('base64url'));
    expect(bodyAsBase64).toMatch(/_/);
    expect(bodyAsBase64).not.toMatch(/[=+/]/);
    expect(Buffer.from(bodyAsBase64, 'base64url').toString('utf8')).toBe(body);
  },
  'logged-request-url-mismatch': async (r) => {
    const { url, absoluteUrl } = (await loggedOf(r)).request;
    expect({ url, absoluteUrl }).toEqual({ url: '/orders?limit=2', absoluteUrl: `https://${SEED.mockApiId}.mocklab.io/orders` });
  },
  'logged-request-url-absolute': async (r) => {
    const { url, absoluteUrl } = (await loggedOf(r)).request;
    expect({ url, absoluteUrl }).toEqual({ url: `https://${SEED.mockApiId}.mocklab.io/orders?limit=2`, absoluteUrl: `https://${SEED.mockApiId}.mocklab.io/orders?limit=2` });
  },
  // Push and jobs
  'push-status-200': async ({ call }) => {
    const answer = await call('PUT', push, { body: { push: {} } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ job: { status: 'ERROR' } });
  },
  'job-status-number': async (r) => {
    expect((await jobOf(r)).status).toBe(3);
  },
  'job-type-not-a-string': async (r) => {
    expect((await jobOf(r)).jobType).toEqual(['open-api-git-pull']);
  },
  'job-started-millisecond-precision': async (r) => {
    const job = await jobOf(r);
    expect(job.started).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(job.finished).toMatch(UTC_NANOS);
  },
  'job-finished-local-offset': async (r) => {
    const job = await jobOf(r);
    expect(job.finished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}\+01:00$/);
    // the same instant as a UTC timestamp would give: a little after started
    const finished = Date.parse(job.finished.replace(/(\.\d{3})\d{6}/, '$1'));
    expect(finished - Date.parse(job.started.replace(/(\.\d{3})\d{6}/, '$1'))).toBeLessThan(1000);
    expect(job.started).toMatch(UTC_NANOS);
  },
  'job-elapsed-milliseconds': async (r) => {
    expect((await jobOf(r)).elapsed).toMatch(/^\d+ms$/);
  },
  'job-finished-before-started': async (r) => {
    const job = await jobOf(r);
    expect(job.finished).toMatch(UTC_NANOS);
    expect(Date.parse(job.started.slice(0, 23) + 'Z') - Date.parse(job.finished.slice(0, 23) + 'Z')).toBeGreaterThanOrEqual(999);
    expect(job.elapsed).toMatch(/^PT0\.\d+S$/);
  },
  'job-elapsed-disagrees': async (r) => {
    const job = await jobOf(r);
    expect(job.elapsed).toBe('PT1H');
    expect(Date.parse(job.finished.slice(0, 23) + 'Z') - Date.parse(job.started.slice(0, 23) + 'Z')).toBeLessThan(1000);
  },
  'job-link-other-job-id': async (r) => {
    const job = await jobOf(r);
    expect(job.links.self).toMatch(new RegExp(`^/v1/mock-apis/${SEED.mockApiId}/jobs/[0-9a-f-]{36}$`));
    expect(job.links.self).not.toContain(job.id);
  },
  'job-link-without-mock-api': async (r) => {
    const job = await jobOf(r);
    expect(job.links.self).toBe(`/v1/jobs/${job.id}`);
  },
  'job-error-code-string': async (r) => {
    expect((await jobOf(r)).outcome.errors[0]?.code).toBe('10');
  },
  'push-policy-any-type-accepted': async ({ call }) => {
    for (const outOfSyncPolicy of [5, true, ['a'], { a: 1 }]) expect((await call('PUT', push, { body: { push: { outOfSyncPolicy } } })).status).toBe(202);
    expect((await call('PUT', push, { body: { push: 'x' } })).status).toBe(400);
  },
  'chaos-percentage-0-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 0 } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100 } } })).status).toBe(200);
  },
  'chaos-percentage-100-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100 } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 0 } } })).status).toBe(200);
  },
  'chaos-percentage-a-hair-above-100-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100.00000000000001 } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100.001 } } })).status).toBe(400);
  },
  'chaos-status-limit-first-item-only': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 600 }] } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 600 }] } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 399 }] } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 'x' }] } } })).status).toBe(400);
  },
  'chaos-status-400-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 400 }] } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 599 }] } } })).status).toBe(200);
  },
  'chaos-status-599-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 599 }] } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 400 }] } } })).status).toBe(200);
  },
  'data-source-row-long-accepted': async ({ call }) => {
    const rows = (...cells: unknown[][]) => ({ dataSource: { ...twoColumns.dataSource, rows: cells } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x', '1', 'extra']) })).status).toBe(200);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x']) })).status).toBe(400);
  },
  'org-link-acl-no-template': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: { links: Record<string, string> } };
    expect(organisation.links.acl).toBe(`${org}/acl`);
  },
  'state-expression-null-when-not-sent': async ({ call }) => {
    await call('PUT', state, { body: { state: { defaultContextExpression: 'kept' } } });
    expect((await call('PUT', state, { body: { state: {} } })).json).toEqual({ state: { defaultContextExpression: null } });
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 'x' } } })).json).toEqual({ state: { defaultContextExpression: 'x' } });
  },
  'logged-date-string-milliseconds': async (r) => {
    const { loggedDate, loggedDateString } = (await loggedOf(r)).request;
    expect(loggedDateString).toBe(new Date(loggedDate).toISOString());
    expect(loggedDateString).toMatch(/\.\d{3}Z$/);
  },
  'logged-request-id-not-uuid': async (r) => {
    expect(r.deployment.fixtures.requestId).toBe('req-6f1c2a8e');
    expect((await loggedOf(r, 'req-6f1c2a8e')).id).toBe('req-6f1c2a8e');
    expect((await r.call('GET', loggedRequest(SEED.requestId))).status).toBe(404);
  },
};
