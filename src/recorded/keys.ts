// The keys recorded traffic carries, learned from every exchange (check-har, proxy) so that each is redacted in
// every exchange and every output, wherever it shows: a key sent in one exchange's X-API-Key may be echoed in
// another's answer. Learned from where clients put keys: Authorization (any scheme; Basic's password too), the
// headers named for one (X-API-Key, X-Auth-Token), cookies, and query parameters and body fields named for one
// (apiKey, api_key, key, token, …). A value too short to tell from ordinary text is not taken for a key.
import { bytesOf, headersOf, type RecordedRequest, type RecordedResponse } from '../judge/exchange.ts';
import { authorizationSecrets, headerSecrets, jsonSecrets, KEY_MIN_CHARS, querySecrets, recordedCredentials, textSecrets } from '../http/credentials.ts';
import { holdsPlaceholder, Redactor, type PastedKeys } from '../http/redactor.ts';
import { nestsDeeper } from '../../contract/untrusted.ts';

export { namesKey } from '../http/credentials.ts';

export interface KeyLimits {
  /** distinct keys learned, at most: each costs every text redacted a few passes */
  keys: number;
  /** characters of a key, at most; a longer value is no key a client types or a server checks */
  keyChars: number;
  /** nodes of a JSON body walked for fields named for a key, at most */
  bodyNodes: number;
}

export const KEY_LIMITS: KeyLimits = { keys: 32, keyChars: 4096, bodyNodes: 10_000 };

/** Key values of a recorded body: JSON fields or form fields named for a key. */
const bodySecrets = (body: RecordedRequest['body'], limits: KeyLimits): string[] => textSecrets(bytesOf(body)?.toString('utf8') ?? '', limits.bodyNodes);

/** Key values of a recorded answer: its fields named for a key, and what a logged request recorded of its callers. */
function answerSecrets(body: RecordedResponse['body'], limits: KeyLimits): string[] {
  const text = bytesOf(body)?.toString('utf8') ?? '';
  if (!/^\s*\{/.test(text) || nestsDeeper(text)) return textSecrets(text, limits.bodyNodes);
  try {
    const parsed = JSON.parse(text) as unknown;
    return [...jsonSecrets(parsed, limits.bodyNodes), ...recordedCredentials(parsed)];
  } catch {
    return [];
  }
}

/** The keys seen in recorded traffic, and the redactor that knows them all. */
export class KeyRing {
  private readonly keys: string[] = [];
  /** distinct keys seen past the limit: not learned, and said so */
  passed = 0;
  private redactor: Redactor | undefined;

  /**
   * @param home the base URL the user gave for their key (MOCKAPI_BASE_URL in their own environment): curl lines of
   * exchanges under it expand `$MOCKAPI_TOKEN`; those of any other host (a recording made elsewhere) show keys inert
   */
  constructor(
    private readonly limits: KeyLimits = KEY_LIMITS,
    private readonly home?: string,
  ) {}

  /** How the curl line of an exchange to `url` writes its keys: expanded under the user's base URL alone (pastedKeysFor). */
  pastedFor(url: string): PastedKeys {
    return pastedKeysFor(url, this.home);
  }

  /** Learns the keys of an exchange's request and answer. */
  learn(request: RecordedRequest, response?: RecordedResponse): void {
    const found = [
      ...headerSecrets(headersOf(request.headers)),
      ...querySecrets(request.url),
      ...(request.bodyRecorded === false ? [] : bodySecrets(request.body, this.limits)),
      ...(response
        ? [...headerSecrets(headersOf(response.headers)), ...(response.bodyRecorded === false ? [] : answerSecrets(response.body, this.limits))]
        : []),
    ];
    for (const key of found) this.add(key);
  }

  private add(key: string): void {
    if (key.length < KEY_MIN_CHARS || key.length > this.limits.keyChars || this.keys.includes(key) || holdsPlaceholder(key)) return;
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

/**
 * Keys in a curl line to `url` expand (`$MOCKAPI_TOKEN`) only where `url` is under `home`, the base URL the user gave
 * for their key (same origin, its path or below); anywhere else they are inert (`<MOCKAPI_TOKEN>`): pasted, a
 * line to a host a recording names never sends the user's key there.
 */
function pastedKeysFor(url: string, home: string | undefined): PastedKeys {
  if (home === undefined) return { inert: true };
  try {
    const [at, base] = [new URL(url), new URL(home)];
    const path = base.pathname.replace(/\/+$/, '');
    const under = at.origin === base.origin && (at.pathname === path || at.pathname.startsWith(`${path}/`));
    return under ? {} : { inert: true };
  } catch {
    return { inert: true };
  }
}

/** A value with every string in it redacted with every key learned (what was kept before a key was first seen). */
export function redactedAgain<T>(value: T, keys: KeyRing): T {
  if (keys.size === 0) return value;
  return JSON.parse(JSON.stringify(value), (_, v: unknown) => (typeof v === 'string' ? keys.redact(v) : v)) as T;
}
