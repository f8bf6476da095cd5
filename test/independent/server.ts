import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate } from './auth.ts';
import { internalError, unauthorized } from './problems.ts';
import { type Reply, Rejection } from './reply.ts';
import { checkPathParameters, rejectQuery, route } from './router.ts';
import type { Store } from './store.ts';

/**
 * Checks run in this order: credentials (401), path and method (404, 405), query (400), path parameters (400),
 * then inside the handler the resource (404), permission (403) and finally the body (400, 413).
 * Credentials come first so an anonymous caller learns nothing, and the body comes last so it is read only for a permitted caller.
 */
async function dispatch(store: Store, req: IncomingMessage): Promise<Reply> {
  const user = authenticate(store, req.headers.authorization);
  if (user === undefined) return unauthorized();
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  const pathname = queryStart < 0 ? target : target.slice(0, queryStart);
  const { handler, params } = route(req.method ?? 'GET', pathname);
  rejectQuery(queryStart < 0 ? '' : target.slice(queryStart + 1));
  checkPathParameters(params);
  return handler({ req, user, store, params });
}

// Answers carry account data, so no cache may keep them; a 204 must not carry a Content-Length (RFC 9110).
function write(res: ServerResponse, reply: Reply): void {
  const length = reply.status === 204 ? {} : { 'content-length': Buffer.byteLength(reply.body) };
  res.writeHead(reply.status, { ...reply.headers, 'cache-control': 'no-store', ...length });
  res.end(reply.status === 204 ? undefined : reply.body);
}

async function serve(store: Store, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    write(res, await dispatch(store, req));
  } catch (error) {
    if (error instanceof Rejection) return write(res, error.reply);
    // An unexpected failure is logged for the operators and answered without internals.
    console.error('independent deployment: unexpected error', error);
    write(res, internalError());
  }
}

export function createApp(store: Store): Server {
  return createServer((req, res) => {
    void serve(store, req, res);
  });
}
