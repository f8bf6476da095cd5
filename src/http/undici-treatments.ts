// Two places where undici 7, the HTTP client, does less than the RFCs ask of a client, brought to them on each
// connection as it opens (undici's diagnostics channel `undici:client:connected`), so that the clone, the
// installed package and a user's vitest all run the same client:
// - HTTP/1.1: undici's parser destroys the connection on a 100 Continue it did not ask for (it never sends
//   Expect), while it skips 102 and 103. RFC 9110 §15.2 asks a client to parse any number of 1xx before the
//   final answer, and §15.2.1 lets it discard a 100 it did not expect: here a 100 is skipped as undici skips 102.
//   Retired when undici's Parser.onHeadersComplete (lib/dispatcher/client-h1.js) skips an unsolicited 100.
// - HTTP/2: undici's GOAWAY listener closes the connection at once and fails the request under way, whatever the
//   last stream id. RFC 9113 §6.8: streams at or below it may be processed and their answers come; those above it
//   were not processed. Here the connection takes no new stream after a GOAWAY, its streams at or below the last
//   id finish, and Node's HTTP/2 ends those above it (REFUSED_STREAM), which src/http/client.ts sends again on
//   another connection; the connection closes once drained, and its client connects anew. A GOAWAY with an error
//   code stays undici's. Retired when the project's undici reads the last stream id (undici 8 does, on Node 22.19+).
// Both reach undici's own objects by the descriptions of its symbols, as src/http/network.ts does: where undici
// names them otherwise, the connection is left as undici made it, and test/http/undici-treatments.test.ts fails.
import { subscribe } from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';
import { constants as http2, type ClientHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';

type Treatment = 'interim' | 'goaway';

/** The treatments each connection (undici's socket) got. */
const treatments = new WeakMap<object, Treatment[]>();

/** The treatments a connection got when it opened: for the test that tells when undici's internals move. */
export function treatmentsOf(socket: object): Treatment[] {
  return treatments.get(socket) ?? [];
}

/** What undici keeps on one of its objects under a symbol of its own, found by the symbol's description. */
function ownValue(object: object, description: string): unknown {
  const key = Object.getOwnPropertySymbols(object).find((s) => s.description === description);
  return key === undefined ? undefined : (object as Record<symbol, unknown>)[key];
}

/**
 * undici's HTTP/2 session of a connection, kept on the socket under a symbol of its own; undefined for an
 * HTTP/1.1 connection (or an undici that keeps it otherwise).
 */
export function h2SessionOf(socket: object): ClientHttp2Session | undefined {
  const session = ownValue(socket, 'http2Session');
  return session instanceof EventEmitter && 'goaway' in session ? (session as ClientHttp2Session) : undefined;
}

type HeadersComplete = (statusCode: number, upgrade: boolean, shouldKeepAlive: boolean) => number;

/** An unsolicited 100 on this HTTP/1.1 connection skipped as undici skips a 102: its parser reads its method at each answer. */
function skipContinue(socket: object): boolean {
  const parser = ownValue(socket, 'parser') as { onHeadersComplete?: HeadersComplete } | undefined;
  const own = parser?.onHeadersComplete;
  if (typeof own !== 'function') return false;
  parser!.onHeadersComplete = function (this: unknown, statusCode, upgrade, shouldKeepAlive) {
    return own.call(this, statusCode === 100 ? 102 : statusCode, upgrade, shouldKeepAlive);
  };
  return true;
}

/** The last stream id each HTTP/2 session's GOAWAY named, the lowest if it sent several (a shutdown in two phases). */
const goawayLast = new WeakMap<ClientHttp2Session, number>();

/** The last stream id a GOAWAY on this session named; undefined before any. */
export function goawayLastOf(session: ClientHttp2Session): number | undefined {
  return goawayLast.get(session);
}

type Listener = (...args: unknown[]) => void;

/**
 * A graceful GOAWAY drains this HTTP/2 connection instead of cutting it: undici's own listener is taken off,
 * its connection made busy for good (no new stream goes on it), and Node's session, which closes itself after a
 * GOAWAY without error, finishes the streams at or below the last id. False where undici is not as expected.
 */
function drainOnGoaway(session: ClientHttp2Session, socket: EventEmitter): boolean {
  const undicis = session.listeners('goaway').filter((l) => l.name === 'onHttp2SessionGoAway') as Listener[];
  const ends = socket.listeners('end').filter((l) => l.name === 'onHttp2SocketEnd') as Listener[];
  const errorKey = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'error');
  const client = ownValue(session, 'client');
  const connection = typeof client === 'object' && client !== null ? ownValue(client, 'http context') : undefined;
  const resume = typeof client === 'object' && client !== null ? ownValue(client, 'resume') : undefined;
  if (
    undicis.length !== 1 ||
    ends.length !== 1 ||
    errorKey === undefined ||
    typeof (connection as { busy?: unknown } | undefined)?.busy !== 'function' ||
    typeof resume !== 'function'
  ) {
    return false;
  }
  const undici = undicis[0]!;
  session.removeListener('goaway', undici);
  // a deployment that closes once its last answers are out sends them and its end of the connection at once:
  // undici's end listener destroys the connection, and with it the streams whose last bytes are read but whose
  // end is not yet told, so it runs once those are
  const end = ends[0]!;
  socket.removeListener('end', end);
  socket.on('end', () => setImmediate(() => end.call(socket)));
  session.on('goaway', (code: number, lastStreamID: number, data: unknown) => {
    const first = !goawayLast.has(session);
    goawayLast.set(session, Math.min(goawayLast.get(session) ?? lastStreamID, lastStreamID));
    if (code !== http2.NGHTTP2_NO_ERROR) return void undici.call(session, code, lastStreamID, data);
    (connection as { busy: () => boolean }).busy = () => true;
    // the error undici's close listener reads, which it would otherwise make from a socket it may have let go of
    (session as unknown as Record<symbol, unknown>)[errorKey] ??= new Error(
      `the deployment closed the HTTP/2 connection (GOAWAY, last stream ${lastStreamID})`,
    );
    // once drained, Node ends its side of the socket and waits for the deployment to close the other, which one
    // waiting for the answer to its PING (an ended session gives none) never does: undici connects anew only
    // once the socket closes
    if (first) socket.once('finish', () => (socket as Socket).destroy());
    // the client learns it is busy now, so that its pool sends the next requests on another connection
    (resume as () => void)();
  });
  return true;
}

subscribe('undici:client:connected', (message) => {
  const { socket } = message as { socket: object };
  const session = h2SessionOf(socket);
  const done: Treatment[] = [];
  if (session ? drainOnGoaway(session, socket as EventEmitter) : skipContinue(socket)) done.push(session ? 'goaway' : 'interim');
  treatments.set(socket, done);
});
