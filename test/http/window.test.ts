// The adaptive window of requests in flight (src/http/window.ts, Client.turn): it grows while answers come back
// without 429, 503 or latency growing, halves on them, stays within its ceiling; against a deployment that
// allows N at once and answers 429 above it, it settles near N with fewer 429s than a fixed window above N.
// A run against a deployment given by URL without --concurrency adapts, and its report and summary say the range.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { startRecorder, type Recorder } from '../../bench/recorder.ts';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { Client } from '../../src/http/client.ts';
import { InFlightWindow } from '../../src/http/window.ts';
import { useRunners } from '../support/runners.ts';

// the run below, made by a runner of this thread (test/support/runners.ts)
const runner = useRunners(1);

describe('the window', () => {
  test('grows by about one per full window of answers, not past its ceiling, and only when it was full', () => {
    const w = new InFlightWindow(4, 6);
    for (let i = 0; i < 4; i++) w.answered(w.ticket(1), 200, 5);
    expect(w.limit).toBe(4);
    for (let i = 0; i < 4; i++) w.answered(w.ticket(4), 200, 5);
    expect(w.limit).toBe(5);
    for (let i = 0; i < 100; i++) w.answered(w.ticket(w.limit), 200, 5);
    expect(w.limit).toBe(6);
    expect(w.range()).toEqual({ from: 4, ceiling: 6, min: 4, max: 6 });
  });

  test('a 429 or a 503 halves it, once for the requests that were under way together, down to one', () => {
    const w = new InFlightWindow(8, 16);
    const together = Array.from({ length: 8 }, () => w.ticket(8));
    for (const t of together) w.answered(t, 429, 5);
    expect(w.limit).toBe(4);
    w.answered(w.ticket(4), 503, 5);
    expect(w.limit).toBe(2);
    w.answered(w.ticket(2), 429, 5);
    w.answered(w.ticket(1), 429, 5);
    expect(w.limit).toBe(1);
    expect(w.range().min).toBe(1);
  });

  test('a latency jump halves it, but not below where it started; a request with no answer changes nothing', () => {
    const w = new InFlightWindow(4, 32);
    for (let i = 0; i < 200; i++) w.answered(w.ticket(w.limit), 200, 50);
    expect(w.limit).toBeGreaterThan(16);
    const grown = w.limit;
    for (let i = 0; i < 40; i++) w.answered(w.ticket(w.limit), 200, 400);
    expect(w.limit).toBeLessThanOrEqual(grown / 2);
    for (let i = 0; i < 400; i++) w.answered(w.ticket(w.limit), 200, 400);
    expect(w.limit).toBe(4);
    w.answered(w.ticket(4), 0, 10_000);
    expect(w.limit).toBe(4);
  });
});

describe('against a deployment that allows N requests at once', () => {
  const N = 6;
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** Answers 429 (Retry-After: 0) to a request above N under way, else 200 after 15 ms; counts both. */
  async function limited(): Promise<{ baseUrl: string; seen: { inFlight: number[]; tooMany: number } }> {
    const seen = { inFlight: [] as number[], tooMany: 0 };
    let under = 0;
    server = createServer((_req, res) => {
      if (under >= N) {
        seen.tooMany++;
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' }).end('slow down');
        return;
      }
      under++;
      seen.inFlight.push(under);
      setTimeout(() => {
        under--;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }, 15);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { baseUrl: `http://127.0.0.1:${(server!.address() as { port: number }).port}`, seen };
  }

  async function sendAll(client: Client, count: number): Promise<number> {
    const sent = await Promise.all(Array.from({ length: count }, () => client.send({ method: 'GET', path: '/v1/organisations/x' })));
    await client.close();
    return sent.filter((e) => e.status === 200).length;
  }

  test('the adaptive window settles near N, with fewer 429s than a fixed window above N', async () => {
    const adaptive = await limited();
    const client = new Client({ baseUrl: adaptive.baseUrl, token: 'k', forbiddenToken: undefined, timeoutMs: 5000, connections: 4, adaptiveCeiling: 32 });
    const answered = await sendAll(client, 600);
    const range = client.windowRange()!;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;

    const fixed = await limited();
    const fixedClient = new Client({ baseUrl: fixed.baseUrl, token: 'k', forbiddenToken: undefined, timeoutMs: 5000, connections: 16 });
    await sendAll(fixedClient, 600);

    // it found the room above where it started and the 429s above N, and went no further than just past N
    expect(range.max).toBeGreaterThanOrEqual(N);
    expect(range.max).toBeLessThanOrEqual(N + 2);
    // in the second half, the deployment had about N under way: AIMD swings between N/2 and N
    const later = adaptive.seen.inFlight.slice(adaptive.seen.inFlight.length / 2);
    const mean = later.reduce((a, b) => a + b, 0) / later.length;
    expect(mean).toBeGreaterThanOrEqual(N / 2);
    expect(mean).toBeLessThanOrEqual(N);
    expect(adaptive.seen.tooMany).toBeLessThan(fixed.seen.tooMany / 4);
    // a 429 waited out three times is given up: the adaptive client lost (almost) none
    expect(answered).toBeGreaterThanOrEqual(598);
  });
});

describe('a run', () => {
  let deployment: ReferenceDeployment | undefined;
  let recorder: Recorder | undefined;
  afterEach(async () => {
    await recorder?.close();
    await deployment?.close();
  });

  test('against a deployment given by URL without --concurrency adapts from 4, at most 16, and says the range', async () => {
    deployment = await startReference({ port: 0 });
    recorder = await startRecorder(
      deployment.baseUrl,
      { token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken },
      { delayMs: () => 10 },
    );
    const r = await runner.run(['--runs', '5'], { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const window = r.report!.summary.window!;
    expect(window).toMatchObject({ from: 4, ceiling: 16 });
    expect(window.max).toBeGreaterThan(4);
    expect(window.max).toBeLessThanOrEqual(16);
    expect(recorder.maxInFlight()).toBeLessThanOrEqual(16);
    expect(r.stdout).toMatch(/requests in [\d.]+ s, \d+ to \d+ in flight \(adapted to the answers from 4, at most 16\)/);
  });
});
