// The treatments of undici's HTTP/1.1 interim answers and HTTP/2 GOAWAY (src/http/undici-treatments.ts), on
// undici's connections as they open. Where undici's internals move, these fail: the treatment was not applied.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { constants as http2, createSecureServer, type Http2Session, type ServerHttp2Stream } from 'node:http2';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { request, type Dispatcher } from 'undici';
import { dispatcherFor, notProcessed } from '../../src/http/network.ts';
import { treatmentsOf } from '../../src/http/undici-treatments.ts';
import { certificates } from '../support/certificates.ts';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The sockets undici opens while `body` runs. */
async function connectionsOf(body: () => Promise<void>): Promise<object[]> {
  const sockets: object[] = [];
  const onConnected = (message: unknown) => sockets.push((message as { socket: object }).socket);
  subscribe('undici:client:connected', onConnected);
  try {
    await body();
  } finally {
    unsubscribe('undici:client:connected', onConnected);
  }
  return sockets;
}

/** One connection, three requests at a time on it over HTTP/2: the requests of a test go on the same one. */
function dispatcher(): Dispatcher {
  const d = dispatcherFor({ direct: true, caFile: certificates().ca }, { connections: 1, pipelining: 3 });
  stops.push(() => d.close());
  return d;
}

test('HTTP/1.1: 100 Continue unasked, 102 and 103 before each answer are skipped, on a connection kept alive', async () => {
  let connections = 0;
  const server = createServer((socket: Socket) => {
    connections++;
    socket.on('data', (d) => {
      if (!d.includes('\r\n\r\n')) return;
      socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </v1>; rel=preload\r\n\r\n');
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const d = dispatcher();
  const sockets = await connectionsOf(async () => {
    for (const method of ['PUT', 'GET'] as const) {
      const answer = await request(url, { method, body: method === 'PUT' ? '{"name":"a"}' : undefined, dispatcher: d });
      expect(answer.statusCode).toBe(200);
      expect(await answer.body.text()).toBe('{"ok":true}');
    }
  });
  expect(connections).toBe(1);
  expect(sockets.map(treatmentsOf)).toEqual([['interim']]);
});

test('HTTP/2: after a graceful GOAWAY, streams at or below its last id are answered; the one above it was not processed', async () => {
  const { key, cert } = certificates();
  const held: ServerHttp2Stream[] = [];
  const server = createSecureServer({ key, cert });
  const sessions: Http2Session[] = [];
  server.on('session', (session) => sessions.push(session));
  server.on('stream', (stream) => {
    held.push(stream.on('error', () => {}));
    if (held.length < 3) return;
    // the third stream arrives: a GOAWAY names the second, the third is never processed, the first two are answered
    stream.session!.goaway(http2.NGHTTP2_NO_ERROR, held[1]!.id!);
    for (const s of held.slice(0, 2)) s.respond({ ':status': 200, 'content-type': 'application/json' }), s.end(`{"stream":${s.id}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => (sessions.forEach((session) => session.destroy()), server.close(resolve))));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const d = dispatcher();
  let results: PromiseSettledResult<string>[] = [];
  const sockets = await connectionsOf(async () => {
    const send = async () => (await request(url, { method: 'GET', dispatcher: d })).body.text();
    results = await Promise.allSettled([send(), send(), send()]);
  });
  expect(sockets.map(treatmentsOf)).toEqual([['goaway']]);
  expect(results.slice(0, 2).map((r) => r.status === 'fulfilled' && r.value)).toEqual(['{"stream":1}', '{"stream":3}']);
  expect(results[2]!.status).toBe('rejected');
  expect(notProcessed((results[2] as PromiseRejectedResult).reason)).toEqual({
    why: 'the deployment closed the HTTP/2 connection with GOAWAY (last stream 3) before processing this request (stream 5)',
    ownConnection: false,
  });
});

test('HTTP/2: a connection drained after a GOAWAY is let go of even when the deployment never closes it; the next request opens another', async () => {
  const { key, cert } = certificates();
  const server = createSecureServer({ key, cert });
  const sessions: Http2Session[] = [];
  server.on('session', (session) => sessions.push(session.on('error', () => {})));
  server.on('stream', (stream) => {
    // the first phase of a shutdown in two (RFC 9113 §6.8), whose second never comes: the connection stays open
    if (stream.id === 1) stream.session!.goaway(http2.NGHTTP2_NO_ERROR, 2 ** 31 - 1);
    stream.respond({ ':status': 200 });
    stream.end(`{"stream":${stream.id}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => (sessions.forEach((session) => session.destroy()), server.close(resolve))));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const d = dispatcher();
  const answers: string[] = [];
  const sockets = await connectionsOf(async () => {
    for (let i = 0; i < 2; i++) answers.push(await (await request(url, { dispatcher: d })).body.text());
  });
  expect(answers).toEqual(['{"stream":1}', '{"stream":1}']);
  expect(sockets.map(treatmentsOf)).toEqual([['goaway'], ['goaway']]);
});
