// The run's stop reaches the client (src/http/run-gate.ts): a request under way is dropped at once, not waited out
// to its timeout; a request after it is not sent, but a put-back is; neither counts against the deployment (the
// breaker, the message); a stop set on another thread is seen by the next request at once; a key refused part-way
// stops the run.
import { createServer, type Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent, request } from 'undici';
import { Client, cutByRunStop } from '../../src/http/client.ts';
import { gated, NotSentError } from '../../src/http/gated.ts';
import { RunGate } from '../../src/http/run-gate.ts';

let server: Server;
let baseUrl: string;
let received: string[] = [];
/** paths answered at once (200, or 401 where the key is "revoked"); every other request is never answered */
const answered = /^\/v1\/(?:organisations|mock-apis)\//;
/** refused: every request (the key revoked), or the paths named (one operation refused) */
let refusing: 'all' | Set<string> = new Set();
const refused = (url: string) => refusing === 'all' || refusing.has(url);

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    if (!answered.test(req.url ?? '')) return;
    const no = refused(req.url ?? '');
    res.writeHead(no ? 401 : 200, { 'content-type': no ? 'text/plain' : 'application/json' });
    res.end(no ? 'Credentials are required to access this resource.' : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const clientOf = (gate: RunGate, more: { keyConfirmedBy?: string } = {}) =>
  new Client({ baseUrl, token: 'k3y-0123456789', forbiddenToken: undefined, timeoutMs: 30_000, gate, ...more });

test('a request under way when the run stops ends at once, saying the run stopped, not the deployment', async () => {
  const gate = new RunGate();
  const client = clientOf(gate);
  const sent = client.send({ method: 'GET', path: '/v1/teams/t-under-way' });
  // the server has the request: it is under way
  await new Promise<void>((resolve) => server.once('request', () => resolve()));
  const stoppedAt = performance.now();
  gate.stop('interrupted');
  const exchange = await sent;
  expect(performance.now() - stoppedAt).toBeLessThan(5000);
  expect(exchange.status).toBe(0);
  expect(exchange.error).toMatch(/^the run was stopped .* before the answer was judged$/);
  expect(cutByRunStop(exchange)).toBe(true);
  await client.close();
  gate.close();
});

test('after the run stopped nothing is sent but a put-back, and five unsent requests do not trip the breaker', async () => {
  const gate = new RunGate();
  const client = clientOf(gate);
  gate.stop('bound');
  received = [];
  for (let i = 0; i < 6; i++) {
    const exchange = await client.send({ method: 'PUT', path: `/v1/organisations/o${i}`, json: { organisation: { name: 'x' } } });
    expect(exchange.error).toMatch(/^not sent: the run was stopped/);
    expect(cutByRunStop(exchange)).toBe(true);
  }
  expect(received).toEqual([]);
  const putBack = await client.send({ method: 'PUT', path: '/v1/organisations/o1', json: { organisation: { name: 'Example' } } }, { putBack: true });
  expect(putBack.status).toBe(200);
  expect(received).toEqual(['PUT /v1/organisations/o1']);
  await client.close();
  gate.close();
});

test('a stop set on another thread is seen by the next request at once, before that thread could post a message', async () => {
  const gate = new RunGate();
  const client = clientOf(gate);
  // the other thread stops the run and, in the same turn, blocks until told: no event of this thread can run between
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads'); const s = new Int32Array(workerData);
     Atomics.compareExchange(s, 0, 0, 1); Atomics.notify(s, 0);`,
    { eval: true, workerData: gate.buffer },
  );
  await new Promise((resolve) => worker.once('exit', resolve));
  received = [];
  // no await between the worker's store and this send's check but the worker's exit: the gate is read, not told
  const exchange = await client.send({ method: 'DELETE', path: '/v1/data-sources/ds-1' });
  expect(gate.reason).toBe('interrupted');
  expect(exchange.error).toMatch(/^not sent: the run was stopped/);
  expect(received).toEqual([]);
  await client.close();
  gate.close();
});

test('a 401 to a request with the key, confirmed by the probe read refused too, stops the run as key-refused', async () => {
  const gate = new RunGate();
  const client = clientOf(gate, { keyConfirmedBy: '/v1/organisations/conformance-reachability-probe' });
  refusing = new Set();
  const path = '/v1/mock-apis/abcde/settings/chaos';
  expect((await client.send({ method: 'PUT', path, json: { chaos: {} } })).status).toBe(200);
  refusing = 'all';
  const refused = await client.send({ method: 'PUT', path, json: { chaos: {} } });
  expect(gate.reason).toBe('key-refused');
  expect(refused.status).toBe(0);
  expect(cutByRunStop(refused)).toBe(true);
  expect(refused.error).toMatch(/^the key stopped being accepted/);
  // the requests sent up to the refusal (the confirmation is sent after it and not counted among them)
  expect(gate.sentWhenStopped).toBe(2);
  // the answer came with the key refused: nothing after it is sent
  expect((await client.send({ method: 'GET', path: '/v1/organisations/o1' })).error).toMatch(/^not sent/);
  refusing = new Set();
  await client.close();
  gate.close();
});

test('a 401 to a request with the key, where the probe read is still accepted, is judged as it came', async () => {
  const gate = new RunGate();
  const client = clientOf(gate, { keyConfirmedBy: '/v1/organisations/conformance-reachability-probe' });
  const path = '/v1/mock-apis/abcde/settings/state';
  refusing = new Set();
  expect((await client.send({ method: 'PUT', path, json: { state: {} } })).status).toBe(200);
  // only this operation is refused now: the key still works for the confirming read
  refusing = new Set([path]);
  const exchange = await client.send({ method: 'PUT', path, json: { state: {} } });
  refusing = new Set();
  expect(exchange.status).toBe(401);
  expect(gate.stopped).toBe(false);
  await client.close();
  gate.close();
});

test('a request handed to undici before the stop, still waiting for a connection, is dropped unwritten', async () => {
  const gate = new RunGate();
  const agent = new Agent({ connections: 1 });
  const dispatcher = gated(agent, gate);
  received = [];
  // the one connection is held by a request never answered; the second waits in undici's queue for it
  const first = request(`${baseUrl}/v1/teams/holds-the-connection`, { dispatcher }).catch((error: Error) => error);
  await new Promise<void>((resolve) => server.once('request', () => resolve()));
  const second = request(`${baseUrl}/v1/organisations/queued`, { dispatcher }).catch((error: Error) => error);
  gate.stop('interrupted');
  // the connection is freed: the queued request now gets it, and is not written
  server.closeAllConnections();
  expect(await second).toBeInstanceOf(NotSentError);
  await first;
  expect(received).toEqual(['GET /v1/teams/holds-the-connection']);
  await agent.close();
  gate.close();
});
