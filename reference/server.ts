// The reference deployment: a faithful, stateful implementation of the interface on node:http, with
// switchable faults for the project's self-tests and a variations mode (reference/variations.ts). Every
// start has fresh state and fresh keys.
//
// Per request, in this order: route (404 not-found body / 405), credentials (401), permission (403),
// mockApiId length (404), the resource (404), the body (413, 400), then the operation.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operation, type Json, type OperationId } from '../src/contract/schemas.ts';
import type { Fixtures } from '../src/fixtures.ts';
import { createGuard, createKeys } from './auth.ts';
import { BODY_LIMIT, readBody } from './body.ts';
import { createClock } from './clock.ts';
import { faultList, FAULTS_VARIABLE, switchOn, type FaultName, type Faults } from './faults.ts';
import type { Context } from './handlers/handler.ts';
import { HANDLERS } from './handlers/index.ts';
import { PUSH_POLICIES } from './handlers/push.ts';
import { forbidden, internalError, methodNotAllowed, notFound, payloadTooLarge, unauthorized, type Reply } from './responses.ts';
import { createRouter } from './router.ts';
import { NON_UUID_REQUEST_ID, relogFixtureRequest, seededFixtures, seededStore, SEED, type JsonObject } from './store.ts';
import { checkBody } from './validation.ts';
import { CHARSET, unprocessable, variationsOn, varyJson } from './variations.ts';

/** pushPolicy: a value of outOfSyncPolicy this deployment accepts (its consent for a run, see handlers/push.ts) */
export type ReferenceFixtures = Required<Fixtures> & { token: string; forbiddenToken: string; pushPolicy: string };

export interface ReferenceDeployment {
  baseUrl: string;
  fixtures: ReferenceFixtures;
  close(): Promise<void>;
}

export interface ReferenceOptions {
  /** 0 (the default): a free port */
  port?: number;
  host?: string;
  /** names from FAULTS; when left out, MOCKAPI_REFERENCE_FAULTS is read */
  faults?: string[];
  /** variations mode (reference/variations.ts); when left out, MOCKAPI_REFERENCE_VARIATIONS is read */
  variations?: boolean;
  /**
   * For tests of a client: called once an answer is decided (state changed) and before it is sent; the
   * answer waits for the promise it returns, so a test can act at that exact moment.
   */
  observe?: (exchange: { method: string; path: string; status: number }) => void | Promise<void>;
}

const MOCK_API_ID_LENGTH = { min: 5, max: 10 };

interface Deployment {
  route: ReturnType<typeof createRouter>;
  guard: ReturnType<typeof createGuard>;
  context: Omit<Context, 'params'>;
  observe?: ReferenceOptions['observe'];
}

/** Replaces params.mockApiId as the operation will see it; undefined when the id cannot name a mock API. */
function mockApiIdOf(id: string, faults: Faults): string | undefined {
  const length = [...id].length;
  if (length >= MOCK_API_ID_LENGTH.min && length <= MOCK_API_ID_LENGTH.max) return id;
  if (length === 4 && faults.has('mock-api-id-length-4-accepted')) return SEED.mockApiId;
  if (length === 11 && faults.has('mock-api-id-length-11-accepted')) return SEED.mockApiId;
  return undefined;
}

/** Operations whose answer to a request without credentials a fault leaves open. */
const OPEN: Partial<Record<OperationId, FaultName>> = { getOrganisation: 'auth-open-get-organisation', pushOpenApiToGit: 'auth-open-push' };

/**
 * A resource of the path that is not there: the handler's own answer where a fault changes it, else 404
 * with the not-found body; in variations mode without a body where the interface shows no 404 for the
 * operation.
 */
function missing(id: OperationId, ctx: Context): Reply {
  const special = HANDLERS[id].missing?.(ctx);
  if (special) return special;
  if (ctx.variations && !operation(id).responses.has('404')) return { status: 404 };
  return notFound(ctx.faults);
}

async function answer(req: IncomingMessage, d: Deployment): Promise<Reply | undefined> {
  const { faults, variations } = d.context;
  const method = req.method ?? '';
  const match = d.route(method, req.url ?? '');
  if (match.kind === 'no-route') return notFound(faults);
  if (match.kind === 'method-not-allowed') return methodNotAllowed(method, match.allowed);
  const id: OperationId = match.id;

  const authorization = req.headers.authorization;
  const openFault = OPEN[id];
  const open = authorization === undefined && openFault !== undefined && faults.has(openFault);
  let verdict = open ? 'permitted' : d.guard(authorization);
  if (verdict === 'forbidden' && id === 'getOrganisation' && faults.has('forbidden-key-permitted')) verdict = 'permitted';
  if (verdict === 'unauthenticated') return unauthorized(faults, variations);
  // forbidden-delete-404: the key without permission is told the data source does not exist
  if (verdict === 'forbidden' && id === 'deleteDataSource' && faults.has('forbidden-delete-404')) return notFound(faults);
  if (verdict === 'forbidden') return forbidden(faults);

  const params = { ...match.params };
  const ctx: Context = { ...d.context, params };
  if (params.mockApiId !== undefined) {
    const mockApiId = mockApiIdOf(params.mockApiId, faults);
    if (mockApiId === undefined) return missing(id, ctx);
    params.mockApiId = mockApiId;
  }
  const handler = HANDLERS[id];
  if (handler.find(ctx) === undefined) return missing(id, ctx);

  let body: JsonObject = {};
  if (operation(id).requestBody) {
    const read = await readBody(req);
    if (read.kind === 'gone') return undefined;
    // oversize-body-500: a body past the limit is the server's trouble instead of the client's
    if (read.kind === 'too-large') return faults.has('oversize-body-500') ? internalError() : payloadTooLarge(BODY_LIMIT);
    const checked = checkBody(id, read.bytes, faults);
    if (!checked.ok) {
      const found = handler.find(ctx);
      if (found !== undefined && checked.body !== undefined) handler.rejected?.(ctx, found, checked.body);
      return variations ? unprocessable(checked.reply) : checked.reply;
    }
    body = checked.body;
  }
  const found = handler.find(ctx);
  if (found === undefined) return missing(id, ctx);
  return handler.run(ctx, found, body);
}

function send(res: ServerResponse, reply: Reply, { faults, variations }: Deployment['context']): void {
  const headers: Record<string, string> = { ...reply.headers };
  const charset = variations ? CHARSET : '';
  let payload: string | undefined;
  if (reply.json !== undefined) {
    payload = JSON.stringify(variations ? varyJson(reply.json as Json) : reply.json);
    const textPlain = reply.status < 300 && faults.has('json-media-type-text-plain');
    headers['Content-Type'] = `${textPlain ? 'text/plain' : 'application/json'}${charset}`;
  } else if (reply.text !== undefined) {
    payload = reply.text;
    headers['Content-Type'] = `text/plain${charset}`;
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}

async function handle(req: IncomingMessage, res: ServerResponse, d: Deployment): Promise<void> {
  try {
    const reply = await answer(req, d);
    if (reply && d.observe) await d.observe({ method: req.method ?? '', path: req.url ?? '', status: reply.status });
    if (reply && !res.destroyed) send(res, reply, d.context);
  } catch {
    // A defect of this deployment, never the client's doing; the tests show it does not happen. No stack
    // leaves the process.
    if (res.headersSent) res.destroy();
    else if (!res.destroyed) send(res, internalError(), d.context);
  }
}

function baseUrlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceDeployment> {
  const faults = switchOn(options.faults ?? faultList(process.env[FAULTS_VARIABLE]));
  const variations = variationsOn(options.variations);
  const keys = createKeys();
  const store = seededStore(Date.now());
  const fixtures = { ...seededFixtures(), ...keys, pushPolicy: PUSH_POLICIES[0] };
  if (faults.has('logged-request-id-not-uuid')) {
    relogFixtureRequest(store, NON_UUID_REQUEST_ID);
    fixtures.requestId = NON_UUID_REQUEST_ID;
  }
  const d: Deployment = {
    route: createRouter(),
    guard: createGuard(keys, { faults, variations }),
    context: { store, faults, variations, clock: createClock() },
    ...(options.observe ? { observe: options.observe } : {}),
  };
  const server = createServer((req, res) => void handle(req, res, d));
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
        // Idle keep-alive connections would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
