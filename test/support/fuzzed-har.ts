// Hostile recorded traffic (test/recorded/recorded-keys.test.ts), the HAR and proxied-client class of the fuzzed
// hostile deployment (test/support/fuzzed.ts): keys sent in every place a client puts one, answers that echo
// any of them in any encoding among terminal escapes and workflow commands, and files broken anywhere (cut
// short, nested deep, a control character or a stray byte dropped in).
import fc from 'fast-check';
import { hostileText } from './fuzzed.ts';

/** The keys the traffic carries: one per place, each distinct. */
export const HAR_KEYS = [
  'hk1+/=Header_Key_a7',
  'hk2~Query.Key_b8c9',
  'hk3-Basic-Pass_d0',
  'hk4_Cookie_Value_e1',
  'hk5_Body_Token_f2x',
  'hk6_Token_Scheme_g3',
] as const;

/** Where a request carries key i of HAR_KEYS. */
const PLACES = ['x-api-key', 'query', 'basic', 'cookie', 'body', 'token'] as const;
type Place = (typeof PLACES)[number];

const encode = (key: string, how: number): string =>
  [
    key,
    Buffer.from(key).toString('base64'),
    Buffer.from(key).toString('hex').toUpperCase(),
    encodeURIComponent(key),
    JSON.stringify(key).slice(1, -1),
    key.toUpperCase(),
  ][how % 6]!;

const PATHS = ['/v1/organisations/org-1', '/v1/mock-apis/a1b2c3d4/settings/state', '/v1/mock-apis/a1b2c3d4/requests/r-1', '/favicon.ico', '/v1/../secret'];

/** One entry: a request with a key in one place, and an answer echoing keys among hostile text. */
const entry = fc
  .record({
    place: fc.integer({ min: 0, max: PLACES.length - 1 }),
    path: fc.constantFrom(...PATHS),
    method: fc.constantFrom('GET', 'PUT', 'DELETE'),
    status: fc.constantFrom(0, 200, 202, 400, 401, 404, 500),
    echoes: fc.array(fc.tuple(fc.integer({ min: 0, max: HAR_KEYS.length - 1 }), fc.nat()), { maxLength: 4 }),
    text: hostileText,
  })
  .map(({ place, path, method, status, echoes, text }) => {
    const key = HAR_KEYS[place]!;
    const where: Place = PLACES[place]!;
    const headers = [
      { name: 'x-api-key', value: where === 'x-api-key' ? key : 'none' },
      ...(where === 'basic' ? [{ name: 'Authorization', value: `Basic ${Buffer.from(`u:${key}`).toString('base64')}` }] : []),
      ...(where === 'token' ? [{ name: 'Authorization', value: `Token ${key}` }] : []),
      ...(where === 'cookie' ? [{ name: 'Cookie', value: `a=b; session=${key}` }] : []),
    ].filter((h) => h.value !== 'none');
    const echoed = echoes.map(([k, how]) => encode(HAR_KEYS[k]!, how)).join(` ${text} `);
    const har = {
      startedDateTime: '2026-11-26T12:00:00.000Z',
      time: 1,
      request: {
        method,
        url: `http://h.test${path}${where === 'query' ? `?apiKey=${encodeURIComponent(key)}` : ''}`,
        headers,
        ...(where === 'body' ? { postData: { mimeType: 'application/json', text: JSON.stringify({ token: key }) } } : {}),
      },
      response: {
        status,
        headers: [
          { name: 'content-type', value: 'application/json' },
          { name: 'x-echo', value: echoed },
        ],
        content: { size: 1, mimeType: 'application/json', text: JSON.stringify({ organisation: { id: 'org-1', name: echoed }, errors: [{ title: echoed }] }) },
        ...(status === 0 ? { _error: echoed } : {}),
      },
    };
    return { har, key, carrier: JSON.stringify(har.request) };
  });

/** A damage done to a file's text at a place fast-check picks. */
const damage = fc.oneof(
  { weight: 6, arbitrary: fc.constant((text: string) => text) },
  { weight: 1, arbitrary: fc.nat().map((at) => (text: string) => text.slice(0, at % (text.length + 1))) },
  { weight: 1, arbitrary: fc.nat().map((at) => (text: string) => `${text.slice(0, at % text.length)}${'['.repeat(5000)}${text.slice(at % text.length)}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), hostileText).map(
      ([at, t]) =>
        (text: string) =>
          `${text.slice(0, at % text.length)}${t}${text.slice(at % text.length)}`,
    ),
  },
);

/**
 * A HAR document's text, and the keys its requests carry (an answer may echo others, which no client sent): a key
 * counts only where the damage left its request whole, since a damage inside it (a header's name broken, say
 * `[[[…Cookie`) leaves the key in no place a client puts one.
 */
export const hostileHar: fc.Arbitrary<{ text: string; keys: string[] }> = fc
  .tuple(fc.array(entry, { minLength: 1, maxLength: 8 }), damage)
  .map(([entries, hurt]) => {
    const text = hurt(JSON.stringify({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: entries.map((e) => e.har) } }));
    return { text, keys: [...new Set(entries.filter((e) => text.includes(e.carrier)).map((e) => e.key))] };
  });

/** A request a hostile client sends through the proxy: a key in one place, hostile text in its path and body. */
export interface ProxiedRequest {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  key: string;
}

export const proxiedRequest: fc.Arbitrary<ProxiedRequest> = fc
  .record({
    place: fc.integer({ min: 0, max: PLACES.length - 1 }),
    path: fc.constantFrom(...PATHS, '/v1/%2e%2e/secret', '/v1\\..\\secret'),
    method: fc.constantFrom('GET', 'PUT', 'DELETE' as const),
    text: hostileText,
  })
  .map(({ place, path, method, text }) => {
    const key = HAR_KEYS[place]!;
    const where = PLACES[place]!;
    const headers: Record<string, string> = {
      ...(where === 'x-api-key' ? { 'x-api-key': key } : {}),
      ...(where === 'basic' ? { authorization: `Basic ${Buffer.from(`u:${key}`).toString('base64')}` } : {}),
      ...(where === 'token' ? { authorization: `Token ${key}` } : {}),
      ...(where === 'cookie' ? { cookie: `a=b; session=${key}` } : {}),
      ...(where === 'body' ? { 'content-type': 'application/json' } : {}),
    };
    const query = `?note=${encodeURIComponent(text)}${where === 'query' ? `&apiKey=${encodeURIComponent(key)}` : ''}`;
    const body = where === 'body' ? JSON.stringify({ token: key, note: text }) : method === 'PUT' ? JSON.stringify({ note: text }) : undefined;
    return { method, path: `${path}${query}`, headers, ...(body === undefined ? {} : { body }), key };
  });
