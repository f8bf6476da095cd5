// unservedFirst on its own: which 405 answers of a check stand for EP-METHOD-PATH (the documented request: ids within
// the limits, no query, the full key or no credentials), and which of the check's own findings it keeps.
import { describe, expect, test } from 'vitest';
import { unservedFirst } from '../../src/harness/run-check.ts';
import { answerOf, type Exchange } from '../../src/http/client.ts';
import { Redactor } from '../../src/http/redactor.ts';
import { Judge } from '../../src/judge/judge.ts';

const KEY = 'full-key-0123456789abcdef';
const FORBIDDEN = 'forbidden-key-0123456789';
const redactor = new Redactor({ $MOCKAPI_TOKEN: KEY, $MOCKAPI_FORBIDDEN_TOKEN: FORBIDDEN });
const CHAOS = '/v1/mock-apis/abcde/settings/chaos';

/** An exchange as a run's client records it: Authorization redacted, in pieces. */
function exchange(method: string, url: string, status: number, authorization: string | undefined = `Token ${KEY}`): Exchange {
  const headers = authorization === undefined ? {} : { authorization };
  return answerOf(
    {
      method,
      url,
      requestHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactor.redact(v)])),
      requestPieces: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactor.pieces(v)])),
      requestBody: undefined,
    },
    status,
    status === 405 ? { allow: 'PATCH' } : {},
    Buffer.alloc(0),
    undefined,
    0,
  );
}

const judge = () => new Judge('CHAOS-STATUS', { profile: 'live', fixtures: {} });
const requirements = (t: Judge) => t.violations.map((v) => v.requirement);

describe('unservedFirst', () => {
  test('a 405 to the documented request with the full key, or with no Authorization, fails EP-METHOD-PATH once per operation', () => {
    for (const authorization of [`Token ${KEY}`, undefined]) {
      const t = judge();
      t.uses(exchange('PUT', CHAOS, 405, authorization));
      t.uses(exchange('PUT', CHAOS, 405, authorization));
      expect(unservedFirst(t)).toBe(true);
      expect(requirements(t)).toEqual(['EP-METHOD-PATH']);
      expect(t.violations[0]!.actual).toMatch(/^PUT \/v1\/mock-apis\/\{mockApiId\}\/settings\/chaos is not served: .*405.*\(Allow: PATCH\)$/);
    }
  });

  test('a 405 to a path whose mockApiId is out of the limits is no instance of the documented path: a passed check stays passed', () => {
    for (const id of ['abcd', 'abcdefghijk']) {
      const t = judge();
      t.uses(exchange('PUT', `/v1/mock-apis/${id}/settings/chaos`, 405));
      expect(unservedFirst(t)).toBe(false);
      expect(t.violations).toEqual([]);
    }
  });

  test('a 405 to a request with a query parameter is a refusal the interface allows (GEN-NO-QUERY-PARAMETER)', () => {
    const t = judge();
    t.uses(exchange('PUT', `${CHAOS}?x=1`, 405));
    expect(unservedFirst(t)).toBe(false);
    expect(t.violations).toEqual([]);
  });

  test('a 405 to the key without permission, or to a key that is not the full one, leaves the check its own finding', () => {
    for (const authorization of [`Token ${FORBIDDEN}`, `Token ${KEY}x0`, `Bearer ${KEY}`, `token ${KEY}`]) {
      const t = new Judge('AUTH-403', { profile: 'live', fixtures: {} });
      t.uses(exchange('PUT', CHAOS, 405, authorization));
      t.violate('AUTH-403', '403', '405');
      expect(unservedFirst(t), authorization).toBe(false);
      expect(requirements(t)).toEqual(['AUTH-403']);
    }
  });

  test('keeps what the check found before the 405 was read, and drops what it found after, which may follow from it', () => {
    const t = judge();
    t.uses(exchange('GET', '/v1/organisations/o1', 200));
    t.violate('ORG-RESPONSE', 'an organisation', 'none');
    t.uses(exchange('PUT', CHAOS, 405));
    t.violate('CHAOS-STATUS', '200', '405');
    expect(unservedFirst(t)).toBe(true);
    expect(requirements(t)).toEqual(['ORG-RESPONSE', 'EP-METHOD-PATH']);
  });

  test("an adopted judge's findings count as found after its exchanges were read", () => {
    const t = judge();
    const fork = judge();
    fork.uses(exchange('PUT', CHAOS, 405));
    fork.violate('CHAOS-STATUS', '200', '405');
    t.adopt(fork);
    expect(unservedFirst(t)).toBe(true);
    expect(requirements(t)).toEqual(['EP-METHOD-PATH']);
  });
});
