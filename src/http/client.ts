// The one HTTP client of the suites: undici with keep-alive, `Authorization: Token <key>`, a per-request
// timeout, a cap on how much of a body is read, and evidence for failure messages. Keys never leave this
// module in clear: everything it hands out (evidence, curl lines, error text) goes through the redactor,
// which also catches a key that the target echoes back in a header or body.
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { request, type Dispatcher } from 'undici';
import {
  ACCEPT_ENCODING,
  decoded,
  dispatcherFor,
  httpVersionOf,
  networkReason,
  notProcessed,
  proxiesOf,
  proxySecrets,
  withoutInternals,
  type Network,
} from './network.ts';
import { pastedPiece, Redactor, textOf, type Redacted } from './redactor.ts';
import { recordedCredentials } from './credentials.ts';
import { bounded, boundedThrough, hasActing, inertLine, TOO_DEEP } from '../../contract/untrusted.ts';
import { JSON_BUDGET, overBudget, type JsonBudget } from './json-budget.ts';
import { InFlightWindow } from './window.ts';
import { readCapped, TRUNCATED_KEPT_BYTES } from './capped-read.ts';
import { TRANSIENT_RETRIES, transientReason, transientWait, waitsSaid, type TransientWait } from './transient.ts';
import type { Evidence, WindowRange } from '../../contract/report.ts';
import { packageVersion } from '../../contract/package-root.ts';
import type { RunGate } from './run-gate.ts';
import { KeyWatch } from './key-watch.ts';
import { changes, renameRefused, WriteWatch, WRITES_REFUSED } from './write-watch.ts';
import { gated, NotSentError } from './gated.ts';

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
  /** the same in pieces, where the redactor's placeholders are told from text that reads like one (curlOf) */
  requestPieces?: Record<string, Redacted[]>;
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
  /** the body's length in bytes where `bytes` holds only the start evidence shows (keptOf) */
  bodyBytes?: number;
  text: string;
  /** the parsed JSON body; undefined when the body is not JSON (see jsonError) */
  json: unknown;
  jsonError?: string;
  durationMs: number;
  /** this machine's clock (ms since the epoch) when the answer had come; unset for a recorded one */
  receivedAt?: number;
  /** transient answers (429, 503) waited out before this one, each wait with its length, shown in the evidence */
  waitedOut?: TransientWait[];
  /** why this answer judges nothing: it is still transient (429, 503) where the client stopped sending it (transientReason) */
  transient?: string;
  /** past a parse budget that a real answer may reach (src/http/json-budget.ts): why nothing is judged of it */
  unparsed?: string;
  /** time it waited for a place among the requests in flight (--concurrency): a check's bound is moved on by it */
  queuedMs?: number;
  /** the content codings of the answer (Content-Encoding), undone before anything judged the body */
  codings?: string[];
  /** a content coding of the answer this client cannot decode: the body is as it came */
  undecodable?: string;
  /** why nothing is judged of this request, by no fault of the deployment: the key may not write (src/http/write-watch.ts) */
  withheld?: string;
  /** why the request was sent again: the deployment never processed it (the idle-close race, a GOAWAY: src/http/network.ts notProcessed) */
  retried?: string;
}

export interface SendOptions {
  /** a check that is stopped waits out no transient answer (429, 503) and sends nothing again */
  stopped?: () => boolean;
  /**
   * It puts back what the run changed (the organisation's name, quiet chaos settings, a delete that leaves a deleted
   * fixture gone): the one kind of request that still goes out once the run has stopped (ClientOptions.gate).
   */
  putBack?: boolean;
  /**
   * a request of a check on a fixture, whose checks take turns (src/harness/lanes.ts), and the weight of that chain
   * (Lanes.weight): it takes the next free place before requests of checks on no fixture, which can go out at any
   * time, and before those of lighter chains, which have time to spare; no number in flight shortens a chain.
   * undefined: of no chain.
   */
  chained?: number | undefined;
}

/**
 * The check whose body is running (runCheck runs each body in it): its id goes into the User-Agent of what it
 * sends, shared exchanges included, for a deployment's logs and for our test that checks of one fixture never
 * overlap (test/e2e/concurrency.test.ts).
 */
export const sendingCheck = new AsyncLocalStorage<string>();

/**
 * Requests sent inside it are of a chain of this weight (SendOptions.chained) whoever sends them: the one request
 * several checks of a fixture share (src/harness/check.ts shared), which goes out through the client, not a check's context.
 */
export const sendingChained = new AsyncLocalStorage<number>();

/** What sending one request again did: why (for the evidence), and the connection of its own it made, if any. */
interface Resending {
  retried?: string;
  fresh?: Dispatcher;
}

/** Who sends, for a deployment's logs: the tool and its version. */
const USER_AGENT = `mockapi-conformance/${packageVersion()}`;

export interface ClientOptions {
  baseUrl: string;
  token: string | undefined;
  forbiddenToken: string | undefined;
  /** the variable each key is in where it is not the placeholder's own: curl lines expand that one (PastedKeys) */
  keyVariables?: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** bytes of a response body read at most */
  maxBodyBytes?: number;
  /** requests in flight at most through this client (one connection each); more wait their turn */
  connections?: number;
  /** the requests in flight adapt to the answers (InFlightWindow), from `connections` up to this ceiling */
  adaptiveCeiling?: number;
  /** proxy and CA (Target.network); undefined: a plain connection */
  network?: Network;
  /** told of every request sent as its exchange ends, with the client's redactor (--report-har: harRecorder) */
  onExchange?: (exchange: Exchange, sending: Sending, redactor: Redactor) => void;
  /**
   * The run's stop: once it is set, no request but a put-back goes out, what is under way is dropped, and an answer
   * that comes after it is not judged. undefined: a client of no run (the library, the recorded traffic).
   */
  gate?: RunGate;
  /**
   * A 401 to a request with the key, confirmed by this read with the key (accepted before the run) answered 401 too,
   * means the key stopped being accepted: the gate is set (key-refused) and nothing more is judged.
   */
  keyConfirmedBy?: string;
  /**
   * A 403 to a write with the key, confirmed once by renaming the organisation at this path to its own name (answered
   * 403 too), means the key may read but not write: writes with it are sent no more, none is judged (Exchange.withheld),
   * and the gate says so (RunGate.refuseWrites). src/http/write-watch.ts.
   */
  writesConfirmedBy?: string;
}

/** What a recording of an exchange needs besides the exchange: when it went, what came when, who sent it. */
export interface Sending {
  /** ms since the epoch when the request was sent */
  startedAt: number;
  /** ms from then to the answer's headers; undefined without an answer */
  headersMs?: number;
  /** the reason phrase of the status line, as it came (HTTP/2 has none) */
  statusText?: string;
  /** the HTTP version the answer came in (src/http/network.ts httpVersionOf) */
  httpVersion?: 'HTTP/2' | 'HTTP/1.1';
  /** the User-Agent the client added (left out of requestHeaders, which a curl line repeats) */
  userAgent?: string;
  /** the check whose body sent it (sendingCheck) */
  sentBy?: string;
}

/** A put-back's place among the waiting requests: before every chain's (the confirming read of a refused key is one). */
const CONFIRMING_WEIGHT = Number.MAX_SAFE_INTEGER;
/**
 * A request the deployment provably never processed is sent again this many times at most: once is the idle-close
 * race or one graceful close; a deployment that closes every connection before processing anything is not chased.
 */
const RESENDS = 2;
/** After this many requests in a row without an HTTP answer, the client stops sending and says why. */
const BREAKER_THRESHOLD = 5;

/** What a transport error means, in words, with undici's code kept for the curious. */
function transportReason(e: Error & { code?: string }, timeoutMs: number, network: Network | undefined, url?: string): string {
  const words = networkReason(e, proxiesOf(network, process.env, url));
  if (words !== undefined) return words;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
    return `no complete response within ${timeoutMs} ms`;
  }
  if (e.code === 'UND_ERR_SOCKET') return `the connection closed before the response was complete (${e.message})`;
  if (e.code === 'ECONNRESET') return 'the connection was reset (ECONNRESET)';
  if (e.code === 'ERR_HTTP2_STREAM_ERROR')
    return `the deployment ended the HTTP/2 stream before its answer (${e.message.replace(/^Stream closed with error code /, '')})`;
  if (e.code === 'HPE_INVALID_CONSTANT' || /HTTP\/1\.1 protocol|HPE_/.test(`${e.code} ${e.message}`)) return `the answer is not valid HTTP (${e.message})`;
  // a library's message: never its source paths (docs/networks.md promises no OpenSSL internals)
  return `${e.code ? `${e.code}: ` : ''}${withoutInternals(e.message)}`;
}

const EVIDENCE_BODY_BYTES = 4096;
/** What an exchange says when the run stopped before its request was sent, or before its answer was judged. */
const RUN_STOPPED_BEFORE = 'not sent: the run was stopped (--run-timeout-ms, interrupted, or the key stopped being accepted)';
const RUN_STOPPED_DURING = 'the run was stopped (--run-timeout-ms, interrupted, or the key stopped being accepted) before the answer was judged';
/** What the exchange whose 401 showed the key no longer accepted says: the deployment is not judged on it. */
const KEY_STOPPED = 'the key stopped being accepted during the run: this request, like ones accepted before it, was answered 401';

/** An exchange the run's stop cut short: the deployment is not to blame for its missing answer. */
export const cutByRunStop = (exchange: Pick<Exchange, 'error'>): boolean =>
  exchange.error === RUN_STOPPED_BEFORE || exchange.error === RUN_STOPPED_DURING || exchange.error === KEY_STOPPED;

/** Headers of a request or an answer shown at most in evidence (an answer may send thousands). */
const EVIDENCE_HEADERS = 100;

export class Client {
  readonly baseUrl: string;
  /** the base URL's scheme, host and port: what the HTTP version of its connections is known by */
  private readonly origin: string;
  readonly redactor: Redactor;
  private readonly agent: Dispatcher;
  /** the same connections, each request kept from the wire once the run has stopped (all but put-backs) */
  private readonly gatedAgent: Dispatcher;
  private readonly options: ClientOptions;
  /** requests sent by this client, for the report */
  requestCount = 0;
  /** connections this client opened to the deployment (or through a proxy), for the report: set against requestCount */
  connections = 0;
  /** time the requests of this client were asked to wait before being sent again (transient answers), each wait counted */
  waitedMs = 0;
  /**
   * The whole client is held until then (ms since the epoch): a transient answer (429, 503) asks the client
   * to wait, not just the request that got it, so every request queued or sent later waits too.
   */
  private heldUntil = 0;
  /** time the client was held back in all, counting overlapping holds once (the report says it) */
  heldMs = 0;
  /** requests in flight, and those waiting for one of the `connections` places */
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /**
   * requests of chains waiting for a place (SendOptions.chained), one queue per weight, heaviest first: each free
   * place goes to them first, to the heaviest chain's first of all
   */
  private readonly chainedWaiting: { weight: number; queue: (() => void)[] }[] = [];
  /** requests in a row that got no HTTP answer (see BREAKER_THRESHOLD) */
  private unanswered = 0;
  /** request header values already redacted (headerPieces); the pieces are shared, never changed */
  private readonly redactedHeaderValues = new Map<string, Redacted[]>();
  /** the adaptive window, when there is one; otherwise `connections` is fixed */
  private readonly window: InFlightWindow | undefined;
  /** whether a 401 means the key stopped being accepted (ClientOptions.keyConfirmedBy) */
  private readonly keyWatch: KeyWatch | undefined;
  /** whether a 403 to a write means the key may not write (ClientOptions.writesConfirmedBy) */
  private readonly writeWatch: WriteWatch | undefined;
  /** settled once a 401 under confirmation is known to mean the key, or not */
  private confirming: Promise<unknown> | undefined;

  constructor(options: ClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = URL.canParse(this.baseUrl) ? new URL(this.baseUrl).origin : this.baseUrl;
    this.redactor = new Redactor(
      { $MOCKAPI_TOKEN: options.token, $MOCKAPI_FORBIDDEN_TOKEN: options.forbiddenToken, ...proxySecrets(options.network) },
      options.keyVariables ? { variables: options.keyVariables } : {},
    );
    if (options.adaptiveCeiling !== undefined) this.window = new InFlightWindow(options.connections ?? 8, options.adaptiveCeiling);
    this.agent = this.dispatcher(options.adaptiveCeiling ?? options.connections ?? 8);
    this.gatedAgent = options.gate ? gated(this.agent, options.gate) : this.agent;
    const confirmBy = options.keyConfirmedBy;
    if (confirmBy !== undefined && options.token !== undefined) {
      this.keyWatch = new KeyWatch(async () => (await this.send({ method: 'GET', path: confirmBy }, { putBack: true })).status === 401);
    }
    const organisation = options.writesConfirmedBy;
    if (organisation !== undefined && options.token !== undefined) {
      const confirm = () => renameRefused((request) => this.sendConfirming(request), organisation);
      this.writeWatch = new WriteWatch(confirm, () => options.gate?.refuseWrites());
    }
  }

  /** The range the adaptive window took (undefined for a fixed --concurrency), for the report. */
  windowRange(): WindowRange | undefined {
    return this.window?.range();
  }

  private dispatcher(connections: number): Dispatcher {
    const { timeoutMs, network } = this.options;
    const options = { keepAliveTimeout: 10_000, connections, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connectTimeout: timeoutMs };
    return dispatcherFor(network, options, () => this.connections++);
  }

  authorization(credentials: Credentials): string | undefined {
    if (credentials === 'none') return undefined;
    if (credentials === 'token') return `Token ${this.options.token ?? ''}`;
    if (credentials === 'forbidden') return `Token ${this.options.forbiddenToken ?? ''}`;
    return credentials.authorization;
  }

  /**
   * Sends a request; a transient answer (429, 503: src/http/transient.ts) holds the whole client as it asks, or
   * for a back-off, and the request is sent again, up to TRANSIENT_RETRIES times; one still transient then says
   * why it judges nothing (Exchange.transient). After BREAKER_THRESHOLD requests in a row without an answer the
   * deployment is taken as gone: later requests are not sent, and say so, so that a hung deployment costs a few
   * timeouts rather than one per request.
   */
  async send(spec: RequestSpec, options: SendOptions = {}): Promise<Exchange> {
    const waits: TransientWait[] = [];
    let queuedMs = 0;
    // a check stopped at its time bound, or a stopped run, waits out nothing and sends nothing again: it is to end
    const stopped = () => options.stopped?.() === true || this.options.gate?.stopped === true;
    for (;;) {
      queuedMs += await this.turn(options.putBack ? CONFIRMING_WEIGHT : (options.chained ?? sendingChained.getStore()));
      // while a 401 is being confirmed, only a put-back (the confirming read is one) goes out: a refused key is sent
      // no more; the place is given back meanwhile, for the confirming read to take
      // the same while a 403 to a write is being confirmed, for writes with the key (put-backs too: WriteWatch)
      const write = this.watchedWrite(spec);
      const confirming = (options.putBack ? undefined : this.confirming) ?? write?.confirming;
      if (confirming !== undefined) {
        this.release();
        await confirming;
        continue;
      }
      // a key that may not write sends no more writes; a put-back goes out (it changes nothing that was changed)
      if (write?.writesRefused && !options.putBack) {
        this.release();
        return this.withheld(spec, WRITES_REFUSED);
      }
      const ticket = this.window?.ticket(this.inFlight);
      let exchange: Exchange;
      write?.sent();
      try {
        exchange = await this.sendOnce(spec, options.putBack === true);
        if (exchange.status === 202) write?.workPending();
        // before the place is given back: a cut holds back the next in line at once
        if (ticket) this.window!.answered(ticket, exchange.status, exchange.durationMs);
      } finally {
        write?.answered();
        this.release();
      }
      if (queuedMs > 0) exchange.queuedMs = queuedMs;
      // a put-back is not watched: the confirmation is one, and waits for no other
      if (!options.putBack && (await this.keyNoLongerAccepted(spec, exchange))) return { ...exchange, ...this.stoppedAnswer(KEY_STOPPED) };
      if (!options.putBack && (await write?.refusedBy(exchange.status)))
        return { ...exchange, ...this.stoppedAnswer(WRITES_REFUSED), withheld: WRITES_REFUSED };
      if (waits.length > 0) exchange.waitedOut = [...waits];
      const wait = transientWait(exchange, waits.length);
      if (wait === undefined) return exchange;
      this.hold(wait.seconds);
      if (waits.length < TRANSIENT_RETRIES && !stopped()) await this.heldOut();
      // the waits used up, or the check or the run stopped before or during this one: the answer stays as it came
      if (waits.length >= TRANSIENT_RETRIES || stopped()) return { ...exchange, transient: transientReason(exchange.status, waits, stopped()) };
      waits.push(wait);
      this.waitedMs += wait.seconds * 1000;
    }
  }

  /**
   * Whether this answer shows that the key stopped being accepted: a 401 to a request with the key, confirmed by a
   * read that was accepted before the run (keyConfirmedBy) being refused now too. Then the run stops.
   */
  private async keyNoLongerAccepted(spec: RequestSpec, exchange: Exchange): Promise<boolean> {
    if (this.keyWatch === undefined || (spec.credentials ?? 'token') !== 'token' || this.options.gate?.stopped) return false;
    // counted before the confirming read goes out
    const sent = this.requestCount;
    const refused = this.keyWatch.refused(exchange.status);
    if (exchange.status === 401) this.confirming = refused.finally(() => (this.confirming = undefined));
    if (!(await refused)) return false;
    this.options.gate?.stop('key-refused', sent);
    return true;
  }

  /** The write watch when this request is a write with the key (ClientOptions.writesConfirmedBy); undefined otherwise. */
  private watchedWrite(spec: RequestSpec): WriteWatch | undefined {
    return this.writeWatch !== undefined && changes(spec.method) && (spec.credentials ?? 'token') === 'token' ? this.writeWatch : undefined;
  }

  /** A request not sent, by no fault of the deployment (the key may not write): nothing is judged of it, for this reason. */
  private withheld(spec: RequestSpec, reason: string): Exchange {
    return { ...this.noResponse(this.outgoing(spec, false).base, performance.now(), reason), withheld: reason };
  }

  /** A request of the write confirmation (WriteWatch): before every chain's, waiting for no confirmation (it is one), watched by none. */
  private async sendConfirming(spec: RequestSpec): Promise<Exchange> {
    await this.turn(CONFIRMING_WEIGHT);
    try {
      return await this.sendOnce(spec, false);
    } finally {
      this.release();
    }
  }

  /** What a request without an HTTP answer says in place of one (status 0: nothing to judge), the run's stop cut it short or not. */
  private stoppedAnswer(error: string): Pick<Exchange, 'status' | 'error' | 'headers' | 'mediaType' | 'bytes' | 'text' | 'json' | 'jsonError' | 'truncated'> {
    return {
      status: 0,
      error,
      headers: {},
      mediaType: undefined,
      bytes: Buffer.alloc(0),
      truncated: false,
      text: '',
      json: undefined,
      jsonError: 'no response',
    };
  }

  /** Holds every request of the client for `seconds` from now (a longer hold already asked for stands). */
  private hold(seconds: number): void {
    const until = Date.now() + seconds * 1000;
    if (until <= this.heldUntil) return;
    this.heldMs += until - Math.max(this.heldUntil, Date.now());
    this.heldUntil = until;
  }

  /** Waits for a place among the requests in flight, then for the client's hold to end; returns how long the place took. */
  private async turn(chained: number | undefined): Promise<number> {
    const limit = this.window?.limit ?? this.options.connections ?? 8;
    const asked = Date.now();
    if (this.inFlight >= limit) await new Promise<void>((resolve) => (chained === undefined ? this.waiting : this.chainQueue(chained)).push(resolve));
    else this.inFlight++;
    const queued = Date.now() - asked;
    await this.heldOut();
    return queued;
  }

  /** Waits for the client's hold to end, a hold asked for meanwhile too; a stopped run waits no longer (its stop is final). */
  private async heldOut(): Promise<void> {
    const signal = this.options.gate?.signal;
    for (let wait = this.heldUntil - Date.now(); wait > 0 && !signal?.aborted; wait = this.heldUntil - Date.now()) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, wait);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  private release(): void {
    // the place passes straight to the next in line, unless the window shrank below what is in flight; a window
    // that grew lets more in at once
    const limit = this.window?.limit ?? this.options.connections ?? 8;
    if (this.inFlight > limit || !this.anyWaiting()) this.inFlight--;
    else this.nextInLine();
    while (this.inFlight < limit && this.anyWaiting()) {
      this.inFlight++;
      this.nextInLine();
    }
  }

  /** The queue of the chains of this weight, made in its place (heaviest first) when none waited yet. */
  private chainQueue(weight: number): (() => void)[] {
    const at = this.chainedWaiting.findIndex((c) => c.weight <= weight);
    if (at >= 0 && this.chainedWaiting[at]!.weight === weight) return this.chainedWaiting[at]!.queue;
    const queue: (() => void)[] = [];
    this.chainedWaiting.splice(at < 0 ? this.chainedWaiting.length : at, 0, { weight, queue });
    return queue;
  }

  private anyWaiting(): boolean {
    return this.chainedWaiting.some((c) => c.queue.length > 0) || this.waiting.length > 0;
  }

  /**
   * Lets the next request waiting for a place go: a chain's first (SendOptions.chained), the heaviest chain's before
   * lighter ones', then in the order asked.
   */
  private nextInLine(): void {
    const chain = this.chainedWaiting.find((c) => c.queue.length > 0);
    (chain?.queue.shift() ?? this.waiting.shift())!();
  }

  /** A request as it goes out (its headers, the key among them), and as evidence shows it (base: redacted). */
  private outgoing(spec: RequestSpec, putBack: boolean) {
    const url = this.baseUrl + spec.path;
    const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.1', 'accept-encoding': ACCEPT_ENCODING };
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
    // redacted once, in pieces (for the curl line), and as text (for the evidence)
    const requestPieces = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, this.headerPieces(v)]));
    const redactedHeaders = Object.fromEntries(Object.entries(requestPieces).map(([k, v]) => [k, textOf(v)]));
    const base = { method: spec.method, url, requestHeaders: redactedHeaders, requestPieces, requestBody: body };
    // after the headers recorded: a curl line repeats the request without it
    const sentBy = sendingCheck.getStore();
    // a put-back says so: it is the one request a stopped run still sends
    const userAgent = 'user-agent' in headers ? undefined : `${USER_AGENT}${sentBy ? ` (check ${sentBy})` : ''}${putBack ? ' put-back' : ''}`;
    if (userAgent) headers['user-agent'] = userAgent;
    return { url, headers, body, base, sentBy, userAgent };
  }

  private async sendOnce(spec: RequestSpec, putBack: boolean): Promise<Exchange> {
    const { url, headers, body, base, sentBy, userAgent } = this.outgoing(spec, putBack);
    const started = performance.now();
    if (this.unanswered >= BREAKER_THRESHOLD) {
      return this.noResponse(base, started, `not sent: the deployment stopped answering (no HTTP answer to the last ${BREAKER_THRESHOLD} requests)`);
    }
    // the last instant before the request goes out: a stop set by either thread is seen here at once
    const gate = putBack ? undefined : this.options.gate;
    if (gate?.stopped) return this.noResponse(base, started, RUN_STOPPED_BEFORE);
    this.requestCount++;
    const sending: Sending = { startedAt: Date.now(), ...(sentBy ? { sentBy } : {}), ...(userAgent ? { userAgent } : {}) };
    // The deadline of the whole exchange. undici takes an EventEmitter as its abort signal: one emitter and
    // one timer cost a small part of what AbortSignal.timeout costs per request (with the collection of its
    // finaliser), which a run of thousands of requests notices.
    const deadline = new EventEmitter();
    const timer = setTimeout(() => deadline.emit('abort'), this.options.timeoutMs);
    let runStopped = false;
    const onRunStopped = () => {
      runStopped = true;
      deadline.emit('abort');
    };
    gate?.signal.addEventListener('abort', onRunStopped, { once: true });
    const resending: Resending = {};
    try {
      const response = await this.sendResending(url, { method: spec.method, headers, body, signal: deadline }, gate, resending);
      const { retried } = resending;
      sending.headersMs = performance.now() - started;
      sending.statusText = response.statusText;
      sending.httpVersion = httpVersionOf(this.origin);
      const answer = await this.read(base, response, started);
      // a logged request's recorded credentials are its callers': redacted, from this answer on, in every output
      for (const secret of recordedCredentials(answer.json)) this.redactor.learn(secret);
      this.unanswered = 0;
      if (retried) answer.retried = retried;
      this.told(answer, sending);
      const held = heldOf(answer);
      // an answer that came once the run had stopped is recorded, not judged
      return gate?.stopped ? { ...held, ...this.stoppedAnswer(RUN_STOPPED_DURING) } : held;
    } catch (error) {
      return this.notAnswered(error, base, started, sending, runStopped, resending.retried);
    } finally {
      clearTimeout(timer);
      gate?.signal.removeEventListener('abort', onRunStopped);
      void resending.fresh?.close();
    }
  }

  /**
   * The request sent, and sent again where the deployment never processed it (the idle-close race, an HTTP/2 stream
   * above a GOAWAY's last or refused): RESENDS times at most, under the same deadline and gate, on the connection
   * notProcessed says. What it did is kept in `resending`, whose connection of its own the caller closes.
   */
  private async sendResending(
    url: string,
    options: Omit<NonNullable<Parameters<typeof request<null>>[1]>, 'dispatcher'>,
    gate: RunGate | undefined,
    resending: Resending,
  ): Promise<Dispatcher.ResponseData> {
    for (let dispatcher = gate ? this.gatedAgent : this.agent, resent = 0; ; resent++) {
      try {
        return await request<null>(url, { ...options, dispatcher });
      } catch (error) {
        const unprocessed = notProcessed(error);
        if (unprocessed === undefined || resent >= RESENDS) throw error;
        // a second resend goes on a connection of its own: a deployment may end every connection after its first stream
        const ownConnection = unprocessed.ownConnection || resent > 0;
        const { why } = unprocessed;
        const where = ownConnection ? 'a new connection' : 'another connection';
        resending.retried =
          resending.retried === undefined
            ? `sent again on ${where}: ${why} (${transportReason(error as Error, this.options.timeoutMs, this.options.network)})`
            : `${resending.retried}; and again: ${why}`;
        if (ownConnection) {
          void resending.fresh?.close();
          resending.fresh = this.dispatcher(1);
          dispatcher = gate ? gated(resending.fresh, gate) : resending.fresh;
        }
      }
    }
  }

  /** A request that got no answer: kept from the wire by the gate, dropped as the run stopped, or a transport failure. */
  private notAnswered(
    error: unknown,
    base: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody' | 'requestPieces'>,
    started: number,
    sending: Sending,
    runStopped: boolean,
    retried: string | undefined,
  ): Exchange {
    // kept from the wire by the gate: not sent at all
    if (error instanceof NotSentError) {
      this.requestCount--;
      return this.noResponse(base, started, RUN_STOPPED_BEFORE);
    }
    // dropped because the run stopped: no word on the deployment, and no count towards the breaker
    if (runStopped) return this.told(this.noResponse(base, started, RUN_STOPPED_DURING), sending);
    this.unanswered++;
    const reason = transportReason(error as Error & { code?: string }, this.options.timeoutMs, this.options.network, base.url);
    return this.told(this.noResponse(base, started, retried ? `${reason}; it had been ${retried}` : reason), sending);
  }

  /**
   * A request header's value redacted in pieces. The same few values go with almost every request (Accept,
   * Accept-Encoding, the Authorization of each key, Content-Type), and redacting one looks for every encoded
   * form of every key: remembered, each is redacted once per run rather than once per request. Short values only, and
   * a bounded number of them (values a deployment chose, an ETag sent back, come and go).
   */
  private headerPieces(value: string): Redacted[] {
    const known = this.redactedHeaderValues.get(value);
    if (known) return known;
    const pieces = this.redactor.pieces(value);
    if (value.length <= 512) {
      if (this.redactedHeaderValues.size >= 64) this.redactedHeaderValues.clear();
      this.redactedHeaderValues.set(value, pieces);
    }
    return pieces;
  }

  /** Tells the recorder, if any, of an exchange sent (requestCount counts the same ones). */
  private told(exchange: Exchange, sending: Sending): Exchange {
    this.options.onExchange?.(exchange, sending, this.redactor);
    return exchange;
  }

  /** The answer, its content codings undone: the cap counts decoded bytes, so a compression bomb is cut, never held. */
  private async read(
    base: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody' | 'requestPieces'>,
    response: Dispatcher.ResponseData,
    started: number,
  ): Promise<Exchange> {
    const cap = this.options.maxBodyBytes ?? 8 * 1024 * 1024;
    const coding = response.headers['content-encoding'];
    const body = decoded(response.body, Array.isArray(coding) ? coding.join(',') : coding);
    let read: { bytes: Buffer; truncated: boolean; broken?: string };
    try {
      read = await readCapped(body.body, cap, body.codings.length === 0 ? declaredLength(response.headers['content-length']) : undefined);
    } catch (error) {
      // a body that is not the coding it names is an answer, judged as one; a broken connection is not
      const code = (error as { code?: string }).code ?? '';
      if (body.codings.length === 0 || !/^Z_|BROTLI|^ERR__/.test(code)) throw error;
      read = {
        bytes: Buffer.alloc(0),
        truncated: false,
        broken: `the body is not valid ${body.codings.join(', ')} (Content-Encoding): ${(error as Error).message} (${code})`,
      };
    }
    const { bytes, truncated } = read;
    const answer = answerOf(base, response.statusCode, response.headers, bytes, truncated ? cap : undefined, performance.now() - started);
    answer.receivedAt = Date.now();
    // the codings undone; one that is not (undecodable) is no coding the evidence or curl --compressed can speak for
    if (body.codings.length > 0 && body.unknown === undefined && body.tooMany === undefined) answer.codings = body.codings;
    if (body.tooMany !== undefined) {
      answer.json = undefined;
      answer.jsonError = body.tooMany;
    }
    // an answer in a coding we cannot undo is judged as what it is: bytes, not the JSON it may stand for
    if (read.broken) answer.jsonError = read.broken;
    if (body.unknown !== undefined && bytes.length > 0) {
      answer.undecodable = body.unknown;
      answer.json = undefined;
      answer.jsonError = `the body is in the content coding "${body.unknown}" (Content-Encoding), which this client cannot decode; requests ask for ${ACCEPT_ENCODING} (Accept-Encoding)`;
    }
    return answer;
  }

  private noResponse(base: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody' | 'requestPieces'>, started: number, reason: string): Exchange {
    return {
      ...base,
      // an error's text may quote the deployment (a certificate's names, a parser's bytes): one inert line, cut
      ...this.stoppedAnswer(bounded(inertLine(this.redactor.redact(reason)), 500)),
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
 * A client of the run's own reads around its checks (the probe, the preflight, the organisation's put-back): the
 * run's network, its recorder (--report-har) and its stop, none of the checks' places or window.
 */
export function runClient(
  t: Pick<ClientOptions, 'baseUrl' | 'token' | 'timeoutMs' | 'network' | 'keyVariables'> & { forbiddenToken?: string | undefined },
  onExchange?: ClientOptions['onExchange'],
  gate?: RunGate,
): Client {
  return new Client({
    baseUrl: t.baseUrl,
    token: t.token,
    forbiddenToken: t.forbiddenToken,
    ...(t.keyVariables ? { keyVariables: t.keyVariables } : {}),
    timeoutMs: t.timeoutMs,
    network: t.network,
    ...(onExchange ? { onExchange } : {}),
    ...(gate ? { gate } : {}),
  });
}

/**
 * An exchange from an HTTP answer: headers by lower-case name (repeated ones joined), the media type's
 * essence, the text and, where it is JSON, the parsed body. `cappedAt` is set when only the first that many
 * bytes were read; `budget` bounds what is parsed (JSON_BUDGET). Shared by the client and by recorded
 * exchanges (src/judge/exchange.ts).
 */
export function answerOf(
  base: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody' | 'requestPieces'>,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  bytes: Buffer,
  cappedAt: number | undefined,
  durationMs: number,
  budget: JsonBudget = JSON_BUDGET,
): Exchange {
  const responseHeaders: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) responseHeaders[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  const contentType = responseHeaders['content-type'];
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
  // a body past the cap is not read as JSON: its start is all a check shows, and the megabytes read go at once
  // (copied, so that the whole buffer is not kept by a slice of it), however long the check that got it runs
  if (cappedAt !== undefined && bytes.length > TRUNCATED_KEPT_BYTES) bytes = Buffer.from(bytes.subarray(0, TRUNCATED_KEPT_BYTES));
  const { json, jsonError, unparsed } = parsed(bytes, cappedAt, budget);
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
    text: '',
    json,
    durationMs,
  };
  // a long body is held once, as bytes: its text, read by a few checks a few times, is decoded again each time
  if (unparsed !== undefined) exchange.unparsed = unparsed;
  if (bytes.length > TEXT_KEPT_BYTES) Object.defineProperty(exchange, 'text', { get: () => bytes.toString('utf8'), enumerable: true });
  else exchange.text = bytes.toString('utf8');
  if (jsonError) exchange.jsonError = jsonError;
  if (base.requestPieces) exchange.requestPieces = base.requestPieces;
  return exchange;
}

/** A body longer than this keeps no text of its own beside its bytes (answerOf). */
const TEXT_KEPT_BYTES = 64 * 1024;

/** The body read as JSON, or why it is not: empty, cut at the cap, past a parse budget (JsonBudget), or not JSON. */
function parsed(bytes: Buffer, cappedAt: number | undefined, budget: JsonBudget): { json?: unknown; jsonError?: string; unparsed?: string } {
  if (bytes.length === 0) return { jsonError: 'the body is empty' };
  if (cappedAt !== undefined) return { jsonError: `the body is longer than ${cappedAt} bytes; only its start was read` };
  const over = overBudget(bytes, budget);
  // nesting past any answer of the interface is a verdict; a long string or many keys may be a real answer (a logged
  // request's large body): what this client does not parse, it does not judge
  if (over === TOO_DEEP) return { jsonError: over };
  if (over !== undefined) return { jsonError: over, unparsed: `${over}: nothing is judged of this answer` };
  try {
    return { json: JSON.parse(bytes.toString('utf8')) };
  } catch (error) {
    // the parser's message quotes the body: one inert line, cut (contract/untrusted.ts)
    return { jsonError: `the body is not JSON (${bounded(inertLine((error as Error).message), 300)})` };
  }
}

/**
 * A curl command line that repeats the request, with `$MOCKAPI_TOKEN` (or the variable the key is in) in place of
 * the key where the host is the user's for it, else the inert `<MOCKAPI_TOKEN>` (redactor.pasted). Safe to paste by
 * construction (docs/untrusted.md): every value is single-quoted, or `$'…'`-quoted where it holds a control
 * character, and only the redactor's placeholders expand; a body starting with @ names no file.
 */
export function curlOf(exchange: Exchange, redactor: Redactor): string {
  const long = exchange.url.length + Object.values(exchange.requestHeaders).reduce((n, v) => n + v.length, 0);
  if (long > CURL_CHARS) return notShown(long);
  const parts = ['curl', '-sS', '-i'];
  // curl asks for and undoes the codings itself with --compressed; without it an encoded answer prints as bytes
  if (exchange.codings) parts.push('--compressed');
  if (/[[\]{}]/.test(exchange.url)) parts.push('-g');
  parts.push('-X', /^[A-Z]+$/.test(exchange.method) ? exchange.method : shellWord([exchange.method]));
  // a placeholder expands only where this host is one the user gave for its key (PastedKeys)
  const pasted = (pieces: readonly Redacted[]) => pieces.map((p) => pastedPiece(p, redactor.pasted));
  const url = shellWord(pasted(redactor.pieces(exchange.url)));
  parts.push(/^https?:\/\//i.test(exchange.url) ? url : `--url ${url}`);
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    // curl sets Host from the URL and keeps its own connection: a recorded Host may name the proxy it came through
    if (CURL_SETS.has(name)) continue;
    const shownName = name === 'authorization' ? 'Authorization' : name === 'content-type' ? 'Content-Type' : name;
    parts.push('-H', shellWord([`${shownName}: `, ...pasted(exchange.requestPieces?.[name] ?? placeholdersIn(value))]));
  }
  const body = exchange.requestBody;
  let line = parts.join(' ');
  if (body !== undefined) {
    const text = body.toString('utf8');
    const latin1 = body.toString('latin1');
    // bash passes no NUL in an argument; bytes that are not UTF-8 go through base64 unless they hold a key
    const binary = !Buffer.from(text, 'utf8').equals(body) || text.includes('\0');
    if (body.length > EVIDENCE_BODY_BYTES || (binary && redactor.redact(latin1) !== latin1)) {
      line = `head -c ${body.length} /dev/zero | tr '\\0' 'x' | ${line} --data-binary @-  # stands in for a ${body.length}-byte body`;
    } else if (binary) {
      line = `printf '%s' ${shellWord([body.toString('base64')])} | base64 -d | ${line} --data-binary @-`;
    } else {
      // --data-binary @x would send the file x
      line += `${text.startsWith('@') ? ' --data-raw ' : ' --data-binary '}${shellWord(pasted(redactor.pieces(text)))}`;
    }
  }
  return line.length > CURL_CHARS ? notShown(line.length) : line;
}

/** Request headers a curl line leaves to curl: the codings (--compressed), the host of the URL, its own connection. */
const CURL_SETS = new Set(['accept', 'accept-encoding', 'host', 'connection']);

/** In place of a curl line of megabytes: a comment, which runs nothing when pasted. */
const notShown = (length: number) => `# a curl line of ${length} characters or more, not shown; the report's evidence holds the request`;

/** Content-Length as a number of bytes, or undefined where it is absent or not one plain decimal length. */
function declaredLength(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
}

/** A curl line longer than this is not shown (a URL or header of megabytes). */
const CURL_CHARS = 16_000;

/** The placeholders of text already redacted, where its pieces were not kept: every form the redactor writes. */
function placeholdersIn(text: string): Redacted[] {
  const out: Redacted[] = [];
  let from = 0;
  for (const m of text.matchAll(/\$(?:MOCKAPI_[A-Z_]*TOKEN\b|\{MOCKAPI_[A-Z_]*TOKEN(?:~~|\^\^|,,|:\d+(?::\d+)?)?\})/g)) {
    if (m.index > from) out.push(text.slice(from, m.index));
    out.push({ placeholder: m[0] });
    from = m.index + m[0].length;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/**
 * One shell word that gives back the pieces exactly: text single-quoted (or `$'…'` with escapes where it holds
 * a character a terminal acts on), each placeholder double-quoted so that it, and nothing else, expands. Text
 * that needs no escape in double quotes shares them with its placeholders, for a line that reads as a header.
 */
function shellWord(given: readonly Redacted[]): string {
  // neighbouring texts as one
  const pieces: Redacted[] = [];
  for (const p of given) {
    const last = pieces.length - 1;
    if (typeof p === 'string' && typeof pieces[last] === 'string') pieces[last] += p;
    else if (p !== '') pieces.push(p);
  }
  if (pieces.length === 0) return "''";
  const texts = pieces.filter((p): p is string => typeof p === 'string');
  if (texts.length < pieces.length && texts.every((t) => !/[$`"\\!]/.test(t) && !hasActing(t))) {
    return `"${pieces.map((p) => (typeof p === 'string' ? p : p.placeholder)).join('')}"`;
  }
  return pieces.map((p) => (typeof p === 'string' ? quoted(p) : `"${p.placeholder}"`)).join('');
}

/** Text as one shell argument: as it is where the shell reads nothing in it, else quoted. */
export const shellArgument = (text: string): string => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(text) ? text : quoted(text));

/** Text as a shell word: single quotes, or ANSI-C quotes with each acting character as its UTF-8 bytes. */
function quoted(text: string): string {
  if (!hasActing(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  let out = "$'";
  for (const c of text) {
    if (c === '\\' || c === "'") out += `\\${c}`;
    else if (hasActing(c)) out += [...Buffer.from(c, 'utf8')].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
    else out += c;
  }
  return `${out}'`;
}

/**
 * What a check keeps of an exchange it has judged, for its evidence: the exchange itself when its body is short,
 * else a copy with the start of the body evidence shows and its length, and no parsed JSON. The answer whole
 * stays only as long as the check's own code holds it.
 */
export function keptOf(exchange: Exchange): Exchange {
  if (exchange.bytes.length <= EVIDENCE_BODY_BYTES) return exchange;
  return withBodyStart(exchange, EVIDENCE_BODY_BYTES, undefined, exchange.jsonError ?? 'the body was judged; only its start is kept');
}

/**
 * What the client hands on of an answer, once recorded: its parsed JSON and the start of a long body, as of a
 * body past the cap. Checks read a body's text and bytes only by their start (what failure messages quote, where
 * a rejection lists its allowed values), and a request whose answer several checks share holds it for the run.
 */
function heldOf(exchange: Exchange): Exchange {
  if (exchange.bytes.length <= TRUNCATED_KEPT_BYTES) return exchange;
  return withBodyStart(exchange, TRUNCATED_KEPT_BYTES, exchange.json, exchange.jsonError);
}

/** A copy of an exchange whose bytes and text are the body's first `length` bytes, with this JSON. */
function withBodyStart(exchange: Exchange, length: number, json: unknown, jsonError: string | undefined): Exchange {
  const start = Buffer.from(exchange.bytes.subarray(0, length));
  // copied by descriptors: a spread would read a long body's text, decoding it whole again (answerOf)
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(exchange)) as Exchange;
  Object.defineProperty(copy, 'text', { value: start.toString('utf8'), enumerable: true, writable: true });
  Object.assign(copy, { bytes: start, json, bodyBytes: exchange.bodyBytes ?? exchange.bytes.length });
  if (jsonError !== undefined) copy.jsonError = jsonError;
  return copy;
}

/** The first `chars` characters of an answer's text, decoding no more of a long body than they take. */
export function textStart(exchange: Pick<Exchange, 'bytes' | 'text'>, chars: number): string {
  // a character is four bytes of UTF-8 at most
  const text = exchange.bytes.length > 4 * chars ? exchange.bytes.subarray(0, 4 * chars).toString('utf8') : exchange.text;
  return text.slice(0, chars);
}

/** Request and response as plain data, bodies cut to a few KiB, keys redacted. */
export function evidenceOf(exchange: Exchange, redactor: Redactor): Evidence {
  const cut = (buf: Buffer | undefined, truncated = false, length = buf?.length ?? 0) => {
    if (!buf || buf.length === 0) return '';
    const text = buf.subarray(0, EVIDENCE_BODY_BYTES).toString('utf8');
    return redactor.redact(
      truncated ? `${text}… (longer than the cap: only its start was read)` : length > EVIDENCE_BODY_BYTES ? `${text}… (${length} bytes in all)` : text,
    );
  };
  // every value cut (a header or URL of megabytes is copied into every report otherwise), saying its length
  const redacted = (text: string) => boundedThrough(text, (t) => redactor.redact(t));
  const headers = (all: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(all)
        .slice(0, EVIDENCE_HEADERS)
        .map(([k, v]) => [bounded(k, 200), redacted(v)]),
    );
  const [rateLimited, unavailable] = [waitsSaid(exchange.waitedOut, 429), waitsSaid(exchange.waitedOut, 503)];
  return {
    request: { method: bounded(exchange.method, 200), url: redacted(exchange.url), headers: headers(exchange.requestHeaders), body: cut(exchange.requestBody) },
    response:
      exchange.status === 0
        ? { status: 0, error: bounded(exchange.error ?? 'no response'), headers: {}, body: '' }
        : { status: exchange.status, headers: headers(exchange.headers), body: cut(exchange.bytes, exchange.truncated, exchange.bodyBytes) },
    curl: curlOf(exchange, redactor),
    ...(rateLimited ? { rateLimited } : {}),
    ...(unavailable ? { unavailable } : {}),
    ...(exchange.codings
      ? {
          coding: `the answer came in the content coding ${exchange.codings.join(', ')} (Content-Encoding) and was decoded before it was judged; the body shown is decoded`,
        }
      : {}),
    ...(exchange.retried ? { retried: redactor.redact(exchange.retried) } : {}),
  };
}
