// Where clients put a key, and the values found there: Authorization in any scheme (with Basic, the pair and its
// password too), headers named for a key (X-API-Key, X-Auth-Token), cookies, and query parameters and JSON or form
// fields named for one (apiKey, access_token, password, session, …). check-har and the proxy learn the keys of
// recorded traffic by it (src/recorded/keys.ts); a run's client learns the credentials a logged request recorded of
// the mock API's own callers (recordedCredentials), so that its redactor keeps them out of the HAR and every report.
import { nestsDeeper } from '../../contract/untrusted.ts';

/** Characters of a key at least: shorter values (`true`, an id) would be redacted wherever they stand. */
export const KEY_MIN_CHARS = 8;

/** Words of a name that says its value is a key: api-key, X-Auth-Token, access_token, apiKey, sessionId, … */
const KEY_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'auth',
  'authorization',
  'password',
  'passwd',
  'pwd',
  'session',
  'sig',
  'signature',
  'credential',
  'credentials',
  'cookie',
  'cookies',
  'bearer',
  'jwt',
]);

/** Whether a header, parameter or field name names a key: one of its words (split at case and punctuation) does. */
export const namesKey = (name: string): boolean =>
  name
    .slice(0, 100)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => KEY_WORDS.has(word));

/** The secrets of an Authorization value: what follows the scheme, and for Basic the password and the pair. */
export function authorizationSecrets(value: string): string[] {
  const m = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(value);
  if (!m) return [value.trim()];
  const [, scheme, credentials] = m;
  if (scheme!.toLowerCase() !== 'basic') return [credentials!];
  const pair = Buffer.from(credentials!, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? [credentials!] : [credentials!, pair, pair.slice(colon + 1)];
}

/** The values of a Cookie or Set-Cookie header (name=value pairs; a Set-Cookie's attributes are no key). */
const cookieValues = (value: string, set: boolean): string[] =>
  value
    .split(set ? /,(?=\s*[^;=\s]+=)/ : /;/)
    .map((pair) => (set ? pair.split(';')[0]! : pair))
    .map((pair) => pair.slice(pair.indexOf('=') + 1).trim());

/** Key values of a JSON value's fields named for a key, walked with a stack up to the node limit. */
export function jsonSecrets(value: unknown, nodes: number): string[] {
  const out: string[] = [];
  const stack: { v: unknown; keyed: boolean }[] = [{ v: value, keyed: false }];
  for (let n = 0; stack.length > 0 && n < nodes; n++) {
    const { v, keyed } = stack.pop()!;
    if (typeof v === 'string') {
      if (keyed) out.push(v);
    } else if (Array.isArray(v)) for (const item of v) stack.push({ v: item, keyed });
    else if (v !== null && typeof v === 'object') for (const [name, item] of Object.entries(v)) stack.push({ v: item, keyed: keyed || namesKey(name) });
  }
  return out;
}

/** Key values of a body's text: JSON fields or form fields named for a key, `nodes` of its JSON walked at most. */
export function textSecrets(text: string, nodes: number): string[] {
  if (text.length === 0) return [];
  if (/^\s*[[{]/.test(text) && !nestsDeeper(text)) {
    try {
      return jsonSecrets(JSON.parse(text), nodes);
    } catch {
      return [];
    }
  }
  return /^[^\s=&]+=/.test(text) ? [...new URLSearchParams(text)].filter(([name]) => namesKey(name)).map(([, v]) => v) : [];
}

/** Key values of query parameters named for a key. */
export function querySecrets(url: string): string[] {
  try {
    return [...new URL(url, 'http://recorded.invalid').searchParams].filter(([name]) => namesKey(name)).map(([, v]) => v);
  } catch {
    return [];
  }
}

/** Key values of headers (names in lower case): Authorization (any scheme), cookies, and headers named for a key. */
export function headerSecrets(headers: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'authorization' || name === 'proxy-authorization') out.push(...authorizationSecrets(value));
    else if (name === 'cookie' || name === 'set-cookie') out.push(...cookieValues(value, name === 'set-cookie'));
    else if (namesKey(name)) out.push(value.trim());
  }
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What of a logged request is looked at, at most: headers and cookies, JSON nodes of its body, bytes of its Base64. */
const LOGGED = { fields: 200, nodes: 10_000, base64Chars: 12 * 1024 * 1024 } as const;

/**
 * The credentials a logged request (an answer of the interface: its `request` as the mock API received it) recorded
 * of whoever called the mock API: its Authorization, cookies, headers, query parameters and body fields named for a
 * key. They are a third party's, and go in no output of a run (src/http/client.ts learns them for its redactor).
 */
export function recordedCredentials(answer: unknown): string[] {
  if (!isObject(answer) || !isObject(answer.request)) return [];
  const request = answer.request;
  const entries = (value: unknown) => (isObject(value) ? Object.entries(value).slice(0, LOGGED.fields) : []);
  const text = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : String(value));
  const headers = Object.fromEntries(entries(request.headers).map(([name, value]) => [name.toLowerCase(), text(value)]));
  const cookies = entries(request.cookies).flatMap(([, value]) => (typeof value === 'string' ? [value] : []));
  const urls = [request.url, request.absoluteUrl].filter((url): url is string => typeof url === 'string');
  const body =
    typeof request.body === 'string'
      ? request.body
      : typeof request.bodyAsBase64 === 'string'
        ? Buffer.from(request.bodyAsBase64.slice(0, LOGGED.base64Chars), 'base64').toString('utf8')
        : '';
  return [...headerSecrets(headers), ...cookies, ...urls.flatMap(querySecrets), ...textSecrets(body, LOGGED.nodes)];
}
