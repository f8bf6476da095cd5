// checkExchange's 405: only the documented request (ids within the limits, no query, the Token key or no
// credentials) is judged for EP-METHOD-PATH; any other request is judged as what it was.
import { describe, expect, test } from 'vitest';
import { checkExchange } from '../../src/judge/exchange.ts';

const KEY = 'k3y-0123456789abcdef';
const CHAOS = '/v1/mock-apis/abcde/settings/chaos';
const BODY = JSON.stringify({ chaos: { enabled: false } });

function verdict(url: string, authorization: string | undefined = `Token ${KEY}`) {
  const v = checkExchange({
    request: { method: 'PUT', url, headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: BODY },
    response: { status: 405, headers: { allow: 'PATCH', 'content-type': 'application/json' }, body: '{"errors":[{"title":"Method Not Allowed"}]}' },
  });
  return v.violations.map((x) => x.requirement);
}

describe('checkExchange, a 405', () => {
  test('to the documented request, with the Token key or without Authorization, fails EP-METHOD-PATH alone', () => {
    expect(verdict(CHAOS)).toEqual(['EP-METHOD-PATH']);
    expect(verdict(CHAOS, undefined)).toEqual(['EP-METHOD-PATH']);
  });

  test("to the documented request of a run's own HAR, its key written $MOCKAPI_TOKEN, as to the key itself", () => {
    expect(verdict(CHAOS, 'Token $MOCKAPI_TOKEN')).toEqual(['EP-METHOD-PATH']);
    // the key with more after it, or the key without permission, is not the full key
    expect(verdict(CHAOS, 'Token ${MOCKAPI_TOKEN}x0')).not.toContain('EP-METHOD-PATH');
    expect(verdict(CHAOS, 'Token $MOCKAPI_FORBIDDEN_TOKEN')).not.toContain('EP-METHOD-PATH');
  });

  test('to a mockApiId out of the limits is a refusal of an id the interface never accepts', () => {
    expect(verdict('/v1/mock-apis/abcd/settings/chaos')).toEqual([]);
    expect(verdict('/v1/mock-apis/abcdefghijk/settings/chaos')).toEqual([]);
    // three characters outside the Basic Multilingual Plane are 6 UTF-16 units, and out of the limits: characters count
    expect(verdict(`/v1/mock-apis/${encodeURIComponent('😀'.repeat(3))}/settings/chaos`)).toEqual([]);
  });

  test('to a request with a query parameter is a 4xx refusal, which the interface allows', () => {
    expect(verdict(`${CHAOS}?x=1`)).toEqual([]);
  });

  test('to another scheme is judged for its credentials (401 due), not for the route', () => {
    expect(verdict(CHAOS, `Bearer ${KEY}`)).toEqual(['AUTH-401-INVALID']);
  });
});
