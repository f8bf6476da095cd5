// What each fault of logged requests visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import type { Reference } from '../helpers.ts';
import { loggedRequest, UNKNOWN_UUID, loggedOf, servedElsewhere, jsonOf } from './shared.ts';

export const loggedRequests: Record<string, (r: Reference) => Promise<void>> = {
  'logged-request-under-post': async (r) => {
    const answer = await servedElsewhere(r, ['GET', loggedRequest()], ['POST', loggedRequest()]);
    expect(jsonOf(answer).id).toBe(SEED.requestId);
  },
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
  'logged-request-absolute-url-other-host': async (r) => {
    const { url, absoluteUrl, headers } = (await loggedOf(r)).request;
    expect({ url, absoluteUrl, host: headers.Host }).toEqual({
      url: '/orders?limit=2',
      absoluteUrl: 'https://mocks.internal/orders?limit=2',
      host: `${SEED.mockApiId}.mocklab.io`,
    });
  },
  'logged-request-absolute-url-path-only': async (r) => {
    const { url, absoluteUrl } = (await loggedOf(r)).request;
    expect({ url, absoluteUrl }).toEqual({ url: '/orders?limit=2', absoluteUrl: '/orders?limit=2' });
  },
  'logged-request-method-with-target': async (r) => {
    expect((await loggedOf(r)).request.method).toBe('POST /orders?limit=2');
    expect((await loggedOf(r, SEED.emptyRequestId)).request.method).toBe('GET /health');
  },
  'logged-request-client-ip-host-name': async (r) => {
    expect((await loggedOf(r)).request).toMatchObject({ clientIp: 'client-7.example.net', url: '/orders?limit=2' });
  },
  'logged-request-cookies-not-parsed': async (r) => {
    const { headers, cookies } = (await loggedOf(r)).request;
    expect({ cookie: headers.Cookie, cookies }).toEqual({ cookie: 'session=abc123; theme=dark', cookies: {} });
  },
  'logged-request-header-names-with-colon': async (r) => {
    expect(Object.keys((await loggedOf(r)).request.headers)).toEqual(['Host:', 'Content-Type:', 'Accept:', 'Cookie:']);
  },
  'logged-request-url-absolute': async (r) => {
    const { url, absoluteUrl } = (await loggedOf(r)).request;
    expect({ url, absoluteUrl }).toEqual({
      url: `https://${SEED.mockApiId}.mocklab.io/orders?limit=2`,
      absoluteUrl: `https://${SEED.mockApiId}.mocklab.io/orders?limit=2`,
    });
  },
  'logged-request-status-not-http': async (r) => {
    const logged = await loggedOf(r);
    expect(logged.responseDefinition).toMatchObject({ status: 1000 });
    expect(logged.request).toMatchObject({ url: '/orders?limit=2', method: 'POST' });
  },
  'logged-request-without-response-definition': async (r) => {
    const logged = await loggedOf(r);
    expect(logged).not.toHaveProperty('responseDefinition');
    expect(logged).toMatchObject({ id: SEED.requestId, request: { url: '/orders?limit=2', method: 'POST' } });
  },
  'logged-request-request-string': async (r) => {
    const logged = await loggedOf(r);
    expect(JSON.parse(logged.request as unknown as string)).toMatchObject({ url: '/orders?limit=2', method: 'POST' });
    expect(logged).toMatchObject({ id: SEED.requestId, responseDefinition: { status: 201 } });
  },
  'logged-request-browser-proxy-string': async (r) => {
    expect((await loggedOf(r)).request).toMatchObject({ browserProxyRequest: 'false', url: '/orders?limit=2' });
  },
  'logged-request-transformers-object': async (r) => {
    expect((await loggedOf(r)).responseDefinition).toEqual({ status: 201, transformers: {}, fromConfiguredStub: true, transformerParameters: {} });
  },
  'logged-request-from-stub-number': async (r) => {
    expect((await loggedOf(r)).responseDefinition).toMatchObject({ fromConfiguredStub: 1, transformers: [] });
    expect((await loggedOf(r, SEED.emptyRequestId)).responseDefinition).toMatchObject({ fromConfiguredStub: 0 });
  },
  'logged-request-transformer-parameters-array': async (r) => {
    expect((await loggedOf(r)).responseDefinition).toEqual({ status: 201, transformers: [], fromConfiguredStub: true, transformerParameters: [] });
  },
};
