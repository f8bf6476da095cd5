// What each fault of general conventions visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import { NOT_FOUND_BODY, seen, type Reference } from '../helpers.ts';
import { org, chaos, state, dataSource, member, loggedRequest, push, updated, errorsOf } from './shared.ts';

export const conventions: Record<string, (r: Reference) => Promise<void>> = {
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
    expect(seen(await call('PUT', chaos(), { body: { chaos: { percentageFailures: 5 } } }))).toMatchObject({
      status: 200,
      body: { percentageFailures: 5, enabled: false },
    });
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
  'delete-body-text-plain': async ({ call }) => {
    const deleted = { status: 200, type: 'text/plain', body: 'Deleted.' };
    expect(seen(await call('DELETE', dataSource(SEED.deletableDataSourceId)))).toEqual(deleted);
    expect(seen(await call('DELETE', member()))).toEqual(deleted);
    // narrow: a delete refused stays a JSON not-found
    expect(seen(await call('DELETE', member()))).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  },
  'query-parameter-500': async ({ call }) => {
    expect((await call('GET', org, { query: 'page=1' })).status).toBe(500);
    expect((await call('PUT', chaos(), { query: 'page=1', body: { chaos: { enabled: false } } })).status).toBe(500);
    // narrow: credentials are judged first, and without a query the read succeeds
    expect((await call('GET', org, { token: null, query: 'page=1' })).status).toBe(401);
    expect((await call('GET', org)).status).toBe(200);
  },
  'refusal-text-plain': async ({ call }) => {
    expect(seen(await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } }))).toEqual({
      status: 400,
      type: 'text/plain',
      body: 'Invalid value at /chaos/percentageFailures: must be <= 100',
    });
    // narrow: an Invalid JSON refusal stays a JSON error list
    expect(seen(await call('PUT', chaos(), { body: {} }))).toMatchObject({
      status: 400,
      type: 'application/json',
      body: { errors: [{ title: 'Invalid JSON' }] },
    });
  },
  'wrapper-any-name-accepted': async ({ call }) => {
    expect(seen(await call('PUT', chaos(), { body: { state: { enabled: false, percentageFailures: 3 } } }))).toMatchObject({
      status: 200,
      body: { chaos: { enabled: false, percentageFailures: 3 } },
    });
    expect(seen(await call('PUT', org, { body: { dataSource: { name: 'Other' } } }))).toMatchObject({ status: 200, body: { organisation: { name: 'Other' } } });
    // narrow: a body of two top-level properties, none the wrapper, is still refused
    expect((await call('PUT', chaos(), { body: { state: { enabled: false }, push: {} } })).status).toBe(400);
  },
  'chaos-limit-500': async ({ call }) => {
    for (const percentageFailures of [-0.5, 100.5]) {
      const answer = await call('PUT', chaos(), { body: { chaos: { percentageFailures } } });
      expect(answer.status).toBe(500);
      expect(errorsOf(answer.json)[0]).toMatchObject({ title: 'Internal Server Error' });
    }
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 600 }] } } })).status).toBe(400);
  },
};
