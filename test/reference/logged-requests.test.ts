import { describe, expect, it } from 'vitest';
import { SEED } from '../../reference/store.ts';
import { NOT_FOUND_BODY, seen, useReference } from './helpers.ts';

const reference = useReference();

const path = (mockApiId: string, requestId: string) => `/v1/mock-apis/${mockApiId}/requests/${requestId}`;

interface Logged {
  id: string;
  request: Record<string, unknown> & { url: string; absoluteUrl: string; loggedDate: number; loggedDateString: string; body: string; bodyAsBase64: string };
  responseDefinition: Record<string, unknown>;
}

async function logged(mockApiId: string, requestId: string): Promise<Logged> {
  const answer = await reference().call('GET', path(mockApiId, requestId));
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json');
  return answer.json as Logged;
}

/** What the interface ties together: one instant, one body, one URL. */
function expectConsistent(entry: Logged): void {
  const { request } = entry;
  expect(request.loggedDateString).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(Date.parse(request.loggedDateString)).toBe(Math.floor(request.loggedDate / 1000) * 1000);
  expect(request.bodyAsBase64).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
  expect(request.body).toBe(Buffer.from(request.bodyAsBase64, 'base64').toString('utf8'));
  expect(request.absoluteUrl.endsWith(request.url)).toBe(true);
}

describe('get a logged request', () => {
  it('answers 200 with the logged request unwrapped, every field present', async () => {
    const entry = await logged(SEED.mockApiId, reference().deployment.fixtures.requestId);
    expect(entry).toEqual({
      id: SEED.requestId,
      request: {
        url: '/orders?limit=2',
        absoluteUrl: 'https://a1b2c3d4.mocklab.io/orders?limit=2',
        method: 'POST',
        clientIp: '203.0.113.7',
        headers: { Host: `${SEED.mockApiId}.mocklab.io`, 'Content-Type': 'application/json', Accept: '*/*', Cookie: 'session=abc123; theme=dark' },
        cookies: { session: 'abc123', theme: 'dark' },
        browserProxyRequest: false,
        loggedDate: expect.any(Number),
        loggedDateString: expect.any(String),
        body: '{"item":"tea","quantity":2,"note":"tea & scones?"}',
        bodyAsBase64: Buffer.from('{"item":"tea","quantity":2,"note":"tea & scones?"}').toString('base64'),
      },
      responseDefinition: { status: 201, transformers: [], fromConfiguredStub: true, transformerParameters: {} },
    });
    expectConsistent(entry);
    expect(entry.request.loggedDate % 1000).not.toBe(0);
    expect(entry.request.loggedDate).toBeLessThan(Date.now());
  });

  it('keeps the bytes of a body that is not UTF-8 in bodyAsBase64, and body is their lossy text', async () => {
    const entry = await logged(SEED.mockApiId, SEED.binaryRequestId);
    expect(entry.request.method).toBe('PUT');
    expect([...Buffer.from(entry.request.bodyAsBase64, 'base64')]).toEqual([0xff, 0xfe, 0x41, 0x00, 0xc3]);
    expect(entry.request.body).toBe('\uFFFD\uFFFDA\u0000\uFFFD');
    expectConsistent(entry);
  });

  it('shows an empty body as two empty strings', async () => {
    const entry = await logged(SEED.mockApiId, SEED.emptyRequestId);
    expect(entry.request).toMatchObject({ method: 'GET', body: '', bodyAsBase64: '' });
    expectConsistent(entry);
  });

  it('gives every request a UUID-shaped id equal to the one asked for', async () => {
    for (const [mockApiId, requestId] of [
      [SEED.mockApiId, SEED.requestId],
      [SEED.mockApiId, SEED.binaryRequestId],
      [SEED.mockApiId, SEED.emptyRequestId],
      [SEED.otherMockApiId, SEED.otherRequestId],
    ] as const) {
      const entry = await logged(mockApiId, requestId);
      expect(entry.id).toBe(requestId);
      expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expectConsistent(entry);
    }
  });

  it.each([
    ['a request of another mock API', SEED.mockApiId, SEED.otherRequestId],
    ['the fixture request under the other mock API', SEED.otherMockApiId, SEED.requestId],
    ['an unknown request id', SEED.mockApiId, '00000000-0000-4000-8000-000000000000'],
    ['a request id in upper case', SEED.mockApiId, SEED.requestId.toUpperCase()],
    ['an unknown mock API', 'zzzzzzzz', SEED.requestId],
  ])('answers 404 for %s', async (_, mockApiId, requestId) => {
    const answer = await reference().call('GET', path(mockApiId, requestId));
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  });
});
