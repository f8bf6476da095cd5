// What stands before a real deployment, for the networks tests: a front that forwards to the reference and
// does, legitimately, what CDNs, gateways and load balancers do (compress answers whatever the request asked,
// close idle connections unannounced, send interim answers (100, 102, 103) and trailers, answer 503 while cold, serve under a
// path, listen on IPv6, speak TLS, speak only HTTP/2), and a forward proxy of the test's own. Loopback only;
// close() stops all.
import { createServer as createHttp, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import { createServer as createHttps } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';

export interface FrontOptions {
  /** the address to listen on: 127.0.0.1 (default) or ::1 */
  host?: string;
  /** the interface is served under this path (the base URL carries it) */
  prefix?: string;
  /** the content coding of the nth answer (several: "gzip, br"); any name, a made-up one is sent as is */
  coding?: (n: number) => string | undefined;
  /** a connection idle this long after an answer is closed, and no Keep-Alive header announces it */
  idleCloseMs?: number;
  /** HTTP/1.1: each connection ends after this many answers, the last saying Connection: close (a deployment that keeps none alive: 1) */
  answersPerConnection?: number;
  /** a 103 Early Hints before every answer */
  earlyHints?: boolean;
  /** 100 Continue as a request arrives (no Expect asked for it), then 102 Processing and 103 Early Hints before every answer */
  interim?: boolean;
  /** the body chunked, with a trailer field after it */
  trailers?: boolean;
  /** the first request is answered 503 with this Retry-After (a cold start) */
  coldStart?: () => string;
  /** requests without this header (the test's proxy adds it) get a web page, 403: only the proxy is trusted */
  trusts?: [string, string];
  /** TLS with this key and certificate */
  tls?: { key: string; cert: string };
  /** with tls: HTTP/2 only, the one protocol ALPN offers (node:http2, allowHTTP1 false), as an h2-only deployment */
  h2?: boolean;
  /** requests it closes the connection on without a byte of answer (a deployment that lost them) */
  drops?: (method: string, path: string) => boolean;
  /** the deployment's answer to a request as the front passes it on, changed (a deviation only some answers show) */
  rewrite?: (method: string, path: string, status: number, body: Buffer) => Buffer;
}

export interface Front {
  baseUrl: string;
  /** what it did: connections accepted, answers per coding, early hints, trailers, idle closes, cold starts, refused */
  counts: Record<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
]);

const ENCODE: Record<string, (b: Buffer) => Buffer> = { gzip: gzipSync, 'x-gzip': gzipSync, deflate: deflateSync, br: brotliCompressSync };

/** The body in the codings named, applied in order (unknown ones leave it as it is: the name is the point). */
function encode(body: Buffer, codings: string): Buffer {
  return codings
    .split(',')
    .map((c) => c.trim())
    .reduce((b, c) => (ENCODE[c] ? ENCODE[c](b) : b), body);
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Closes a server and every connection it holds. */
async function stop(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The server of a front: plain HTTP/1.1, HTTPS, or HTTP/2 alone over TLS (the compatibility API takes the same handler). */
function serverFor(options: FrontOptions, onRequest: (req: IncomingMessage, res: ServerResponse) => void): Server {
  if (!options.tls) return createHttp(onRequest);
  if (!options.h2) return createHttps({ ...options.tls }, onRequest);
  return createSecureServer({ ...options.tls, allowHTTP1: false }, onRequest as never) as unknown as Server;
}

export async function startFront(upstream: string, options: FrontOptions = {}): Promise<Front> {
  const counts: Record<string, number> = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const prefix = options.prefix ?? '';
  let answered = 0;
  const idle = new WeakMap<Socket, NodeJS.Timeout>();
  const answersOn = new WeakMap<Socket, number>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    clearTimeout(idle.get(req.socket));
    if (options.interim) res.writeContinue();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (options.idleCloseMs !== undefined) {
      // closed when idle, unannounced: the client finds out when it sends on it
      res.once('finish', () =>
        idle.set(
          req.socket,
          setTimeout(() => (count('idle-closed'), req.socket.destroy()), options.idleCloseMs),
        ),
      );
    }
    if (options.trusts && req.headers[options.trusts[0]] !== options.trusts[1]) {
      count('refused');
      res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>Access denied: use the corporate proxy</body></html>');
      return;
    }
    if (options.drops?.(req.method!, req.url!)) {
      count('dropped');
      req.socket.destroy();
      return;
    }
    if (options.coldStart && answered++ === 0) {
      count('cold-start');
      res.writeHead(503, { 'retry-after': options.coldStart(), 'content-type': 'text/html' }).end('<html>warming up</html>');
      return;
    }
    if (!req.url!.startsWith(`${prefix}/`)) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html>not here</html>');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        // HTTP/2's pseudo-headers (:method, :path…) are no header fields to forward
        ([k]) => !HOP_BY_HOP.has(k) && k !== 'host' && k !== 'accept-encoding' && !k.startsWith('x-through') && !k.startsWith(':'),
      ),
    );
    if (req.httpVersion === '2.0') count('h2');
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const upstreamAnswer = await request(upstream + req.url!.slice(prefix.length), {
      method: req.method as 'GET',
      headers: headers as Record<string, string>,
      body,
      dispatcher: agent,
    });
    let bytes: Buffer = Buffer.from(await upstreamAnswer.body.arrayBuffer());
    if (options.rewrite) bytes = options.rewrite(req.method!, req.url!.slice(prefix.length), upstreamAnswer.statusCode, bytes);
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(upstreamAnswer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
    if (options.interim) {
      count('interim');
      res.writeProcessing();
      res.writeEarlyHints({ link: '</v1/organisations>; rel=preload' });
    }
    if (options.earlyHints) {
      count('early-hints');
      res.writeEarlyHints({ link: '</v1/organisations>; rel=preload' });
    }
    const onSocket = (answersOn.get(req.socket) ?? 0) + 1;
    answersOn.set(req.socket, onSocket);
    if (options.answersPerConnection !== undefined && onSocket >= options.answersPerConnection) out.connection = 'close';
    const coding = options.coding?.(count('answers') - 1);
    if (coding && bytes.length > 0) {
      count(coding);
      bytes = encode(bytes, coding);
      out['content-encoding'] = coding;
      out.vary = 'Accept-Encoding';
    }
    if (options.trailers) {
      count('trailers');
      res.writeHead(upstreamAnswer.statusCode, { ...out, trailer: 'x-checksum' });
      res.write(bytes);
      res.addTrailers({ 'x-checksum': String(bytes.length) });
      res.end();
      return;
    }
    res.writeHead(upstreamAnswer.statusCode, { ...out, 'content-length': String(bytes.length) }).end(bytes);
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => void handle(req, res).catch(() => res.destroy());
  const server = serverFor(options, onRequest);
  // no server-side keep-alive timeout: Node would announce it (Keep-Alive: timeout=5); idleCloseMs closes unannounced
  server.keepAliveTimeout = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => (count('connections'), sockets.add(s), s.on('close', () => sockets.delete(s))));
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, host);
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${hostPart}:${port}${prefix}`,
    counts,
    close: async () => {
      await stop(server, sockets);
      await agent.close();
    },
  };
}

export interface TestProxy {
  url: string;
  /** requests forwarded in absolute form, and tunnels opened with CONNECT */
  forwarded: number;
  tunnels: number;
  close(): Promise<void>;
}

/**
 * A forward proxy: absolute-form requests are forwarded with `trusted` added (the header the front trusts),
 * CONNECT opens a tunnel. With `credentials` (user:password) it answers 407 to a request without them.
 */
export async function startTestProxy(trusted: [string, string], credentials?: string): Promise<TestProxy> {
  const proxy = { forwarded: 0, tunnels: 0 };
  const authorised = (req: IncomingMessage) => !credentials || req.headers['proxy-authorization'] === `Basic ${Buffer.from(credentials).toString('base64')}`;
  const server = createHttp((req, res) => {
    if (!authorised(req)) return void res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
    proxy.forwarded++;
    const url = new URL(req.url!);
    const headers = { ...req.headers, [trusted[0]]: trusted[1] };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const forward = httpRequest(
      { host: url.hostname.replace(/[[\]]/g, ''), port: url.port, path: url.pathname + url.search, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    if (!authorised(req)) return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
    proxy.tunnels++;
    const [host, port] = [req.url!.replace(/:\d+$/, '').replace(/[[\]]/g, ''), Number(/:(\d+)$/.exec(req.url!)?.[1] ?? 443)];
    const target = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.write(head);
      target.pipe(client);
      client.pipe(target);
    });
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
    sockets.add(target);
    target.on('close', () => sockets.delete(target));
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  const port = await listen(server, '127.0.0.1');
  const userinfo = credentials ? `${credentials.split(':').map(encodeURIComponent).join(':')}@` : '';
  return {
    url: `http://${userinfo}127.0.0.1:${port}`,
    get forwarded() {
      return proxy.forwarded;
    },
    get tunnels() {
      return proxy.tunnels;
    },
    close: () => stop(server, sockets),
  };
}
