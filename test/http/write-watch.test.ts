// A key that may read but not write: a 403 to a write with it is confirmed once, by renaming the organisation to its
// own name while no other write with the key is under way; refused too, no write with the key is sent or judged more,
// and the run's gate says so. A 403 the confirmation does not confirm is the deployment's answer, judged.
import { createServer, type Server } from 'node:http';
import { afterEach, expect, test, vi } from 'vitest';
import { Client } from '../../src/http/client.ts';
import { RunGate } from '../../src/http/run-gate.ts';
import { notJudged, PENDING_EFFECT_MS } from '../../src/http/transient.ts';
import { WRITES_REFUSED, WriteWatch } from '../../src/http/write-watch.ts';

const KEY = 'r3ad-0nly-K3y-0123456789';
const FORBIDDEN = 'f0rbidden-K3y-0123456789';
const ORGANISATION = '/v1/organisations/org-1';
const FORBIDDEN_BODY = { errors: [{ code: 403, title: 'Forbidden', detail: 'not permitted', source: {} }] };

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/**
 * A deployment of one organisation that logs every request (method, path, body): reads are answered, writes with
 * the key are answered 403 where `refuses` says so, and 200 otherwise (a rename renames).
 */
async function deployment(refuses: (path: string) => boolean): Promise<{ baseUrl: string; log: string[] }> {
  const log: string[] = [];
  let name = 'Example Ltd';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      log.push(`${req.method} ${req.url}${body ? ` ${body}` : ''}`);
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'GET' && req.headers.authorization !== `Token ${KEY}`) return void res.writeHead(403).end(JSON.stringify(FORBIDDEN_BODY));
      if (req.method !== 'GET' && refuses(req.url!)) return void res.writeHead(403).end(JSON.stringify(FORBIDDEN_BODY));
      if (req.method === 'PUT' && req.url === ORGANISATION) name = (JSON.parse(body) as { organisation: { name: string } }).organisation.name;
      res.end(JSON.stringify({ organisation: { id: 'org-1', name } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, log };
}

function clientOf(baseUrl: string, gate: RunGate): Client {
  const client = new Client({ baseUrl, token: KEY, forbiddenToken: FORBIDDEN, timeoutMs: 5000, gate, writesConfirmedBy: ORGANISATION });
  closing.push(() => client.close());
  return client;
}

const rename = { method: 'PUT' as const, path: ORGANISATION, json: { organisation: { name: 'Example Ltd' } } };

test('writes answered 403 together: one confirmation, then no write with the key is sent or judged; reads, the forbidden key and put-backs go on', async () => {
  const { baseUrl, log } = await deployment(() => true);
  const gate = new RunGate();
  closing.push(async () => gate.close());
  const client = clientOf(baseUrl, gate);
  const writes = await Promise.all([1, 2, 3, 4].map((n) => client.send({ method: 'PUT', path: `/v1/data-sources/ds-${n}`, json: { dataSource: {} } })));
  for (const ex of writes) {
    expect(ex.status).toBe(0);
    expect(notJudged(ex)).toBe(WRITES_REFUSED);
  }
  expect(gate.writesRefused).toBe(true);
  expect(gate.stopped).toBe(false);
  // the writes in flight, then the confirmation: the organisation read, and renamed to the name it read
  const confirmation = [`GET ${ORGANISATION}`, `PUT ${ORGANISATION} {"organisation":{"name":"Example Ltd"}}`];
  expect(log.slice(-2)).toEqual(confirmation);
  expect(log.filter((line) => line.startsWith('PUT /v1/data-sources/')).length).toBeGreaterThan(0);
  const sent = log.length;
  const later = await client.send({ method: 'DELETE', path: '/v1/data-sources/ds-5' });
  expect([later.status, later.withheld]).toEqual([0, WRITES_REFUSED]);
  expect(log).toHaveLength(sent);
  expect((await client.send({ method: 'GET', path: ORGANISATION })).status).toBe(200);
  const forbidden = await client.send({ method: 'PUT', path: ORGANISATION, credentials: 'forbidden', json: {} });
  expect([forbidden.status, notJudged(forbidden)]).toEqual([403, undefined]);
  const putBack = await client.send(rename, { putBack: true });
  expect([putBack.status, putBack.withheld]).toEqual([403, undefined]);
  expect(log.filter((line) => line === confirmation[0])).toHaveLength(2);
});

test('a 403 the rename does not confirm is the deployment answer, judged; the key is not asked after again', async () => {
  // a deployment that answers a made-up team 403, and lets the key rename the organisation
  const { baseUrl, log } = await deployment((path) => path.startsWith('/v1/teams/'));
  const gate = new RunGate();
  closing.push(async () => gate.close());
  const client = clientOf(baseUrl, gate);
  for (let i = 0; i < 2; i++) {
    const ex = await client.send({ method: 'DELETE', path: '/v1/teams/made-up/members/user-1' });
    expect([ex.status, notJudged(ex)]).toEqual([403, undefined]);
  }
  expect(log).toEqual([
    'DELETE /v1/teams/made-up/members/user-1',
    `GET ${ORGANISATION}`,
    `PUT ${ORGANISATION} {"organisation":{"name":"Example Ltd"}}`,
    'DELETE /v1/teams/made-up/members/user-1',
  ]);
  expect(gate.writesRefused).toBe(false);
  expect((await client.send(rename)).status).toBe(200);
});

test('the confirmation waits for every write under way; writes asked for meanwhile wait for it; it runs once', async () => {
  const confirm = vi.fn(async () => true);
  const refused = vi.fn();
  const watch = new WriteWatch(confirm, refused);
  // one write on the wire, another answered 403
  watch.sent();
  watch.sent();
  watch.answered();
  const first = watch.refusedBy(403);
  expect(watch.confirming).toBeDefined();
  await new Promise((resolve) => setImmediate(resolve));
  expect(confirm).not.toHaveBeenCalled();
  watch.answered();
  expect(await first).toBe(true);
  expect(await watch.refusedBy(403)).toBe(true);
  expect([confirm.mock.calls.length, refused.mock.calls.length, watch.writesRefused, watch.confirming]).toEqual([1, 1, true, undefined]);
  // a 200 is no refusal, and a watch that found the key may write judges every later 403
  const allowed = new WriteWatch(async () => false, refused);
  expect(await allowed.refusedBy(200)).toBe(false);
  expect(await allowed.refusedBy(403)).toBe(false);
  expect(await allowed.refusedBy(403)).toBe(false);
  expect(allowed.writesRefused).toBe(false);
});

test('the confirmation waits until a write answered 202 has had its time to land: the name it reads is not one about to be replaced', async () => {
  vi.useFakeTimers();
  try {
    const confirm = vi.fn(async () => false);
    const watch = new WriteWatch(confirm, vi.fn());
    watch.sent();
    watch.workPending();
    watch.answered();
    const found = watch.refusedBy(403);
    await vi.advanceTimersByTimeAsync(PENDING_EFFECT_MS - 1);
    expect(confirm).not.toHaveBeenCalled();
    expect(watch.confirming).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await found).toBe(false);
    expect(confirm).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});
