// How requests reach a deployment given by URL, as curl, npm and git reach it: through the proxy the user
// names (--proxy, or HTTPS_PROXY/HTTP_PROXY/NO_PROXY read by undici's EnvHttpProxyAgent), trusting a private
// CA (--ca-file, besides NODE_EXTRA_CA_CERTS), offering HTTP/2 and HTTP/1.1 by ALPN, with answers in a content
// coding decoded. Also what a transport failure means in words (never OpenSSL's internals), the HTTP version
// answers came in, and which failures are of requests the deployment never processed, which are sent again
// (src/http/client.ts): the idle-close race, and HTTP/2 streams above a GOAWAY's last stream id or refused.
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import type { ClientHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate, constants as zlib } from 'node:zlib';
import { Agent, Client as OriginClient, EnvHttpProxyAgent, Pool, ProxyAgent, type Dispatcher } from 'undici';
import { goawayLastOf, h2SessionOf } from './undici-treatments.ts';

/** How a client reaches the deployment (Target.network): plain data, handed to the run's worker. */
export interface Network {
  /** --proxy: every request goes through it (NO_PROXY aside); undefined: the proxy variables, if any */
  proxy?: string;
  /** --ca-file: certificates (PEM) trusted besides the system's and NODE_EXTRA_CA_CERTS */
  caFile?: string;
  /** a deployment started for the run on this machine: no proxy, whatever the environment says */
  direct?: boolean;
}

/** The proxy variables undici's EnvHttpProxyAgent reads, lower case first as it reads them. */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/**
 * The proxies this network may send through, each with where it was named: for messages and redaction. Given
 * the deployment's URL, those undici would use for it (an http URL ignores HTTPS_PROXY), NO_PROXY aside.
 */
export function proxiesOf(network: Network | undefined, env: NodeJS.ProcessEnv = process.env, url?: string): { url: string; source: string }[] {
  if (!network || network.direct) return [];
  if (network.proxy) return [{ url: network.proxy, source: '--proxy' }];
  const names = url?.startsWith('http:') ? PROXY_VARIABLES.filter((name) => !/^https/i.test(name)) : PROXY_VARIABLES;
  return names.filter((name) => env[name]).map((name) => ({ url: env[name]!, source: name }));
}

/** A proxy URL fit to print: credentials replaced, like the key. */
export function proxyLabel(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '***';
      u.password = '';
    }
    return u.href.replace(/\/$/, '');
  } catch {
    return '(a proxy URL that is not a URL)';
  }
}

/** The credentials of the proxies, for the redactor: never printed, in clear, percent-encoded or as Basic auth. */
export function proxySecrets(network: Network | undefined, env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const secrets: Record<string, string | undefined> = {};
  proxiesOf(network, env).forEach(({ url }, i) => {
    try {
      const u = new URL(url);
      if (!u.password && !u.username) return;
      const user = decodeURIComponent(u.username);
      const password = decodeURIComponent(u.password);
      if (password) secrets[`$PROXY_PASSWORD${i || ''}`] = password;
      if (u.password && u.password !== password) secrets[`$PROXY_PASSWORD_ENCODED${i || ''}`] = u.password;
      secrets[`$PROXY_BASIC_AUTH${i || ''}`] = Buffer.from(`${user}:${password}`).toString('base64');
    } catch {
      // not a URL: undici refuses it when the client is made, and that message names no credentials
    }
  });
  return secrets;
}

/** The CAs a connection trusts when --ca-file is given: Node's own, NODE_EXTRA_CA_CERTS, then the file. */
function trusted(caFile: string): string[] {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  return [...rootCertificates, ...(extra ? [readFileSync(extra, 'utf8')] : []), readFileSync(caFile, 'utf8')];
}

/**
 * The TLS context of every connection that trusts --ca-file, one per file for the process. Given the CAs
 * themselves, Node builds a context for each connection, parsing every certificate again (tens of ms of CPU
 * and about a MiB held until collected): a deployment that makes the run connect anew for each request (a
 * GOAWAY on every connection) would make that the run's cost and its memory.
 */
const contexts = new Map<string, SecureContext>();
function trustedContext(caFile: string): SecureContext {
  let context = contexts.get(caFile);
  if (context === undefined) contexts.set(caFile, (context = createSecureContext({ ca: trusted(caFile) })));
  return context;
}

/**
 * The connections to each origin, as undici makes them (its own factory's choice: one client for a single
 * connection, a pool otherwise), each new one told to `connected`. Given to an Agent and to the proxy agents,
 * which make the clients of the deployment's origin with it, through a tunnel too.
 */
function countedFactory(connected: () => void): NonNullable<Agent.Options['factory']> {
  return (origin, options) =>
    ((options as Pool.Options).connections === 1 ? new OriginClient(origin, options) : new Pool(origin, options)).on('connect', () => connected());
}

/**
 * The dispatcher of a client: a plain Agent for a deployment started for the run; else undici's ProxyAgent for
 * --proxy, its EnvHttpProxyAgent when a proxy variable is set (NO_PROXY honoured by it), a plain Agent
 * otherwise. CONNECT for https, absolute-form for http (proxyTunnel false), as curl does. Certificate
 * verification stays on: --ca-file adds trust, nothing here takes it away. Over TLS both HTTP/1.1 and HTTP/2
 * are offered by ALPN (allowH2), through a tunnel too (requestTls), and the deployment chooses, as it does
 * for browsers and curl: a deployment that speaks only h2 is reached. `connected` is told of each connection it opens.
 */
export function dispatcherFor(network: Network | undefined, options: Agent.Options, connected?: () => void): Dispatcher {
  const secureContext = network?.caFile ? trustedContext(network.caFile) : undefined;
  const h2: Agent.Options = { ...options, allowH2: true, ...(connected ? { factory: countedFactory(connected) } : {}) };
  const withCa: Agent.Options = secureContext ? { ...h2, connect: { ...(options.connect as object), secureContext } } : h2;
  if (!network || network.direct) return new Agent(withCa);
  const tls = { requestTls: { allowH2: true, ...(secureContext ? { secureContext } : {}) }, ...(secureContext ? { proxyTls: { secureContext } } : {}) };
  if (network.proxy) return new ProxyAgent({ ...withCa, ...tls, uri: network.proxy, proxyTunnel: false });
  if (proxiesOf(network).length > 0) return new EnvHttpProxyAgent({ ...withCa, ...tls, proxyTunnel: false } as EnvHttpProxyAgent.Options);
  return new Agent(withCa);
}

// ---- content codings (RFC 9110 §8.4) ----

/** The codings decoded, by their names in Content-Encoding; x-gzip is gzip (RFC 9110 §8.4.1.3). */
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => createGunzip({ finishFlush: zlib.Z_SYNC_FLUSH }),
  'x-gzip': () => createGunzip({ finishFlush: zlib.Z_SYNC_FLUSH }),
  deflate: () => createInflate({ finishFlush: zlib.Z_SYNC_FLUSH }),
  br: () => createBrotliDecompress(),
};

/** What requests send as Accept-Encoding: every coding decoded here (docs/networks.md says why it is sent). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Codings undone at most for one answer. Each is a stream piped into the next, and a long chain of them
 * costs far more than its length times one (a few thousand hang a run), while what stands before a
 * deployment stacks two or three at most; past this, the answer is judged as bytes, saying why.
 */
export const MAX_CODINGS = 4;

/** Why an answer's codings are not undone: more than MAX_CODINGS of them. */
const tooManyCodings = (count: number): string => `Content-Encoding lists ${count} codings; at most ${MAX_CODINGS} are undone, so the body is not read as JSON`;

/**
 * The body as the deployment meant it: the codings of Content-Encoding undone, last applied first, as a
 * stream (the body cap counts decoded bytes, so a bomb is cut, never held). `unknown` names a coding that
 * cannot be decoded, `tooMany` says there are more than MAX_CODINGS; the body is then left as it came.
 */
export function decoded(body: Readable, contentEncoding: string | undefined): { body: Readable; codings: string[]; unknown?: string; tooMany?: string } {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return { body, codings };
  if (codings.length > MAX_CODINGS) return { body, codings, tooMany: tooManyCodings(codings.length) };
  const unknown = codings.find((c) => !(c in DECODERS));
  if (unknown !== undefined) return { body, codings, unknown };
  let stream: Readable = body;
  for (const coding of [...codings].reverse()) {
    const decoder = DECODERS[coding]!() as unknown as Readable & NodeJS.WritableStream;
    const source = stream;
    source.on('error', (e) => decoder.destroy(e));
    // a decoder destroyed (the cap reached) stops the socket too
    decoder.on('close', () => source.destroy());
    source.pipe(decoder);
    stream = decoder;
  }
  return { body: stream, codings };
}

// ---- what a transport failure means ----

/** OpenSSL's own words (`808C…:error:0A00010B:SSL routines:…`): the library's, not the user's. */
const OPENSSL_INTERNALS = /[0-9A-F]{6,}:error:[0-9A-F]+:[^:]*:[^:]*:/g;
/** A place in a library's C sources (`../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:`), never the user's. */
const SOURCE_PATH = /(?:\.{1,2}\/|\/)?(?:[\w.+-]+\/)+[\w.+-]+\.(?:c|cc|h):\d+:?/g;

/** A library's message fit for a line: OpenSSL's prefixes and source paths left out, its first line only. */
export function withoutInternals(message: string): string {
  const line = message.replace(OPENSSL_INTERNALS, '').replace(SOURCE_PATH, ' ').split('\n')[0]!;
  return line.replace(/\s+/g, ' ').replace(/^[\s:]+|[\s:]+$/g, '');
}

const TLS_WORDS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed and not trusted here (--ca-file FILE, or NODE_EXTRA_CA_CERTS, adds a CA)',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a CA not trusted here (--ca-file FILE, or NODE_EXTRA_CA_CERTS, adds it)',
  // OpenSSL's words for a certificate that came alone, whose issuer is neither sent nor trusted: the same code for a
  // chain that leaves out its intermediate and for a CA not trusted here, which nothing in the handshake tells apart
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the certificate came without its issuer's, which is not trusted here: either the server's chain leaves out its intermediate certificate (the server must send it; curl and Node do not fetch it), or a CA not trusted here signed it (--ca-file FILE, or NODE_EXTRA_CA_CERTS, adds it)",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the certificate chain leads to a CA not trusted here (--ca-file FILE, or NODE_EXTRA_CA_CERTS, adds it)',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is not for this host name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server did not answer in TLS (is it http, not https, on this port?)',
  EPROTO: 'the TLS handshake failed',
};

/**
 * What the alert a server ended the handshake with means (RFC 8446 §6.2), by the name Node's code ends in
 * (ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL); an alert not here is named by its own words.
 */
const TLS_ALERTS: Record<string, string> = {
  NO_APPLICATION_PROTOCOL: 'it speaks neither HTTP/2 nor HTTP/1.1, the protocols this client offers (ALPN)',
  PROTOCOL_VERSION: 'it accepts no TLS version this client speaks',
  HANDSHAKE_FAILURE: 'it accepts none of the cipher suites or parameters this client offers',
  INSUFFICIENT_SECURITY: 'it asks for stronger cipher suites than this client offers',
  CERTIFICATE_REQUIRED: 'it requires a client certificate, which this client does not send',
  UNRECOGNIZED_NAME: 'it has no certificate for this host name (SNI)',
  ACCESS_DENIED: 'it refused this client',
  INTERNAL_ERROR: 'an error of its own',
};

/** An OpenSSL failure (Node's ERR_SSL_* codes) in words, the code kept; undefined for other errors. */
function sslReason(e: Error & { code?: string; reason?: unknown }): string | undefined {
  const code = e.code ?? '';
  const alert = /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_(?:ALERT_)?(\w+)$/.exec(code)?.[1];
  if (alert !== undefined) {
    const number = /SSL alert number (\d+)/.exec(e.message)?.[1];
    const words = TLS_ALERTS[alert] ?? `alert "${alert.toLowerCase().replace(/_/g, ' ')}"`;
    return `TLS: the server ended the handshake: ${words}${number ? ` (TLS alert ${number})` : ''} (${code})`;
  }
  if (code.startsWith('ERR_SSL_')) {
    const words = typeof e.reason === 'string' ? e.reason : code.slice('ERR_SSL_'.length).toLowerCase().replace(/_/g, ' ');
    return `TLS: the handshake failed: ${withoutInternals(words)} (${code})`;
  }
  return undefined;
}

const DNS_WORDS: Record<string, string> = {
  ENOTFOUND: 'the host name was not found (DNS)',
  EAI_AGAIN: 'the host name could not be looked up now (DNS)',
};

/** Whether the failure is at a proxy: a connection to its address, or its refusal of a tunnel. */
function proxyAt(
  e: Error & { code?: string; address?: string; port?: number },
  proxies: { url: string; source: string }[],
): { url: string; source: string } | undefined {
  if (proxies.length === 0) return undefined;
  if (/Proxy response \(\d+\)|Proxy Authentication Required/.test(e.message)) return proxies[0];
  return proxies.find(({ url }) => {
    try {
      const u = new URL(url);
      const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
      return (
        (e.port === port && (e.address === undefined || u.hostname.replace(/[[\]]/g, '') === e.address || u.hostname === 'localhost')) ||
        (e.code === 'ENOTFOUND' && e.message.includes(u.hostname))
      );
    } catch {
      return false;
    }
  });
}

/**
 * A network failure (DNS, TLS, a proxy) in one line of words, the library's code kept at the end; undefined
 * for the rest, which the client words itself.
 */
export function networkReason(error: Error & { code?: string; cause?: unknown }, proxies: { url: string; source: string }[]): string | undefined {
  const e = (error.code === undefined && error.cause instanceof Error ? error.cause : error) as Error & { code?: string; address?: string; port?: number };
  const code = e.code ?? '';
  const proxy = proxyAt(e, proxies);
  if (proxy) {
    const status = /Proxy (?:response|Authentication Required) \((\d+)\)/.exec(e.message)?.[1];
    const what = status
      ? `it answered ${status}${status === '407' ? ': proxy credentials missing or refused (give them in the proxy URL, http://user:password@host:port)' : ' when asked for a tunnel'}`
      : `${DNS_WORDS[code] ?? (code === 'ECONNREFUSED' ? 'it refused the connection' : 'it could not be reached')}`;
    return `the proxy ${proxyLabel(proxy.url)} (${proxy.source}) failed: ${what} (${code || e.name})`;
  }
  if (DNS_WORDS[code]) return `${DNS_WORDS[code]} (${code}${e.message.includes(' ') ? ` ${e.message.split(' ').pop()}` : ''})`;
  const tlsCode = Object.keys(TLS_WORDS).find(
    (k) =>
      code === k || e.message.includes(k.toLowerCase().replace(/_/g, ' ')) || (k === 'ERR_SSL_WRONG_VERSION_NUMBER' && /wrong version number/.test(e.message)),
  );
  if (tlsCode) return `TLS: ${TLS_WORDS[tlsCode]} (${code || tlsCode})`;
  const ssl = sslReason(e);
  if (ssl !== undefined) return ssl;
  if (/:error:[0-9A-F]+:/.test(e.message)) return `TLS: ${withoutInternals(e.message)} (${code || 'TLS'})`;
  return undefined;
}

// ---- the HTTP version ----

/** undici's word for the protocol of the latest connection to each origin (h1, h2), as it connected. */
const versions = new Map<string, string>();
subscribe('undici:client:connected', (message) => {
  const { connectParams } = message as { connectParams: { protocol: string; host: string; version?: string } };
  if (connectParams.version) versions.set(`${connectParams.protocol}//${connectParams.host}`, connectParams.version);
});

/**
 * The HTTP version answers from an origin (`https://host:port`) come in, as a recording names it: HTTP/2 where
 * the latest connection to it negotiated h2 by ALPN, HTTP/1.1 otherwise. By origin, not by request: undici
 * tells which connection a request went on only to its diagnostics, and one deployment negotiates alike.
 */
export function httpVersionOf(origin: string): 'HTTP/2' | 'HTTP/1.1' {
  return versions.get(origin) === 'h2' ? 'HTTP/2' : 'HTTP/1.1';
}

// ---- requests the deployment never processed: the idle-close race, and HTTP/2's GOAWAY ----

/** Answers sent on each socket before the request now on it, and its bytes read when that request went out. */
const socketUse = new WeakMap<Socket, number>();
const sentOn = new WeakMap<object, { socket: Socket; reused: boolean; bytesRead: number }>();
/** Errors of a request sent on a reused connection that closed before any byte of its answer came. */
const closedUnanswered = new WeakSet<object>();

/** The HTTP/2 stream each request went out on: its session, and the id it was given. */
const streamOf = new WeakMap<object, { session: ClientHttp2Session; id: number }>();
/** Errors of a request on a stream the deployment did not process (above a GOAWAY's last, or refused), with the words that say so. */
const unprocessed = new WeakMap<object, string>();

subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: object; socket: Socket };
  const used = socketUse.get(socket) ?? 0;
  socketUse.set(socket, used + 1);
  sentOn.set(request, { socket, reused: used > 0, bytesRead: socket.bytesRead });
  // published just before undici opens the request's stream, which takes the session's next id (RFC 9113 §5.1.1)
  const session = h2SessionOf(socket);
  const id = session?.state.nextStreamID;
  if (session && id !== undefined) streamOf.set(request, { session, id });
});
subscribe('undici:request:error', (message) => {
  const { request, error } = message as { request: object; error: Error & { code?: string } };
  const why = refusedStream(streamOf.get(request), error);
  if (why !== undefined) unprocessed.set(error, why);
  const sent = sentOn.get(request);
  if (!sent?.reused || sent.socket.bytesRead !== sent.bytesRead) return;
  if (['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '')) closedUnanswered.add(error);
});

/**
 * Why a request that failed on this HTTP/2 stream was not processed (RFC 9113): its stream is above the last one a
 * GOAWAY named (§6.8), or the deployment refused it (REFUSED_STREAM, §8.7); undefined otherwise.
 */
function refusedStream(stream: { session: ClientHttp2Session; id: number } | undefined, error: Error): string | undefined {
  if (!stream) return undefined;
  const last = goawayLastOf(stream.session);
  if (last !== undefined && stream.id > last) {
    return `the deployment closed the HTTP/2 connection with GOAWAY (last stream ${last}) before processing this request (stream ${stream.id})`;
  }
  if (/\bNGHTTP2_REFUSED_STREAM\b/.test(error.message))
    return `the deployment refused this request's HTTP/2 stream (REFUSED_STREAM, stream ${stream.id}): it was not processed`;
  return undefined;
}

/**
 * Why a request that failed with this error was never processed by the deployment, so that sending it again is safe
 * whatever its method; undefined where it may have been. Two cases: the idle-close race (it went out on a connection
 * kept alive from an earlier answer, which the deployment, or what stands before it, closed before a byte of this
 * answer came), and an HTTP/2 stream the deployment did not process: above a GOAWAY's last stream id, or refused.
 * A stream at or below a GOAWAY's last id is answered (src/http/undici-treatments.ts); failed, it is not sent again.
 * `ownConnection`: the request goes again on a connection of its own (another kept-alive one may be closing too);
 * after a GOAWAY or a refused stream it goes on the client's other connections, which take no stream once closing,
 * so that a deployment that ends each connection after so many requests is not met with a connection per resend.
 */
export function notProcessed(error: unknown): { why: string; ownConnection: boolean } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if (closedUnanswered.has(error))
    return { why: 'the connection kept alive from an earlier answer was closed before any byte of this answer came', ownConnection: true };
  const why = unprocessed.get(error);
  return why === undefined ? undefined : { why, ownConnection: false };
}
