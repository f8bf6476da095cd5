// Hostile, flaky and unreachable deployments: an answer that breaks the interface becomes failed checks that
// say what happened; no HTTP answer at all becomes checks that could not judge (errored, exit 4), never
// failures filed under requirements; the run ends within its bound, the key appears in no byte the run
// writes, and --read-only sends nothing but GET.
//
// The runs are made by two long-lived runners (test/support/runners.ts), two tests at once: most of these
// runs wait on a deployment that hangs, drips or asks for waits, and one's wait is the other's turn.
import { createServer } from 'node:http';
import { describe, expect, test as base } from 'vitest';
import { startHostile, type Hostile, type HostileMode } from '../support/hostile.ts';
import { useRunners } from '../support/runners.ts';

const KEY = 'Zq9-distinctive-KEY-7f3a91c0d5e2b4a6';
const runners = useRunners(2);

/** `serve(mode)`: a hostile deployment of the test's own, closed when that test ends (a fixture: tests run at once). */
const test = base.extend<{ serve: (mode: HostileMode) => Promise<Hostile> }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  serve: async ({}, use) => {
    const started: Hostile[] = [];
    await use(async (mode) => {
      const hostile = await startHostile(mode);
      started.push(hostile);
      return hostile;
    });
    await Promise.all(started.map((h) => h.close()));
  },
});

/** Fixtures, so that the checks of successful answers run too (the hostile deployment ignores them). */
const FIXTURES = {
  MOCKAPI_MOCK_API_ID: 'a1b2c3d4',
  MOCKAPI_ORGANISATION_ID: 'org-1',
  MOCKAPI_DATA_SOURCE_ID: 'ds-1',
  MOCKAPI_TEAM_ID: 'team-1',
  MOCKAPI_REQUEST_ID: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
};

/**
 * A run against a hostile deployment. Its answers come at once, so a request's time bound is far above them (a busy
 * machine that stalls the run must not turn an answer into a timeout); where a timeout is what is shown, the test
 * gives a short one.
 */
const run = async (serve: (mode: HostileMode) => Promise<Hostile>, mode: HostileMode, args: string[] = []) => {
  const hostile = await serve(mode);
  const r = await runners.run(
    ['--base-url', hostile.baseUrl, '--token', KEY, '--timeout-ms', '10000', '--run-timeout-ms', '60000', '--runs', '5', ...args],
    FIXTURES,
  );
  return { ...r, hostile };
};

describe.each<[HostileMode, RegExp]>([
  ['not-json', /the body is not JSON/],
  // reading 8 MiB of each answer is what is shown, not how fast: on a busy machine it took longer than 500 ms
  ['enormous', /longer than 8388608 bytes; only its start was read/],
])('a deployment that answers %s', (mode, says) => {
  test.concurrent('gets failed checks that say what happened, within the run bound, without a crash', async ({ serve }) => {
    const r = await run(serve, mode);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const report = r.report!;
    expect(report.errors).toEqual([]);
    const failed = report.checks.filter((c) => c.outcome === 'failed');
    expect(failed.length).toBeGreaterThan(10);
    expect(
      failed.some((c) => says.test(c.message)),
      `no failure says ${says}`,
    ).toBe(true);
    for (const c of failed) expect(c.message).toMatch(/expected: .*\n\s+actual: /);
  });
});

describe.each<[HostileMode, RegExp, string[]]>([
  ['hang', /no complete response within 500 ms/, ['--timeout-ms', '500']],
  ['drip', /no complete response within 500 ms/, ['--timeout-ms', '500']],
  ['close-mid-body', /the connection closed before the response was complete/, []],
  ['reset', /the connection was reset/, []],
  ['invalid-http', /the answer is not valid HTTP/, []],
])('a deployment that %s', (mode, says, args) => {
  test.concurrent('gets checks that could not judge, for one reason and the checks it blocked, none filed under a requirement (exit 4)', async ({ serve }) => {
    const r = await run(serve, mode, args);
    expect(r.code, r.stdout).toBe(4);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const report = r.report!;
    expect(report.summary.failed).toBe(0);
    const errored = report.checks.filter((c) => c.outcome === 'errored');
    expect(errored.length).toBeGreaterThan(10);
    for (const c of errored) expect(c.violated).toEqual([]);
    expect(
      errored.some((c) => says.test(c.message)),
      `no check says ${says}`,
    ).toBe(true);
    // the rest were blocked: after 5 requests without an answer, nothing more is sent
    const reasons = new Set(errored.map((c) => c.message.split('\n')[0]!.replace(says, '<what happened>')));
    expect([...reasons].sort()).toEqual(expect.arrayContaining([expect.stringMatching(/stopped answering \(no HTTP answer to the last 5 requests\)$/)]));
    expect(reasons.size).toBeLessThanOrEqual(3);
    expect(r.stdout).toMatch(/^Errored \(could not judge\):\n {2}\d+ × the deployment gave no HTTP answer: /m);
  });
});

test.concurrent('a deployment that answers only 503 gets checks that could not judge, each saying so, none failed (exit 4)', async ({ serve }) => {
  const r = await run(serve, 'unavailable-always', ['--only', '^ORG-']);
  expect(r.code, r.stdout + r.stderr).toBe(4);
  const checks = r.report!.checks;
  expect(checks.length).toBeGreaterThan(5);
  // the property checks too: an input met with a 503 past the waits judges nothing, and the deployment is never called inconsistent
  expect(checks.some((c) => c.title.includes('generated'))).toBe(true);
  for (const c of checks) {
    expect({ title: c.title, outcome: c.outcome, violated: c.violated }).toEqual({ title: c.title, outcome: 'errored', violated: [] });
    expect(c.message).toMatch(/^the deployment answered only 503, 503, 503, 503 after waits of 0 s, 0 s, 0 s \(Retry-After\): a transient answer/);
  }
  // each request was sent four times: once, and again after each of its three waits
  expect(r.hostile.seen.length % 4).toBe(0);
});

test.concurrent('a deployment that keeps hanging is stopped at the run bound, its preflight too: what is under way is dropped, and the reports say so', async ({
  serve,
}) => {
  const hostile = await serve('hang');
  // 10 minutes per request (the most --timeout-ms allows): the bound of 3 s, counted from the run's start, comes
  // first, and a run that waited its request out would not end within the test
  // the key in the environment: on the command line it would add its warning to the one line asserted
  const r = await runners.run(['--base-url', hostile.baseUrl, '--timeout-ms', '600000', '--run-timeout-ms', '3000'], { MOCKAPI_TOKEN: KEY });
  expect(r.code, r.stderr).toBe(4);
  const line =
    'the run was stopped after 3 s (--run-timeout-ms): nothing more is sent; checks under way end errored, saying so, and checks not yet started are not reported';
  expect(r.stderr.trim().split('\n')).toEqual([`mockapi-conformance: ${line}`]);
  expect(r.report!.exit).toEqual({ code: 4, reason: line });
  // the probe's request under way was dropped when the run stopped: its connection closed by the run, which lives on
  expect(hostile.seen.length).toBe(1);
  await hostile.closedByClient(1);
});

test.concurrent('a TLS failure is unreachable: one line before any check, exit 3', async () => {
  const server = createServer((_, res) => res.end('plain HTTP'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  try {
    const r = await runners.run(['--base-url', `https://127.0.0.1:${port}`], { MOCKAPI_TOKEN: KEY });
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^mockapi-conformance: cannot reach https://127\\.0\\.0\\.1:${port}: `));
  } finally {
    server.close();
  }
});

test.concurrent('a deployment that echoes the request headers: the key is in no byte the run writes', async ({ serve }) => {
  const r = await run(serve, 'echo', ['--forbidden-token', `${KEY}-forbidden`]);
  expect(r.report!.checks.length).toBeGreaterThan(100);
  // the echo reached the run: failures quote the echoed request line, with the key redacted
  expect(r.reportText).toContain('authorization: Token $MOCKAPI_TOKEN');
  // the console shows the first failures whole: what quotes a key shows its name in its place
  expect(r.stdout).toContain('$MOCKAPI_TOKEN');
  for (const output of [r.stdout, r.stderr, r.reportText]) {
    expect(output).not.toContain(KEY);
    expect(output).not.toContain('distinctive-KEY');
  }
});

test.concurrent('--read-only sends nothing but GET', async ({ serve }) => {
  const r = await run(serve, 'echo', ['--read-only']);
  expect(r.report!.checks.length).toBeGreaterThan(100);
  const methods = new Set(r.hostile.seen.map((line) => line.split(' ')[0]));
  expect([...methods]).toEqual(['GET']);
  expect(r.hostile.seen.length).toBeGreaterThan(5);
});

test.concurrent('writes reach only the named fixtures, deletes only the ones named as deletable', async ({ serve }) => {
  const fixtures = { ...FIXTURES, MOCKAPI_DELETABLE_DATA_SOURCE_ID: 'ds-deletable', MOCKAPI_TEAM_MEMBER_ID: 'user-removable' };
  const hostile = await serve('echo');
  const r = await runners.run(['--base-url', hostile.baseUrl, '--token', KEY, '--timeout-ms', '10000', '--runs', '5'], fixtures);
  expect(r.report!.checks.length).toBeGreaterThan(100);
  // ids that name nothing (random per run) and mock API ids no mock API can have
  const nothing = (id: string) => /^conformance-missing-/.test(id) || /^zq[0-9a-f]{6}x$/.test(id) || id.length < 5 || id.length > 10;
  const writes = hostile.seen.filter((line) => !line.startsWith('GET '));
  expect(writes.length).toBeGreaterThan(50);
  // no MOCKAPI_PUSH_POLICY, so no consent to push: pushes go only to mock APIs that cannot exist
  const pushes = writes.filter((line) => line.endsWith('/open-api/push'));
  expect(pushes.length).toBeGreaterThan(0);
  for (const line of pushes) expect(line, line).not.toContain('/a1b2c3d4/');
  for (const line of writes) {
    const [method, path] = line.split(' ') as [string, string];
    const segments = path.split('/').map(decodeURIComponent);
    if (method === 'DELETE') {
      const allowed =
        path === '/v1/data-sources/ds-deletable' || path === '/v1/teams/team-1/members/user-removable' || segments.some((s) => /^conformance-missing-/.test(s));
      expect(allowed, line).toBe(true);
      continue;
    }
    expect(method, line).toBe('PUT');
    const [, , resource, id] = segments;
    if (resource === 'mock-apis') expect(id === 'a1b2c3d4' || nothing(id!), line).toBe(true);
    else if (resource === 'organisations') expect(id === 'org-1' || nothing(id!), line).toBe(true);
    else if (resource === 'data-sources') expect(id === 'ds-1' || id === 'ds-deletable' || nothing(id!), line).toBe(true);
    else throw new Error(`a write to ${line}`);
  }
});

test.concurrent("a deployment that asks for waits (429, Retry-After) moves a check's time bound on: the check is not stopped for waiting", async ({
  serve,
}) => {
  const hostile = await serve('rate-limit-1s');
  // each request waits 1 s twice before its 401: 2 s, past a bound of 1.5 s that the waits move on (a PUT:
  // the preflight's reads, GET only, have waited out their own 429s before)
  const r = await runners.run(
    ['--base-url', hostile.baseUrl, '--token', KEY, '--only', '^AUTH-401-MISSING updateChaosSettings: a request without', '--check-timeout-ms', '1500'],
    FIXTURES,
  );
  const [check] = r.report!.checks;
  expect(check).toMatchObject({ title: 'AUTH-401-MISSING updateChaosSettings: a request without Authorization is answered 401', outcome: 'passed' });
  expect(check!.durationMs).toBeGreaterThanOrEqual(1900);
  // within its bound, moved on by the 2 s it was asked to wait: no word of running past it
  expect(check!.notes.join(' ')).not.toContain('time bound');
});

test.concurrent.for([
  [1, 1],
  [2, 2],
  [6, 6],
])('--concurrency %i keeps at most %i requests in flight', async ([concurrency, most], { serve }) => {
  const hostile = await serve('slow-echo');
  const r = await runners.run(['--base-url', hostile.baseUrl, '--token', KEY, '--runs', '2', '--concurrency', String(concurrency)], FIXTURES);
  expect(r.report!.checks.length).toBeGreaterThan(100);
  expect(hostile.maxInFlight()).toBe(most);
});
