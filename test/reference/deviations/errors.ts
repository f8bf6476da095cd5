// What each fault of errors visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import { NOT_FOUND_BODY, seen, type Reference } from '../helpers.ts';
import { org, chaos, member, loggedRequest, UNKNOWN_UUID, UNKNOWN_MOCK_API, errorsOf, dataSource, configuration } from './shared.ts';

export const errors: Record<string, (r: Reference) => Promise<void>> = {
  'not-found-code-string': async ({ call }) => {
    expect(seen(await call('GET', '/v1/organisations/none'))).toEqual({
      status: 404,
      type: 'application/json',
      body: { code: '404', message: 'HTTP 404 Not Found' },
    });
  },
  'not-found-message-other-status': async ({ call }) => {
    expect(seen(await call('GET', '/v1/organisations/none'))).toEqual({
      status: 404,
      type: 'application/json',
      body: { code: 404, message: 'HTTP 400 Bad Request' },
    });
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
  'chaos-unknown-mock-api-accepted': async ({ call }) => {
    // narrow: before its chaos settings are sent, the other operations on it are refused
    expect((await call('PUT', `/v1/mock-apis/${UNKNOWN_MOCK_API}/settings/state`, { body: { state: {} } })).status).toBe(404);
    expect(seen(await call('PUT', chaos(UNKNOWN_MOCK_API), { body: { chaos: { enabled: false } } }))).toMatchObject({
      status: 200,
      body: { chaos: { enabled: false } },
    });
  },
  'mock-api-id-refusal-code-string': async ({ call }) => {
    for (const id of ['a1b2', 'a1b2c3d4e5f'])
      expect(seen(await call('PUT', chaos(id), { body: { chaos: {} } }))).toMatchObject({
        status: 400,
        type: 'application/json',
        body: { errors: [{ code: '400', title: 'Invalid path parameter' }] },
      });
    expect(seen(await call('PUT', chaos(UNKNOWN_MOCK_API), { body: { chaos: {} } }))).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
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
    expect(errorsOf((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json)[0]).toMatchObject({
      code: '400',
      title: 'Invalid value',
    });
    expect(errorsOf((await call('GET', org, { token: deployment.fixtures.forbiddenToken })).json)[0]).toMatchObject({ code: 403 });
  },
  'error-detail-number': async ({ call }) => {
    const tooLarge = await call('PUT', chaos(), { body: { chaos: { enabled: false, padding: 'x'.repeat(1024 * 1024 + 1) } } });
    expect(tooLarge.status).toBe(413);
    expect(errorsOf(tooLarge.json)).toEqual([{ code: 413, title: 'Payload Too Large', detail: 1024 * 1024, source: {} }]);
    // every other refusal keeps its detail in words
    expect(errorsOf((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json)[0]).toMatchObject({ detail: expect.any(String) });
  },
  'error-source-string': async ({ call }) => {
    expect(errorsOf((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json)[0]).toMatchObject({
      title: 'Invalid value',
      source: '/chaos/percentageFailures',
    });
    expect(errorsOf((await call('PUT', chaos(), { body: {} })).json)[0]).toMatchObject({ title: 'Invalid JSON', source: {} });
  },
  'error-entry-without-title': async ({ call }) => {
    const misfit = await call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...configuration.dataSource, rows: [[]] } } });
    expect(misfit.status).toBe(400);
    expect(errorsOf(misfit.json)[0]).toEqual({ code: 400, detail: expect.stringContaining('/dataSource/rows/0'), source: {} });
    expect(errorsOf((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json)[0]).toMatchObject({ title: 'Invalid value' });
  },
};
