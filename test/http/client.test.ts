// The client hands out no key in clear: not in evidence, not in curl lines, not when the target echoes it.
import { RunGate } from '../../src/http/run-gate.ts';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { otherAuthorization } from '../../properties/arbitraries.ts';
import { Client, Redactor } from '../../src/http/client.ts';
import { notJudged, retryAfterSeconds, transientWait } from '../../src/http/transient.ts';
import { propertySeed } from '../support/seed.ts';
import { startTestProxy } from '../support/front.ts';
import type { Network } from '../../src/http/network.ts';

const KEY = 'k3y-Th4t-Must-N3ver-Leak-0123456789';
const FORBIDDEN = 'f0rbidden-K3y-0123456789';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // answers with every request header it was sent, in a header and in the body; under /v1/closing it ends each connection after its answer
  server = createServer((req, res) => {
    if (req.url!.startsWith('/v1/closing')) res.setHeader('connection', 'close');
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-echo', String(req.headers.authorization));
    res.end(JSON.stringify({ headers: req.headers }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('sends Token auth, and evidence and curl carry placeholders, even for echoed keys', async () => {
  const client = new Client({ baseUrl, token: KEY, forbiddenToken: FORBIDDEN, timeoutMs: 5000 });
  const ex = await client.send({ method: 'PUT', path: '/v1/x', json: { key: KEY } });
  expect((ex.json as { headers: { authorization: string } }).headers.authorization).toBe(`Token ${KEY}`);
  const evidence = JSON.stringify(client.evidence(ex));
  expect(evidence).not.toContain(KEY);
  expect(evidence).toContain('Token $MOCKAPI_TOKEN');
  expect(client.curl(ex)).toBe(
    `curl -sS -i -X PUT '${baseUrl}/v1/x' -H "Authorization: Token $MOCKAPI_TOKEN" -H 'Content-Type: application/json' --data-binary '{"key":"'"$MOCKAPI_TOKEN"'"}'`,
  );
  const bearer = await client.send({ method: 'GET', path: '/v1/y', credentials: { authorization: `Bearer ${FORBIDDEN}` } });
  expect(JSON.stringify(client.evidence(bearer))).not.toContain(FORBIDDEN);
  expect(client.curl(bearer)).toContain('-H "Authorization: Bearer $MOCKAPI_FORBIDDEN_TOKEN"');
  await client.close();
});

test('a body that is not UTF-8 is reproduced through base64, and quotes are escaped for the shell', async () => {
  const client = new Client({ baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000 });
  const binary = await client.send({ method: 'PUT', path: '/v1/b', raw: new Uint8Array([0xff, 0xfe, 0x41]) });
  expect(client.curl(binary)).toMatch(/^printf '%s' '\/\/5B' \| base64 -d \| curl .* --data-binary @-$/);
  const quoted = await client.send({ method: 'PUT', path: "/v1/it's", raw: "it's" });
  expect(client.curl(quoted)).toContain(`--data-binary 'it'\\''s'`);
  await client.close();
});

test('a client counts the connections it opens, as the deployment sees them: over keep-alive fewer than its requests, one per request where each answer ends its connection, through a proxy too', async () => {
  let accepted = 0;
  const onConnection = () => accepted++;
  server.on('connection', onConnection);
  const sendTen = async (network: Network, path: string) => {
    const client = new Client({ baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000, network });
    accepted = 0;
    for (let i = 0; i < 10; i++) expect((await client.send({ method: 'GET', path })).status).toBe(200);
    await client.close();
    return client.connections;
  };
  const proxy = await startTestProxy(['x-through-proxy', 'yes']);
  try {
    const kept = await sendTen({ direct: true }, '/v1/kept');
    expect([kept, kept < 10]).toEqual([accepted, true]);
    expect([await sendTen({ direct: true }, '/v1/closing'), accepted]).toEqual([10, 10]);
    // in absolute form, to the proxy: the origin's close reaches the proxy's client with its answer
    expect([await sendTen({ proxy: proxy.url }, '/v1/closing'), proxy.forwarded]).toEqual([10, 10]);
  } finally {
    server.off('connection', onConnection);
    await proxy.close();
  }
});

test('a refused connection is an exchange with status 0 and the reason', async () => {
  const client = new Client({ baseUrl: 'http://127.0.0.1:1', token: KEY, forbiddenToken: undefined, timeoutMs: 2000 });
  const ex = await client.send({ method: 'GET', path: '/v1/z' });
  expect(ex.status).toBe(0);
  expect(ex.error).toMatch(/ECONNREFUSED/);
  await client.close();
});

/** A maintenance page, as a gateway in front of a deployment sends one. */
const MAINTENANCE = '<html><body><h1>Down for maintenance</h1></body></html>';

/**
 * A server that answers /v1/n/<N>/… with N 429s (Retry-After: 0), then 200; /v1/503/<N>/<s>/… with N 503s and a
 * maintenance page (Retry-After: s unless s is "none"), then 200; /v1/503-late/<s> with one such 503 200 ms
 * later, then 200; /v1/500/… with 500, /v1/502/… with 502 and /v1/504/… with 504, all with Retry-After: 0;
 * anything else 200.
 */
async function startLimited(): Promise<{ baseUrl: string; seen: { path: string; at: number }[]; close: () => Promise<void> }> {
  const seen: { path: string; at: number }[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    seen.push({ path, at: Date.now() });
    const times = seen.filter((s) => s.path === path).length;
    const limited = /^\/v1\/n\/(\d+)\//.exec(path);
    const unavailable = /^\/v1\/503\/(\d+)\/(\w+)\//.exec(path);
    const late = /^\/v1\/503-late\/(\d+)$/.exec(path);
    const failed = /^\/v1\/(50[024])\//.exec(path);
    const page = { 'content-type': 'text/html' };
    if (limited && times <= Number(limited[1])) res.writeHead(429, { 'retry-after': '0' }).end();
    else if (unavailable && times <= Number(unavailable[1]))
      res.writeHead(503, unavailable[2] === 'none' ? page : { ...page, 'retry-after': unavailable[2] }).end(MAINTENANCE);
    else if (late && times === 1) setTimeout(() => res.writeHead(503, { ...page, 'retry-after': late[1] }).end(MAINTENANCE), 200);
    else if (failed) res.writeHead(Number(failed[1]), { 'retry-after': '0' }).end();
    else if (path === '/v1/200-retry-after') res.writeHead(200, { 'retry-after': '5' }).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a 429 is waited out as Retry-After asks, at most three times, and the evidence says so', async () => {
  const limited = await startLimited();
  const client = new Client({ baseUrl: limited.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 2000 });
  // three 429s: waited out three times, answered by the fourth request
  const three = await client.send({ method: 'GET', path: '/v1/n/3/a' });
  expect(three.status).toBe(200);
  expect(three.waitedOut).toEqual(Array(3).fill({ status: 429, seconds: 0, asked: true }));
  expect(three).not.toHaveProperty('transient');
  expect(client.evidence(three).rateLimited).toBe('answered 429 3 time(s) first; waited 0 s, 0 s, 0 s (Retry-After)');
  expect(limited.seen.filter((s) => s.path === '/v1/n/3/a')).toHaveLength(4);
  // four 429s: the third wait is the last; the fourth 429 is the answer, and it says why it judges nothing
  const four = await client.send({ method: 'GET', path: '/v1/n/4/a' });
  expect(four.status).toBe(429);
  expect(four.waitedOut).toHaveLength(3);
  expect(notJudged(four)).toMatch(
    /^the deployment answered only 429, 429, 429, 429 after waits of 0 s, 0 s, 0 s \(Retry-After\): .* still transient past the 3 waits/,
  );
  expect(limited.seen.filter((s) => s.path === '/v1/n/4/a')).toHaveLength(4);
  // no 429: no waits at all
  expect(await client.send({ method: 'GET', path: '/v1/n/0/a' })).not.toHaveProperty('waitedOut');
  await client.close();
  await limited.close();
});

test('a 503 with Retry-After holds every request of the client that long and is sent again; one without is sent again after a back-off', async () => {
  const limited = await startLimited();
  const client = new Client({ baseUrl: limited.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000, connections: 2 });
  // Retry-After on an answer other than 429 or 503 asks for nothing
  expect((await client.send({ method: 'GET', path: '/v1/200-retry-after' })).status).toBe(200);
  expect(client.heldMs).toBe(0);
  // a maintenance page with Retry-After: 1, and a request sent while it holds the client
  const answer = client.send({ method: 'GET', path: '/v1/503/1/1/a' });
  await vi.waitFor(() => expect(client.heldMs).toBeGreaterThan(0), { interval: 5 });
  const [held, during] = await Promise.all([answer, client.send({ method: 'GET', path: '/v1/during' })]);
  expect(held.status).toBe(200);
  expect(held.waitedOut).toEqual([{ status: 503, seconds: 1, asked: true }]);
  expect(client.evidence(held).unavailable).toBe('answered 503 1 time(s) first; waited 1 s (Retry-After)');
  expect(during.status).toBe(200);
  // the hold is one second from the answer: the request sent again, and the other, arrive at least that late
  // (a little less for clock rounding), however slow the machine
  expect(client.heldMs).toBeGreaterThan(900);
  expect(client.heldMs).toBeLessThanOrEqual(1000);
  const arrivals = (path: string) => limited.seen.filter((s) => s.path === path).map((s) => s.at);
  const [unavailableAt, againAt] = arrivals('/v1/503/1/1/a');
  expect(againAt! - unavailableAt!).toBeGreaterThanOrEqual(900);
  expect(Math.max(...arrivals('/v1/during')) - unavailableAt!).toBeGreaterThanOrEqual(900);
  // without Retry-After: the first back-off, 1 s, and the whole client held for it too
  const bare = await client.send({ method: 'GET', path: '/v1/503/1/none/b' });
  expect(bare.status).toBe(200);
  expect(bare.waitedOut).toEqual([{ status: 503, seconds: 1, asked: false }]);
  expect(client.evidence(bare).unavailable).toBe('answered 503 1 time(s) first; waited 1 s (backed off: no Retry-After)');
  expect(client.heldMs).toBeGreaterThan(1900);
  expect(client.waitedMs).toBe(2000);
  await client.close();
  await limited.close();
});

test('a 503 past the waits is the answer, marked transient, and says so; a 500, 502 or 504 is the answer at once', async () => {
  const limited = await startLimited();
  const client = new Client({ baseUrl: limited.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000 });
  const still = await client.send({ method: 'GET', path: '/v1/503/9/0/c' });
  expect(still.status).toBe(503);
  expect(still.text).toBe(MAINTENANCE);
  expect(limited.seen.filter((s) => s.path === '/v1/503/9/0/c')).toHaveLength(4);
  expect(client.evidence(still).unavailable).toBe('answered 503 3 time(s) first; waited 0 s, 0 s, 0 s (Retry-After)');
  expect(notJudged(still)).toMatch(
    /^the deployment answered only 503, 503, 503, 503 after waits of 0 s, 0 s, 0 s \(Retry-After\): .*RFC 9110 §15\.6\.4.* still transient past the 3 waits/,
  );
  for (const status of [500, 502, 504]) {
    const failed = await client.send({ method: 'GET', path: `/v1/${status}/d` });
    expect(failed.status).toBe(status);
    expect(notJudged(failed)).toBeUndefined();
    expect(limited.seen.filter((s) => s.path === `/v1/${status}/d`)).toHaveLength(1);
  }
  expect(client.heldMs).toBe(0);
  await client.close();
  await limited.close();
});

test('a run stopped while the client waits out a 503 ends the wait at once, and nothing more is sent', async () => {
  const limited = await startLimited();
  const run = new RunGate();
  const client = new Client({ baseUrl: limited.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000, gate: run });
  const started = Date.now();
  const answer = client.send({ method: 'GET', path: '/v1/503/1/20/e' });
  // the run stops once the 503 holds the client (for 20 s)
  await vi.waitFor(() => expect(client.heldMs).toBeGreaterThan(0), { interval: 5 });
  run.stop('interrupted');
  const stopped = await answer;
  expect(stopped.status).toBe(503);
  expect(notJudged(stopped)).toMatch(/not sent again: the check or the run was stopped/);
  const after = await client.send({ method: 'GET', path: '/v1/after-stop' });
  expect(after.error).toMatch(/^not sent: the run was stopped/);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(limited.seen.map((s) => s.path)).toEqual(['/v1/503/1/20/e']);
  expect(client.requestCount).toBe(1);
  await client.close();
  await limited.close();
  run.close();
});

test('a transient answer waits as Retry-After asks, else backs off 1 s, 2 s, 4 s (capped); nothing else is transient', () => {
  const answer = (status: number, retryAfter?: string) => ({
    status,
    headers: retryAfter === undefined ? {} : ({ 'retry-after': retryAfter } as Record<string, string>),
  });
  expect([0, 1, 2].map((waited) => transientWait(answer(503), waited)?.seconds)).toEqual([1, 2, 4]);
  expect(transientWait(answer(429), 2)).toEqual({ status: 429, seconds: 4, asked: false });
  expect(transientWait(answer(503), 20)?.seconds).toBe(30);
  expect(transientWait(answer(503, '7'), 2)).toEqual({ status: 503, seconds: 7, asked: true });
  // a Retry-After that says no time is no answer to how long: the back-off
  expect(transientWait(answer(503, 'soon'), 1)).toEqual({ status: 503, seconds: 2, asked: false });
  for (const status of [200, 400, 500, 502, 504]) expect(transientWait(answer(status, '1'), 0), String(status)).toBeUndefined();
});

test('a shorter hold asked for while a longer one stands does not shorten it', async () => {
  const limited = await startLimited();
  const client = new Client({ baseUrl: limited.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000, connections: 2 });
  // both in flight at once: a hold of 2 s, then, 200 ms later, one of 1 s, which ends before the first
  const answers = await Promise.all([client.send({ method: 'GET', path: '/v1/503/1/2/f' }), client.send({ method: 'GET', path: '/v1/503-late/1' })]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  await client.send({ method: 'GET', path: '/v1/after-both' });
  const [first, next] = [limited.seen.find((s) => s.path === '/v1/503/1/2/f')!, limited.seen.find((s) => s.path === '/v1/after-both')!];
  // the next request waits the whole 2 s of the first hold (a little less for clock rounding), not 1.2 s
  expect(next.at - first.at).toBeGreaterThanOrEqual(1900);
  await client.close();
  await limited.close();
});

test('a client told its check has stopped waits out no 429, and counts the time it waited for the others', async () => {
  const { startHostile } = await import('../support/hostile.ts');
  const hostile = await startHostile('rate-limit-1s');
  const client = new Client({ baseUrl: hostile.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 2000 });
  const stopped = await client.send({ method: 'GET', path: '/v1/organisations/a' }, { stopped: () => true });
  expect(stopped.status).toBe(429);
  expect(client.waitedMs).toBe(0);
  const waited = await client.send({ method: 'GET', path: '/v1/organisations/b' });
  expect(waited.status).toBe(401);
  expect(client.waitedMs).toBe(2000);
  await client.close();
  await hostile.close();
});

test('Retry-After is read as seconds or as an HTTP date, and capped', () => {
  expect(retryAfterSeconds('2')).toBe(2);
  expect(retryAfterSeconds(undefined)).toBeUndefined();
  expect(retryAfterSeconds('3600')).toBe(30);
  expect(retryAfterSeconds('10')).toBe(10);
  expect(retryAfterSeconds(' 2 ')).toBe(2);
  expect(retryAfterSeconds('2 s')).toBeUndefined();
  // a date that begins with a digit is a date, not seconds
  expect(retryAfterSeconds('1 Jan 2030 00:00:05 GMT', Date.UTC(2030, 0, 1))).toBe(5);
  expect(retryAfterSeconds(new Date(Date.UTC(2030, 0, 1, 0, 0, 5)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(5);
  expect(retryAfterSeconds('soon')).toBeUndefined();
});

test("a Retry-After date is read against the answer's own Date, whatever this machine's clock says", () => {
  const at = (date: string | undefined, retryAfter: string) =>
    transientWait({ status: 503, headers: { 'retry-after': retryAfter, ...(date ? { date } : {}) } }, 0, Date.UTC(2026, 11, 7))?.seconds;
  // the deployment's clock years behind this machine's: the date it names is 5 s after its answer
  expect(at('Thu, 29 Feb 2024 12:00:00 GMT', 'Thu, 29 Feb 2024 12:00:05 GMT')).toBe(5);
  // years ahead: still 5 s, not the longest wait
  expect(at('Sat, 01 Jan 2050 00:00:00 GMT', 'Sat, 01 Jan 2050 00:00:05 GMT')).toBe(5);
  // without a Date, this machine's clock is all there is
  expect(at(undefined, 'Mon, 07 Dec 2026 00:00:07 GMT')).toBe(7);
});

test('after five requests in a row without an answer, the client stops sending and says why', async () => {
  const client = new Client({ baseUrl: 'http://127.0.0.1:1', token: KEY, forbiddenToken: undefined, timeoutMs: 1000 });
  for (let i = 0; i < 5; i++) await client.send({ method: 'GET', path: '/v1/z' });
  const sixth = await client.send({ method: 'GET', path: '/v1/z' });
  expect(sixth.error).toBe('not sent: the deployment stopped answering (no HTTP answer to the last 5 requests)');
  expect(client.requestCount).toBe(5);
  await client.close();
});

test('the redactor also hides the near-miss forms of a key that checks send, each as a shell expansion that gives it back', () => {
  const key = 'Zq9-distinctive-KEY-7f3a91c0d5e2b4a6';
  const r = new Redactor({ $MOCKAPI_TOKEN: key, $MOCKAPI_FORBIDDEN_TOKEN: 'forbidden-key-0123456789' });
  const swapped = [...key].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  expect(r.redact(`Token ${key}x0`)).toBe('Token ${MOCKAPI_TOKEN}x0');
  expect(r.redact(`Token ${key}-x`)).toBe('Token $MOCKAPI_TOKEN-x');
  expect(r.redact(`Token ${key.slice(0, -1)}`)).toBe('Token ${MOCKAPI_TOKEN:0:35}');
  expect(r.redact(`Token ${key.slice(0, 8)} ${key.slice(0, 7)}`)).toBe(`Token \${MOCKAPI_TOKEN:0:8} ${key.slice(0, 7)}`);
  expect(r.redact(`Token ${swapped}`)).toBe('Token ${MOCKAPI_TOKEN~~}');
  expect(r.redact(`Token ${key.toUpperCase()} ${key.toLowerCase()}`)).toBe('Token ${MOCKAPI_TOKEN^^} ${MOCKAPI_TOKEN,,}');
  // one character changed anywhere, and anything else within two edits of the key
  const changed = (i: number) => `${key.slice(0, i)}x${key.slice(i + 1)}`;
  expect(r.redact(`Token ${changed(0)}`)).toBe('Token ${MOCKAPI_TOKEN:0:0}x${MOCKAPI_TOKEN:1}');
  expect(r.redact(`Token ${changed(20)}`)).toBe('Token ${MOCKAPI_TOKEN:0:20}x${MOCKAPI_TOKEN:21}');
  expect(r.redact(`a ${key.slice(0, 5)}${key.slice(7)} b`)).toBe('a <a key near $MOCKAPI_TOKEN> b');
  expect(r.redact('an ordinary sentence with words of all lengths: authorization, credentials')).toBe(
    'an ordinary sentence with words of all lengths: authorization, credentials',
  );
  // what each placeholder expands to in bash is what was sent
  const expand = (placeholder: string) =>
    execFileSync('bash', ['-c', `printf %s "${placeholder}"`], { env: { ...process.env, MOCKAPI_TOKEN: key } }).toString();
  expect(expand('${MOCKAPI_TOKEN}x0')).toBe(`${key}x0`);
  expect(expand('${MOCKAPI_TOKEN:0:35}')).toBe(key.slice(0, -1));
  expect(expand('${MOCKAPI_TOKEN~~}')).toBe(swapped);
  expect(expand('${MOCKAPI_TOKEN:0:20}x${MOCKAPI_TOKEN:21}')).toBe(changed(20));
});

test('no Authorization value a check generates shows more than 8 characters of a key in a row', () => {
  const seed = propertySeed('redactor');
  const key = 'Zq9-distinctive-KEY-7f3a91c0d5e2b4a6';
  const forbidden = 'fb7-another-KEY-00112233445566778899';
  const r = new Redactor({ $MOCKAPI_TOKEN: key, $MOCKAPI_FORBIDDEN_TOKEN: forbidden });
  const runsOf = (secret: string) => Array.from({ length: secret.length - 8 }, (_, i) => secret.slice(i, i + 9));
  fc.assert(
    fc.property(otherAuthorization(key, forbidden), (value) => {
      const shown = r.redact(`authorization: ${value}`);
      for (const run of [...runsOf(key), ...runsOf(forbidden)]) expect(shown, value).not.toContain(run);
    }),
    { seed, numRuns: 2000 },
  );
});

test('the redactor replaces the longer of two overlapping keys whole', () => {
  expect(new Redactor({ $A: 'abc', $B: 'abcdef' }).redact('x abcdef y abc')).toBe('x $B y $A');
});

test('a prefix of one of two keys that begin alike is named after the key it matches longest, so neither shows a character in clear', () => {
  const token = 'Zq9-dist-AAAAAAAAAA';
  const forbidden = 'Zq9-dist-BBBBBBBBBBBBBB';
  // either order of the keys, and the shorter key or the longer one cut short
  for (const r of [
    new Redactor({ $MOCKAPI_TOKEN: token, $MOCKAPI_FORBIDDEN_TOKEN: forbidden }),
    new Redactor({ $MOCKAPI_FORBIDDEN_TOKEN: forbidden, $MOCKAPI_TOKEN: token }),
  ]) {
    expect(r.redact(`Token ${token.slice(0, 14)}`)).toBe('Token ${MOCKAPI_TOKEN:0:14}');
    expect(r.redact(`Token ${forbidden.slice(0, 14)}`)).toBe('Token ${MOCKAPI_FORBIDDEN_TOKEN:0:14}');
    expect(r.redact(`${forbidden.slice(0, 20)} and ${token.slice(0, 12)}.`)).toBe('${MOCKAPI_FORBIDDEN_TOKEN:0:20} and ${MOCKAPI_TOKEN:0:12}.');
    // the first characters both share: either name gives them back
    expect(r.redact('Token Zq9-dist-')).toMatch(/^Token \$\{MOCKAPI_(FORBIDDEN_)?TOKEN:0:9\}$/);
  }
});

test('with one connection, a second request waits for the first to end and says how long it queued; a check stopped after a 429 waits out no more', async () => {
  let inFlight = 0;
  let most = 0;
  const server = createServer((_req, res) => {
    inFlight++;
    most = Math.max(most, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }, 200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new Client({
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    token: KEY,
    forbiddenToken: undefined,
    timeoutMs: 5000,
    connections: 1,
  });
  const [first, second, third] = await Promise.all([1, 2, 3].map((n) => client.send({ method: 'GET', path: `/v1/${n}` })));
  expect([first!.status, second!.status, third!.status]).toEqual([200, 200, 200]);
  expect(most).toBe(1);
  expect(first).not.toHaveProperty('queuedMs');
  // at least the 200 ms the first took (a lower bound: the machine may be slower, never faster)
  expect(second!.queuedMs).toBeGreaterThanOrEqual(150);
  expect(third!.queuedMs).toBeGreaterThan(second!.queuedMs!);
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));

  const limited = await startLimited();
  const stopping = new Client({ baseUrl: limited.baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 2000 });
  let asked = 0;
  const stopped = await stopping.send({ method: 'GET', path: '/v1/n/3/b' }, { stopped: () => ++asked > 1 });
  expect(stopped.status).toBe(429);
  expect(stopped).not.toHaveProperty('waitedOut');
  expect(notJudged(stopped)).toMatch(/not sent again: the check or the run was stopped/);
  expect(limited.seen.filter((s) => s.path === '/v1/n/3/b')).toHaveLength(1);
  await stopping.close();
  await limited.close();
});
