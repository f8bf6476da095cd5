// The run's stop reaches the client: a request under way is dropped at once, not waited out to its timeout; a
// request after it is not sent; neither counts against the deployment (the breaker, the message).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client, cutByRunStop } from '../../src/http/client.ts';

let server: Server;
let baseUrl: string;
let received = 0;

beforeAll(async () => {
  // never answers
  server = createServer(() => {
    received++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a request under way when the run stops ends at once, saying the run stopped, not the deployment', async () => {
  const client = new Client({ baseUrl, token: 'k3y-0123456789', forbiddenToken: undefined, timeoutMs: 30_000 });
  const stop = new AbortController();
  const sent = client.send({ method: 'GET', path: '/v1/organisations/org-1' }, { signal: stop.signal });
  // the server has the request: it is under way
  await new Promise<void>((resolve) => server.once('request', () => resolve()));
  const stoppedAt = performance.now();
  stop.abort();
  const exchange = await sent;
  expect(performance.now() - stoppedAt).toBeLessThan(5000);
  expect(exchange.status).toBe(0);
  expect(exchange.error).toBe('the run was stopped (--run-timeout-ms, or interrupted) before the answer came');
  expect(cutByRunStop(exchange)).toBe(true);
  await client.close();
});

test('after the run stopped nothing is sent, and five such requests do not trip the breaker', async () => {
  const client = new Client({ baseUrl, token: 'k3y-0123456789', forbiddenToken: undefined, timeoutMs: 30_000 });
  const stop = new AbortController();
  stop.abort();
  const before = received;
  for (let i = 0; i < 6; i++) {
    const exchange = await client.send({ method: 'GET', path: `/v1/teams/t${i}` }, { signal: stop.signal });
    expect(exchange.error).toBe('not sent: the run was stopped (--run-timeout-ms, or interrupted)');
    expect(cutByRunStop(exchange)).toBe(true);
  }
  expect(received).toBe(before);
  await client.close();
});
