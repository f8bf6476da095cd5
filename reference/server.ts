// The reference deployment: a faithful, stateful implementation of the interface on node:http. Faults and
// freedoms for the project's self-tests change it only at the named points of reference/patch.ts: a fault breaks
// a statement, a freedom (reference/freedoms/) gives an answer the interface allows besides the reference's own.
// Every start has fresh state and fresh keys.
//
// Per request, in this order: route (404 not-found body / 405), credentials (401), permission (403),
// mockApiId length (404), the resource (404), the body (413, 400), then the operation.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Fixtures } from '../contract/fixtures.ts';
import { mockApiIdFits } from '../contract/limits.ts';
import { operation, type OperationId } from '../contract/schemas.ts';
import { createGuard, createKeys, credentialsOf, type Keys } from './auth.ts';
import { BODY_LIMIT, readBody } from './body.ts';
import { createClock } from './clock.ts';
import { faultList, FAULTS_VARIABLE, loadFaults } from './faults.ts';
import { loadFreedoms } from './freedoms.ts';
import type { Context, Handler } from './handlers/handler.ts';
import { HANDLERS } from './handlers/index.ts';
import { PUSH_POLICIES } from './handlers/push.ts';
import { compose, type Call, type Patch, type Written } from './patch.ts';
import { forbidden, internalError, methodNotAllowed, notFound, payloadTooLarge, unauthorized, type Reply } from './responses.ts';
import { createRouter } from './router.ts';
import { seededFixtures, seededStore, type JsonObject } from './store.ts';
import { checkBody } from './validation.ts';
import { chosenFreedoms } from './variations.ts';

/** pushPolicy: a value of outOfSyncPolicy this deployment accepts (its consent for a run, see handlers/push.ts) */
export type ReferenceFixtures = Required<Fixtures> & Keys & { pushPolicy: string };

export interface ReferenceDeployment {
  baseUrl: string;
  fixtures: ReferenceFixtures;
  close(): Promise<void>;
}

export interface ReferenceOptions {
  /** 0 (the default): a free port */
  port?: number;
  host?: string;
  /** names of faults (reference/faults/); when left out, MOCKAPI_REFERENCE_FAULTS is read */
  faults?: string[];
  /** the ids of the fixtures' resources, in place of the seeded ones (ids outside ASCII, or holding reserved characters) */
  ids?: Fixtures;
  /** names of freedoms (reference/freedoms/); when left out, MOCKAPI_REFERENCE_FREEDOMS is read */
  freedoms?: readonly string[];
  /** variations mode, every freedom at once (reference/variations.ts); when left out, MOCKAPI_REFERENCE_VARIATIONS is read */
  variations?: boolean;
  /**
   * For tests of a client: called once an answer is decided (state changed) and before it is sent; the
   * answer waits for the promise it returns, so a test can act at that exact moment.
   */
  observe?: (exchange: { method: string; path: string; status: number }) => void | Promise<void>;
}

interface Deployment {
  route: ReturnType<typeof createRouter>;
  guard: ReturnType<typeof createGuard>;
  keys: Keys;
  patch: Required<Patch>;
  context: Omit<Context, 'params'>;
  observe?: ReferenceOptions['observe'];
}

/** The answer to one request, in the order: route, credentials, permission, ids, resource, body, operation. */
async function decide(req: IncomingMessage, call: Call, d: Deployment): Promise<{ reply: Reply; resource?: unknown } | undefined> {
  const { patch, context } = d;
  const url = req.url ?? '';
  const match = patch.route({ method: call.method, url }, d.route(call.method, url));
  if (match.kind === 'no-route') return { reply: notFound() };
  if (match.kind === 'method-not-allowed') return { reply: methodNotAllowed(call.method, match.allowed) };
  const id: OperationId = match.id;
  call.operation = id;
  call.params = { ...match.params };

  const authorization = req.headers.authorization;
  const verdict = patch.access(call, d.guard(authorization, call.method), {
    authorization,
    ...credentialsOf(authorization),
    keys: d.keys,
    url,
    headers: req.headers,
  });
  if (typeof verdict === 'object') return { reply: verdict };
  if (verdict === 'unauthenticated') return { reply: unauthorized() };
  if (verdict === 'forbidden') return { reply: forbidden() };

  call.params = patch.params(call, call.params);
  const ctx: Context = { ...context, params: call.params };
  // a mockApiId that cannot name a mock API at all (Limits) is not found
  if (call.params.mockApiId !== undefined && !mockApiIdFits(call.params.mockApiId)) return { reply: notFound() };
  const handler = HANDLERS[id];
  const find = () => patch.found(call, handler.find(ctx));
  if (find() === undefined) return { reply: notFound() };

  let body: JsonObject = {};
  if (operation(id).requestBody) {
    const read = await readBody(req);
    if (read.kind === 'gone') return undefined;
    if (read.kind === 'too-large') return { reply: payloadTooLarge(BODY_LIMIT) };
    call.bytes = read.bytes;
    const checked = checkBody(call as Call & { operation: OperationId }, patch);
    if (!checked.ok) {
      // a body not accepted changes nothing; a fault may still write
      const found = find();
      if (found !== undefined && handler.keep) {
        const kept = patch.write(call, found, found, false);
        if (kept !== found) handler.keep(ctx, found, kept);
      }
      return { reply: checked.reply, resource: found };
    }
    body = checked.body;
  }
  await patch.pause(call);
  // looked up again: another request may have removed it while the body was read
  const found = find();
  if (found === undefined) return { reply: notFound() };
  const kept = changed(call, { ctx, handler, patch }, found, body);
  return { reply: handler.reply(ctx, kept, body), resource: kept };
}

/**
 * What an accepted request makes of the resource found, kept at once; or, where a patch has it land later (`land`),
 * kept only then, made again of what is there by then: a change that lands on a resource removed meanwhile is lost,
 * as the handler would find nothing to change. The answer is made of it as it is now, either way.
 */
function changed(
  call: Call,
  { ctx, handler, patch }: { ctx: Context; handler: Handler<unknown>; patch: Required<Patch> },
  found: unknown,
  body: JsonObject,
): unknown {
  const { change, keep } = handler;
  if (!change || !keep) return found;
  const made = (from: unknown) => patch.write(call, from, change(ctx, from, body), true);
  const kept = made(found);
  const lands = patch.land(call, 0);
  if (lands <= 0) {
    keep(ctx, found, kept);
    return kept;
  }
  setTimeout(() => {
    try {
      const now = handler.find(ctx);
      if (now !== undefined) keep(ctx, now, made(now));
    } catch {
      // a defect of this deployment must not end the process that runs it; the tests show it does not happen
    }
  }, lands).unref();
  return kept;
}

/** The answer as written: its status, its headers with the media type of its body, and the body as text. */
function written(reply: Reply): Written {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | undefined;
  if (reply.json !== undefined) {
    payload = JSON.stringify(reply.json);
    headers['Content-Type'] = reply.contentType ?? 'application/json';
  } else if (reply.text !== undefined) {
    payload = reply.text;
    headers['Content-Type'] = reply.contentType ?? 'text/plain';
  }
  return { status: reply.status, headers, ...(payload === undefined ? {} : { payload }) };
}

function send(res: ServerResponse, { status, headers, payload }: Written): void {
  const lengthed = payload === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(payload)) };
  res.writeHead(status, lengthed);
  res.end(payload);
}

async function handle(req: IncomingMessage, res: ServerResponse, d: Deployment): Promise<void> {
  const call: Call = { operation: undefined, method: req.method ?? '', params: {}, bytes: Buffer.alloc(0), store: d.context.store };
  try {
    const decided = await decide(req, call, d);
    const reply = decided && d.patch.reply(call, decided.reply, decided.resource);
    if (reply && d.observe) await d.observe({ method: req.method ?? '', path: req.url ?? '', status: reply.status });
    if (reply && !res.destroyed) send(res, d.patch.send(call, written(reply)));
  } catch {
    // A defect of this deployment, never the client's doing; the tests show it does not happen. No stack
    // leaves the process.
    if (res.headersSent) res.destroy();
    else if (!res.destroyed) send(res, written(internalError()));
  }
}

/** Node's answer to what it could not read as a request, by its parser's error (anything else: 400). */
const UNPARSED: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** How long a refused connection is read before it is dropped: a client that never stops sending is not waited for. */
const REFUSED_READ_MS = 5000;

/**
 * What the server could not read as a request (headers past its limit, bytes that are not HTTP) gets Node's answer,
 * then the connection ends as a client can read it: the rest of what the client sends is read and dropped until it
 * closes, where Node's own way, dropping the connection with the request unread, resets it and can discard the
 * answer before the client reads it. A connection already answering, or gone, is dropped.
 */
function refuseUnparsed(error: NodeJS.ErrnoException, socket: Socket, refused: Set<Socket>): void {
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (!socket.writable || answering) return void socket.destroy();
  const status = UNPARSED[error.code ?? ''] ?? '400 Bad Request';
  refused.add(socket);
  socket.on('close', () => refused.delete(socket));
  socket.setTimeout(REFUSED_READ_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.resume();
}

function baseUrlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceDeployment> {
  const [freedoms, faults] = await Promise.all([loadFreedoms(chosenFreedoms(options)), loadFaults(options.faults ?? faultList(process.env[FAULTS_VARIABLE]))]);
  const patch = compose([...freedoms, ...faults]);
  const keys = createKeys();
  const ids = patch.ids({ ...seededFixtures(), ...options.ids });
  const store = seededStore(Date.now(), ids);
  const fixtures = { ...ids, ...keys, pushPolicy: PUSH_POLICIES[0] };
  patch.seed(store, fixtures);
  const d: Deployment = {
    route: createRouter(),
    guard: createGuard(keys),
    keys,
    patch,
    context: { store, clock: createClock() },
    ...(options.observe ? { observe: options.observe } : {}),
  };
  const server = createServer((req, res) => void handle(req, res, d));
  const refused = new Set<Socket>();
  // the socket of a server made by createServer is a net.Socket, whatever the listener's type says
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => refuseUnparsed(error, socket as Socket, refused));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    baseUrl: baseUrlOf(server.address() as AddressInfo),
    fixtures,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive connections would otherwise hold close() open, and so would a refused one still read.
        server.closeAllConnections();
        for (const socket of refused) socket.destroy();
      }),
  };
}
