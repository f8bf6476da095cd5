// The keys recorded traffic carries, learned from every exchange (check-har, proxy) so that each is redacted in
// every exchange and every output, wherever it shows: a key sent in one exchange's X-API-Key may be echoed in
// another's answer. Learned from where clients put keys: Authorization (any scheme; Basic's password too), the
// headers named for one (X-API-Key, X-Auth-Token), cookies, and query parameters and body fields named for one
// (apiKey, api_key, key, token, …). A value too short to tell from ordinary text is not taken for a key.
import { bytesOf, headersOf, type RecordedRequest, type RecordedResponse } from '../judge/exchange.ts';
import { Redactor } from '../http/redactor.ts';
import { nestsDeeper } from '../../contract/untrusted.ts';

export interface KeyLimits {
  /** distinct keys learned, at most: each costs every text redacted a few passes */
  keys: number;
  /** characters of a key, at most; a longer value is no key a client types or a server checks */
  keyChars: number;
  /** nodes of a JSON body walked for fields named for a key, at most */
  bodyNodes: number;
}

export const KEY_LIMITS: KeyLimits = { keys: 32, keyChars: 4096, bodyNodes: 10_000 };

/** Characters of a key at least: shorter values (`true`, an id) would be redacted wherever they stand. */
const KEY_MIN_CHARS = 8;

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
function authorizationSecrets(value: string): string[] {
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
function jsonSecrets(value: unknown, nodes: number): string[] {
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

/** Key values of a body: JSON fields or form fields named for a key. */
function bodySecrets(body: RecordedRequest['body'], limits: KeyLimits): string[] {
  const bytes = bytesOf(body);
  if (bytes === undefined || bytes.length === 0) return [];
  const text = bytes.toString('utf8');
  if (/^\s*[[{]/.test(text) && !nestsDeeper(text)) {
    try {
      return jsonSecrets(JSON.parse(text), limits.bodyNodes);
    } catch {
      return [];
    }
  }
  return /^[^\s=&]+=/.test(text) ? [...new URLSearchParams(text)].filter(([name]) => namesKey(name)).map(([, v]) => v) : [];
}

/** Key values of query parameters named for a key. */
function querySecrets(url: string): string[] {
  try {
    return [...new URL(url, 'http://recorded.invalid').searchParams].filter(([name]) => namesKey(name)).map(([, v]) => v);
  } catch {
    return [];
  }
}

/** Key values of headers: Authorization (any scheme), cookies, and headers named for a key. */
function headerSecrets(headers: RecordedRequest['headers']): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(headersOf(headers))) {
    if (name === 'authorization' || name === 'proxy-authorization') out.push(...authorizationSecrets(value));
    else if (name === 'cookie' || name === 'set-cookie') out.push(...cookieValues(value, name === 'set-cookie'));
    else if (namesKey(name)) out.push(value.trim());
  }
  return out;
}

/** The keys seen in recorded traffic, and the redactor that knows them all. */
export class KeyRing {
  private readonly keys: string[] = [];
  /** distinct keys seen past the limit: not learned, and said so */
  passed = 0;
  private redactor: Redactor | undefined;

  constructor(private readonly limits: KeyLimits = KEY_LIMITS) {}

  /** Learns the keys of an exchange's request and answer. */
  learn(request: RecordedRequest, response?: RecordedResponse): void {
    const found = [
      ...headerSecrets(request.headers),
      ...querySecrets(request.url),
      ...(request.bodyRecorded === false ? [] : bodySecrets(request.body, this.limits)),
      ...(response ? [...headerSecrets(response.headers), ...(response.bodyRecorded === false ? [] : bodySecrets(response.body, this.limits))] : []),
    ];
    for (const key of found) this.add(key);
  }

  private add(key: string): void {
    if (key.length < KEY_MIN_CHARS || key.length > this.limits.keyChars || this.keys.includes(key)) return;
    // a form or a near miss of a key learned already (a key with characters added, in the other case, cut: what
    // the authentication checks send) is redacted as that key: learning it too would cost every redaction a key
    if (this.keys.length > 0 && this.redact(key) !== key) return;
    if (this.keys.length >= this.limits.keys) {
      this.passed++;
      return;
    }
    this.keys.push(key);
    this.redactor = undefined;
  }

  /** The keys learned, each under its placeholder ($MOCKAPI_RECORDED_KEY_1, …), but the one given (the exchange's own). */
  placeholders(except?: string): Record<string, string> {
    return Object.fromEntries(this.keys.flatMap((key, i) => (key === except ? [] : [[`$MOCKAPI_RECORDED_KEY_${i + 1}`, key]])));
  }

  /** The keys a request's answer is redacted with besides its own Authorization's, which is $MOCKAPI_TOKEN. */
  othersOf(request: RecordedRequest): Record<string, string> {
    const authorization = headersOf(request.headers).authorization;
    return this.placeholders(authorization === undefined ? undefined : authorizationSecrets(authorization)[0]);
  }

  /** Text with every key learned redacted, in every form the redactor knows. */
  redact(text: string): string {
    this.redactor ??= new Redactor(this.placeholders());
    return this.redactor.redact(text);
  }

  get size(): number {
    return this.keys.length;
  }
}

/** A value with every string in it redacted with every key learned (what was kept before a key was first seen). */
export function redactedAgain<T>(value: T, keys: KeyRing): T {
  if (keys.size === 0) return value;
  return JSON.parse(JSON.stringify(value), (_, v: unknown) => (typeof v === 'string' ? keys.redact(v) : v)) as T;
}
