// A check's context counts its round trips in a row (the chain its lane adds up), and the requests of a
// check on a fixture (a chain) take the next free place before those of checks on none.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '../../src/http/client.ts';
import { shared } from '../../src/harness/check.ts';
import { CheckContext } from '../../src/harness/check-context.ts';
import type { Target } from '../../src/judge/target.ts';

let server: Server;
let baseUrl: string;
/** the paths in the order they arrived */
const arrived: string[] = [];

beforeAll(async () => {
  // each answer 20 ms after its request: requests sent together are under way together
  server = createServer((req, res) => {
    arrived.push(req.url ?? '');
    setTimeout(() => res.end('{}'), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const target = { fixtures: {}, profile: 'live', runs: 1, seed: 1, concurrency: 4 } as unknown as Target;
const clientOf = (connections: number) => new Client({ baseUrl, token: 'k', forbiddenToken: undefined, timeoutMs: 5000, connections });

test('round trips: requests one after another count each, requests sent together once, strands side by side as one (a lower bound)', async () => {
  const client = clientOf(8);
  const get = (t: CheckContext, n: number) => t.send({ method: 'GET', path: `/v1/${n}` });
  const inRow = new CheckContext('ORG-RENAME', target, client);
  for (let n = 0; n < 3; n++) await get(inRow, n);
  expect(inRow.roundTrips).toBe(3);
  const together = new CheckContext('ORG-RENAME', target, client);
  await Promise.all([1, 2, 3, 4].map((n) => get(together, n)));
  expect(together.roundTrips).toBe(1);
  // four inputs side by side (a pool), each three requests in a row in a fork of its own: the check always had
  // one under way, so the count is a lower bound, never raised by waits for a place in flight
  const pooled = new CheckContext('ORG-RENAME', target, client);
  await Promise.all(
    [1, 2, 3, 4].map(async () => {
      const run = pooled.fork();
      for (let n = 0; n < 3; n++) await get(run, n);
    }),
  );
  expect(pooled.roundTrips).toBeGreaterThanOrEqual(1);
  expect(pooled.roundTrips).toBeLessThanOrEqual(3);
  await client.close();
});

test("a chain's requests take the next free place before those that waited longer on no fixture", async () => {
  const client = clientOf(1);
  const free = new CheckContext('ORG-RENAME', target, client);
  const chained = new CheckContext('ORG-RENAME', target, client, Number.POSITIVE_INFINITY, 0);
  arrived.length = 0;
  const first = free.send({ method: 'GET', path: '/v1/first' });
  const waiting = [1, 2, 3].map((n) => free.send({ method: 'GET', path: `/v1/free-${n}` }));
  const chain = chained.send({ method: 'GET', path: '/v1/chain' });
  await Promise.all([first, ...waiting, chain]);
  expect(arrived).toEqual(['/v1/first', '/v1/chain', '/v1/free-1', '/v1/free-2', '/v1/free-3']);
  await client.close();
});

test("of the chains' requests waiting for a place, the heaviest chain's go first, each chain's in the order asked", async () => {
  const client = clientOf(1);
  const free = new CheckContext('ORG-RENAME', target, client);
  const light = new CheckContext('DS-VERSION', target, client, Number.POSITIVE_INFINITY, 3);
  const heavy = new CheckContext('ORG-RENAME', target, client, Number.POSITIVE_INFINITY, 40);
  arrived.length = 0;
  const first = free.send({ method: 'GET', path: '/v1/first' });
  const waiting = [
    free.send({ method: 'GET', path: '/v1/free' }),
    light.send({ method: 'GET', path: '/v1/light-1' }),
    heavy.send({ method: 'GET', path: '/v1/heavy-1' }),
    light.send({ method: 'GET', path: '/v1/light-2' }),
    heavy.send({ method: 'GET', path: '/v1/heavy-2' }),
  ];
  await Promise.all([first, ...waiting]);
  expect(arrived).toEqual(['/v1/first', '/v1/heavy-1', '/v1/heavy-2', '/v1/light-1', '/v1/light-2', '/v1/free']);
  await client.close();
});

test('a request several checks of a fixture share (shared) is of the chain too, sent through the client itself', async () => {
  const client = clientOf(1);
  const free = new CheckContext('ORG-RENAME', target, client);
  arrived.length = 0;
  const first = free.send({ method: 'GET', path: '/v1/first' });
  const waiting = [1, 2].map((n) => free.send({ method: 'GET', path: `/v1/free-${n}` }));
  const get = shared(({ client }) => client.send({ method: 'GET', path: '/v1/shared' }));
  await Promise.all([first, ...waiting, get(free), get(free)]);
  expect(arrived).toEqual(['/v1/first', '/v1/shared', '/v1/free-1', '/v1/free-2']);
  await client.close();
});
