// What each fault of identifiers visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import type { Reference } from '../helpers.ts';
import { chaos } from './shared.ts';

export const identifiers: Record<string, (r: Reference) => Promise<void>> = {
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
  'mock-api-id-counted-in-utf16-units': async ({ call }) => {
    // 10 characters, 11 UTF-16 units: refused for its length; 9 characters, 10 units: an id that names nothing
    const refused = await call('PUT', chaos(encodeURIComponent('abcdefghi\u{1F600}')), { body: { chaos: {} } });
    expect([refused.status, refused.json]).toMatchObject([400, { errors: [{ title: 'Invalid path parameter' }] }]);
    expect((await call('PUT', chaos(encodeURIComponent('abcdefgh\u{1F600}')), { body: { chaos: {} } })).status).toBe(404);
  },
};
