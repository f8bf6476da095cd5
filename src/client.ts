// The one HTTP client of the suites: undici with keep-alive, `Authorization: Token <key>`, a per-request
// timeout, a cap on how much of a body is read, and evidence for failure messages. Keys never leave this
// module in clear: everything it hands out (evidence, curl lines, error text) goes through the redactor,
// which also catches a key that the target echoes back in a header or body.
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { Redactor } from './redactor.ts';
import { packageVersion } from '../contract/package-root.ts';

export { Redactor };

export type Credentials =
  | 'token'
  | 'forbidden'
  | 'none'
  /** a raw Authorization header value, e.g. `Bearer <key>`; its key, if any, is redacted like the others */
  | { authorization: string };

export interface RequestSpec {
  method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** path relative to the base URL, starting with /v1 */
  path: string;
  credentials?: Credentials;
  /** serialised as JSON with Content-Type application/json */
  json?: unknown;
  /** sent as is (for bodies that are not JSON) */
  raw?: string | Uint8Array;
  contentType?: string;
  /** further request headers, e.g. Prefer: code=404 for a spec-driven mock */
  headers?: Record<string, string>;
}

export interface Exchange {
  method: string;
  url: string;
  /** request headers as sent, keys redacted */
  requestHeaders: Record<string, string>;
  requestBody: Buffer | undefined;
  /** 0 when no HTTP response came back; `error` says why */
  status: number;
  error?: string;
  headers: Record<string, string>;
  /** media type essence, lower case, without parameters; undefined without a Content-Type */
  mediaType: string | undefined;
  bytes: Buffer;
  /** true when the body was longer than the cap and only its start was read */
  truncated: boolean;
  text: string;
  /** the parsed JSON body; undefined when the body is not JSON (see jsonError) */
  json: unknown;
  jsonError?: string;
  durationMs: number;
  /** 429 answers waited out before this one (Retry-After seconds each), shown in the evidence */
  rateLimited?: number[];
  /** time it waited for a place among the requests in flight (--concurrency): a check's bound is moved on by it */
  queuedMs?: number;
}

export interface SendOptions {
  /** a check that is stopped sends no retry after a 429 */
  stopped?: () => boolean;
}

/**
 * The check whose body is running (src/check.ts runs each in it): its id goes into the User-Agent of what it
 * sends, shared exchanges included, for a deployment's logs and for our test that checks of one fixture never
 * overlap (test/lanes.test.ts).
 */
export const sendingCheck = new AsyncLocalStorage<string>();

/** Who sends, for a deployment's logs: the tool and its version. */
const USER_AGENT = `mockapi-conformance/${packageVersion()}`;

export interface ClientOptions {
  baseUrl: string;
  token: string | undefined;
  forbiddenToken: string | undefined;
  timeoutMs: number;
  /** bytes of a response body read at most */
  maxBodyBytes?: number;
  /** requests in flight at most through this client (one connection each); more wait their turn */
  connections?: number;
}

/** 429 answers are waited out this many times per request, each wait at most MAX_RETRY_AFTER_S seconds. */
const RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_AFTER_S = 30;
/** After this many requests in a row without an HTTP answer, the client stops sending and says why. */
const BREAKER_THRESHOLD = 5;

/** How long an answer asks the client to wait: a 429 always (1 s without Retry-After), a 503 only with Retry-After. */
function askedToWait(exchange: Exchange): number | undefined {
  if (exchange.status === 429) return retryAfterSeconds(exchange.headers['retry-after']);
  if (exchange.status === 503 && exchange.headers['retry-after'] !== undefined) return retryAfterSeconds(exchange.headers['retry-after']);
  return undefined;
}

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP-date), within 0..MAX_RETRY_AFTER_S. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number {
  if (value === undefined) return 1;
  const seconds = /^\s*\d+\s*$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds)) : 1;
}

/** What a transport error means, in words, with undici's code kept for the curious. */
function transportReason(e: Error & { code?: string }, timeoutMs: number): string {
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
    return `no complete response within ${timeoutMs} ms`;
  }
  if (e.code === 'UND_ERR_SOCKET') return `the connection closed before the response was complete (${e.message})`;
  if (e.code === 'ECONNRESET') return 'the connection was reset (ECONNRESET)';
  if (e.code === 'HPE_INVALID_CONSTANT' || /HTTP\/1\.1 protocol|HPE_/.test(`${e.code} ${e.message}`)) return `the answer is not valid HTTP (${e.message})`;
  return `${e.code ? `${e.code}: ` : ''}${e.message}`;
}

const EVIDENCE_BODY_BYTES = 4096;

/**
 * Reads a body up to `cap` bytes; past it, keeps the start and drops the connection. Data events rather than
 * async iteration: a third of the cost per answer, by profile.
 */
function readCapped(body: Readable, cap: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    body.on('data', (chunk: Buffer) => {
      if (cut) return;
      if (size + chunk.length > cap) {
        cut = true;
        chunks.push(chunk.subarray(0, cap - size));
        size = cap;
        body.destroy();
        resolve({ bytes: Buffer.concat(chunks, size), truncated: true });
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    body.on('end', () => resolve({ bytes: Buffer.concat(chunks, size), truncated: false }));
    body.on('error', reject);
  });
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export class Client {
  readonly baseUrl: string;
  readonly redactor: Redactor;
  private readonly agent: Agent;
  private readonly options: ClientOptions;
  /** requests sent by this client, for the report */
  requestCount = 0;
  /** time spent waiting out 429 answers (Retry-After): a check's time bound is extended by it */
  waitedMs = 0;
  /**
   * The whole client is held until then (ms since the epoch): a 429, or a 503 with Retry-After, asks the
   * client to wait, not just the request that got it, so every request queued or sent later waits too.
   */
  private heldUntil = 0;
  /** time the client was held back in all, counting overlapping holds once (the report says it) */
  heldMs = 0;
  /** requests in flight, and those waiting for one of the `connections` places */
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** requests in a row that got no HTTP answer (see BREAKER_THRESHOLD) */
  private unanswered = 0;

  constructor(options: ClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.redactor = new Redactor({ $MOCKAPI_TOKEN: options.token, $MOCKAPI_FORBIDDEN_TOKEN: options.forbiddenToken });
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: options.connections ?? 8,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connectTimeout: options.timeoutMs,
    });
  }

  authorization(credentials: Credentials): string | undefined {
    if (credentials === 'none') return undefined;
    if (credentials === 'token') return `Token ${this.options.token ?? ''}`;
    if (credentials === 'forbidden') return `Token ${this.options.forbiddenToken ?? ''}`;
    return credentials.authorization;
  }

  /**
   * Sends a request; a 429 is waited out (Retry-After) up to RATE_LIMIT_RETRIES times. After
   * BREAKER_THRESHOLD requests in a row without an answer the deployment is taken as gone: later requests are
   * not sent, and say so, so that a hung deployment costs a few timeouts rather than one per request.
   */
  async send(spec: RequestSpec, options: SendOptions = {}): Promise<Exchange> {
    const rateLimited: number[] = [];
    let queuedMs = 0;
    for (;;) {
      queuedMs += await this.turn();
      let exchange: Exchange;
      try {
        exchange = await this.sendOnce(spec);
      } finally {
        this.release();
      }
      if (queuedMs > 0) exchange.queuedMs = queuedMs;
      const asked = askedToWait(exchange);
      if (asked !== undefined) this.hold(asked);
      // a check that was stopped at its time bound waits out no 429: it is to end, not to send again
      if (exchange.status !== 429 || rateLimited.length >= RATE_LIMIT_RETRIES || options.stopped?.()) {
        return rateLimited.length > 0 ? { ...exchange, rateLimited } : exchange;
      }
      rateLimited.push(asked!);
      this.waitedMs += asked! * 1000;
      if (options.stopped?.()) return { ...exchange, rateLimited };
    }
  }

  /** Holds every request of the client for `seconds` from now (a longer hold already asked for stands). */
  private hold(seconds: number): void {
    const until = Date.now() + seconds * 1000;
    if (until <= this.heldUntil) return;
    this.heldMs += until - Math.max(this.heldUntil, Date.now());
    this.heldUntil = until;
  }

  /** Waits for a place among the requests in flight, then for the client's hold to end; returns how long the place took. */
  private async turn(): Promise<number> {
    const limit = this.options.connections ?? 8;
    const asked = Date.now();
    if (this.inFlight >= limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    const queued = Date.now() - asked;
    // a hold asked for while this request waited is waited out too
    for (let wait = this.heldUntil - Date.now(); wait > 0; wait = this.heldUntil - Date.now()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return queued;
  }

  private release(): void {
    const next = this.waiting.shift();
    // the place passes straight to the next in line
    if (next) next();
    else this.inFlight--;
  }

  private async sendOnce(spec: RequestSpec): Promise<Exchange> {
    const url = this.baseUrl + spec.path;
    const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.1' };
    for (const [name, value] of Object.entries(spec.headers ?? {})) headers[name.toLowerCase()] = value;
    const authorization = this.authorization(spec.credentials ?? 'token');
    if (authorization !== undefined) headers.authorization = authorization;
    let body: Buffer | undefined;
    if (spec.json !== undefined) {
      body = Buffer.from(JSON.stringify(spec.json));
      headers['content-type'] = 'application/json';
    } else if (spec.raw !== undefined) {
      body = Buffer.from(spec.raw);
      headers['content-type'] = spec.contentType ?? 'application/json';
    }
    const redactedHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, this.redactor.redact(v)]));
    const base = { method: spec.method, url, requestHeaders: redactedHeaders, requestBody: body };
    // after the headers recorded: a curl line repeats the request without it
    if (!('user-agent' in headers)) {
      const sentBy = sendingCheck.getStore();
      headers['user-agent'] = `${USER_AGENT}${sentBy ? ` (check ${sentBy})` : ''}`;
    }
    const started = performance.now();
    if (this.unanswered >= BREAKER_THRESHOLD) {
      return this.noResponse(base, started, `not sent: the deployment stopped answering (no HTTP answer to the last ${BREAKER_THRESHOLD} requests)`);
    }
    this.requestCount++;
    // The deadline of the whole exchange. undici takes an EventEmitter as its abort signal: one emitter and
    // one timer cost a tenth of what AbortSignal.timeout costs per request (measured: 2 µs against 19 µs,
    // plus the collection of its finaliser), which a run of thousands of requests notices.
    const deadline = new EventEmitter();
    const timer = setTimeout(() => deadline.emit('abort'), this.options.timeoutMs);
    try {
      const response = await request(url, {
        method: spec.method,
        headers,
        body,
        dispatcher: this.agent,
        signal: deadline,
      });
      const cap = this.options.maxBodyBytes ?? 8 * 1024 * 1024;
      const { bytes, truncated } = await readCapped(response.body, cap);
      this.unanswered = 0;
      return answerOf(base, response.statusCode, response.headers, bytes, truncated ? cap : undefined, performance.now() - started);
    } catch (error) {
      this.unanswered++;
      return this.noResponse(base, started, transportReason(error as Error & { code?: string }, this.options.timeoutMs));
    } finally {
      clearTimeout(timer);
    }
  }

  private noResponse(base: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>, started: number, reason: string): Exchange {
    return {
      ...base,
      status: 0,
      error: this.redactor.redact(reason),
      headers: {},
      mediaType: undefined,
      bytes: Buffer.alloc(0),
      truncated: false,
      text: '',
      json: undefined,
      jsonError: 'no response',
      durationMs: performance.now() - started,
    };
  }

  /** A curl command line that repeats the request, with `$MOCKAPI_TOKEN` in place of the key. */
  curl(exchange: Exchange): string {
    return curlOf(exchange, this.redactor);
  }

  /** Request and response as plain data, bodies cut to a few KiB, keys redacted. */
  evidence(exchange: Exchange): Evidence {
    return evidenceOf(exchange, this.redactor);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/**
 * An exchange from an HTTP answer: headers by lower-case name (repeated ones joined), the media type's
 * essence, the text and, where it is JSON, the parsed body. `cappedAt` is set when only the first that many
 * bytes were read. Shared by the client and by recorded exchanges (src/exchange.ts).
 */
export function answerOf(
  base: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  bytes: Buffer,
  cappedAt: number | undefined,
  durationMs: number,
): Exchange {
  const responseHeaders: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) responseHeaders[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  const contentType = responseHeaders['content-type'];
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase() || undefined;
  const text = bytes.toString('utf8');
  let json: unknown;
  let jsonError: string | undefined;
  if (bytes.length === 0) jsonError = 'the body is empty';
  else if (cappedAt !== undefined) jsonError = `the body is longer than ${cappedAt} bytes; only its start was read`;
  else {
    try {
      json = JSON.parse(text);
    } catch (error) {
      jsonError = `the body is not JSON (${(error as Error).message})`;
    }
  }
  // spelt out rather than spread: a spread of mixed shapes was the dearest line here in a micro-benchmark
  const exchange: Exchange = {
    method: base.method,
    url: base.url,
    requestHeaders: base.requestHeaders,
    requestBody: base.requestBody,
    status,
    headers: responseHeaders,
    mediaType,
    bytes,
    truncated: cappedAt !== undefined,
    text,
    json,
    durationMs,
  };
  if (jsonError) exchange.jsonError = jsonError;
  return exchange;
}

/** A curl command line that repeats the request, with `$MOCKAPI_TOKEN` in place of the key. */
export function curlOf(exchange: Exchange, redactor: Redactor): string {
  // a URL may carry the key too (a check sends it in a query on purpose): double quotes where it must expand
  const url = redactor.redact(exchange.url);
  const parts = ['curl', '-sS', '-i', '-X', exchange.method, url.includes('$MOCKAPI_') || url.includes('${MOCKAPI_') ? `"${url.replace(/(["\\`])/g, '\\$1')}"` : shellQuote(exchange.url)];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (name === 'accept') continue;
    const header = `${name === 'authorization' ? 'Authorization' : name === 'content-type' ? 'Content-Type' : name}: ${value}`;
    // double quotes where a placeholder must expand, single quotes everywhere else
    parts.push('-H', value.includes('$MOCKAPI_') ? `"${header.replace(/(["\\`])/g, '\\$1')}"` : shellQuote(header));
  }
  const body = exchange.requestBody;
  if (body !== undefined) {
    const text = body.toString('utf8');
    if (!Buffer.from(text, 'utf8').equals(body)) {
      return `printf '%s' ${shellQuote(body.toString('base64'))} | base64 -d | ${parts.join(' ')} --data-binary @-`;
    }
    if (body.length > EVIDENCE_BODY_BYTES) {
      return `head -c ${body.length} /dev/zero | tr '\\0' 'x' | ${parts.join(' ')} --data-binary @-  # stands in for a ${body.length}-byte body`;
    }
    parts.push('--data-binary', shellQuote(redactor.redact(text)));
  }
  return parts.join(' ');
}

/** Request and response as plain data, bodies cut to a few KiB, keys redacted. */
export function evidenceOf(exchange: Exchange, redactor: Redactor): Evidence {
  const cut = (buf: Buffer | undefined) => {
    if (!buf || buf.length === 0) return '';
    const text = buf.subarray(0, EVIDENCE_BODY_BYTES).toString('utf8');
    return redactor.redact(buf.length > EVIDENCE_BODY_BYTES ? `${text}… (${buf.length} bytes in all)` : text);
  };
  return {
    request: { method: exchange.method, url: redactor.redact(exchange.url), headers: exchange.requestHeaders, body: cut(exchange.requestBody) },
    response: exchange.status === 0
      ? { status: 0, error: exchange.error ?? 'no response', headers: {}, body: '' }
      : {
          status: exchange.status,
          headers: Object.fromEntries(Object.entries(exchange.headers).map(([k, v]) => [k, redactor.redact(v)])),
          body: cut(exchange.bytes),
        },
    curl: curlOf(exchange, redactor),
    ...(exchange.rateLimited ? { rateLimited: `answered 429 ${exchange.rateLimited.length} time(s) first; waited ${exchange.rateLimited.join(' s, ')} s (Retry-After)` } : {}),
  };
}

export interface Evidence {
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response: { status: number; error?: string; headers: Record<string, string>; body: string };
  curl: string;
  /** present when 429 answers were waited out before this one */
  rateLimited?: string;
}
