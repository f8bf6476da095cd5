// What a client can get wrong before an operation runs: paths, methods, ids, sizes, bodies.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operation } from '../../contract/schemas.ts';
import { SEED } from '../../reference/store.ts';
import { NOT_FOUND_BODY, seen, useReference, validRequest } from './helpers.ts';

const reference = useReference({ fresh: true });

const notFound = { status: 404, type: 'application/json', body: NOT_FOUND_BODY };

const MIB = 1024 * 1024;

const mockApiOperations = OPERATION_IDS.filter((id) => operation(id).path.includes('{mockApiId}'));

describe('mockApiId length 5 to 10', () => {
  describe.each(mockApiOperations)('%s', (id) => {
    it.each(['a1b2', 'a1b2c3d4e5f', '', 'x'])('answers 404 for the mockApiId "%s"', async (mockApiId) => {
      const { call, deployment } = reference();
      const { method, path, body } = validRequest(id, deployment.fixtures);
      const answer = await call(method, path.replace(`/${SEED.mockApiId}/`, `/${mockApiId}/`), { body });
      expect(seen(answer)).toEqual(notFound);
    });

    it.each(['a1b2c', 'a1b2c3d4e5', 'ééééé'])('answers 404 for the unknown mockApiId "%s" of a valid length', async (mockApiId) => {
      const { call, deployment } = reference();
      const { method, path, body } = validRequest(id, deployment.fixtures);
      const answer = await call(method, path.replace(`/${SEED.mockApiId}/`, `/${encodeURIComponent(mockApiId)}/`), { body });
      expect(seen(answer)).toEqual(notFound);
    });
  });

  it('never answers a 4-character prefix of the fixture as the fixture', async () => {
    const answer = await reference().call('PUT', `/v1/mock-apis/${SEED.mockApiId.slice(0, 4)}/settings/chaos`, { body: { chaos: {} } });
    expect(answer.status).toBe(404);
  });
});

describe('paths', () => {
  it.each([
    '/',
    '/v1',
    '/v1/',
    '/v2/organisations/org-1a2b3c',
    '/v1/organisations/org-1a2b3c/',
    '/v1/organisations//',
    '/v1/organisations',
    '/V1/organisations/org-1a2b3c',
    '/v1/organisations/%E0%A4%A',
    '/v1/organisations/%ZZ',
    '/v1/data-sources/%',
    '/v1/mock-apis/a1b2c3d4/requests/%C0%AF',
    'http://example.com/v1/organisations/org-1a2b3c',
    '*',
  ])('answers 404 with the not-found body for %s, before credentials', async (path) => {
    const answer = await reference().call('GET', path, { token: null });
    expect(seen(answer)).toEqual(notFound);
  });

  it('ignores a query string: none of the operations takes one', async () => {
    const answer = await reference().call('GET', '/v1/organisations/org-1a2b3c?subjectId=x&%ZZ');
    expect(answer.status).toBe(200);
  });
});

describe('methods', () => {
  it.each(['POST', 'PATCH', 'OPTIONS', 'PROPFIND', 'DELETE'])('answers 405 with an error list for %s on the organisation path', async (method) => {
    const answer = await reference().call(method, '/v1/organisations/org-1a2b3c');
    expect(answer.status).toBe(405);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers.allow).toBe('GET, PUT');
    expect(answer.json).toEqual({
      errors: [{ code: 405, title: 'Method Not Allowed', detail: `Method ${method} is not allowed on this path; allowed: GET, PUT`, source: {} }],
    });
  });

  it('answers HEAD on a known path with 405 and no body', async () => {
    const answer = await reference().call('HEAD', '/v1/organisations/org-1a2b3c');
    expect(answer.status).toBe(405);
    expect(answer.bytes.length).toBe(0);
  });

  it('answers a method HTTP does not know with 400, never 5xx', async () => {
    const answer = await reference().call('FROB', '/v1/organisations/org-1a2b3c');
    expect(answer.status).toBe(400);
  });
});

describe('headers', () => {
  it('answers headers larger than the server takes with 431, never 5xx', async () => {
    const answer = await reference().call('GET', '/v1/organisations/org-1a2b3c', { headers: { 'X-Big': 'x'.repeat(64 * 1024) } });
    expect(answer.status).toBe(431);
  });

  it('reads the Authorization value exactly: two spaces are not one', async () => {
    const { call, deployment } = reference();
    const answer = await call('GET', '/v1/organisations/org-1a2b3c', { token: null, headers: { Authorization: `Token  ${deployment.fixtures.token}` } });
    expect(answer.status).toBe(401);
  });
});

describe('body size', () => {
  const tooLarge = {
    status: 413,
    type: 'application/json',
    body: { errors: [{ code: 413, title: 'Payload Too Large', detail: 'The request body exceeds 1048576 bytes', source: {} }] },
  };

  it('accepts a body of exactly 1 MiB', async () => {
    const { call, deployment } = reference();
    const json = JSON.stringify({ chaos: { note: '' } });
    const body = JSON.stringify({ chaos: { note: 'x'.repeat(MIB - json.length) } });
    expect(Buffer.byteLength(body)).toBe(MIB);
    const answer = await call('PUT', `/v1/mock-apis/${deployment.fixtures.mockApiId}/settings/chaos`, { body });
    expect(answer.status).toBe(200);
  });

  it('answers 413 for a body one byte over 1 MiB', async () => {
    const { call, deployment } = reference();
    const answer = await call('PUT', `/v1/mock-apis/${deployment.fixtures.mockApiId}/settings/chaos`, { body: Buffer.alloc(MIB + 1, 0x20) });
    expect(seen(answer)).toEqual(tooLarge);
  });

  it('answers 413 for a chunked body past 1 MiB that declares no length', async () => {
    const { deployment } = reference();
    const url = new URL(deployment.baseUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'PUT',
          path: `/v1/data-sources/${deployment.fixtures.dataSourceId}`,
          agent: false,
          headers: { Authorization: `Token ${deployment.fixtures.token}` },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 5; i++) req.write(Buffer.alloc(MIB / 2, 0x20));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(tooLarge.body);
  });

  it('answers 413 for a declared length past 1 MiB, and keeps serving', async () => {
    const { call, deployment } = reference();
    const answer = await call('PUT', `/v1/data-sources/${deployment.fixtures.dataSourceId}`, { body: Buffer.alloc(4 * MIB, 0x20) });
    expect(answer.status).toBe(413);
    expect((await call('GET', '/v1/organisations/org-1a2b3c')).status).toBe(200);
  });

  it('does not read the body of an operation that takes none', async () => {
    const { call, deployment } = reference();
    const answer = await call('GET', `/v1/organisations/${deployment.fixtures.organisationId}`, { body: Buffer.alloc(2 * MIB, 0x20) });
    expect(answer.status).toBe(200);
  });
});
