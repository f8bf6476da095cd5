// A stop is final (src/run/run-life.ts): Ctrl-C or the run's bound at any instant of a run, from the process's start
// to its last check, lets nothing reach the deployment after it but what puts back what the run changed, and ends
// 130 (4 for the bound) with the organisation's name as it was. And a key refused part-way is one line and exit 5,
// no check failing for it. Against the reference behind a proxy that logs every request, two runs at once (the
// machine loaded, as a release engineer's laptop is).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, inject, test } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { startRecorder, type Recorder, type RecorderOptions } from '../../bench/recorder.ts';
import type { RecordedRequest } from '../../bench/mix.ts';
import { commandEnvironment, emptyDirectory } from '../support/cli.ts';
import { compiledWhenEnded } from '../../bench/compiled.ts';
import { useRunners, V8_FOR_SHORT_RUNS } from '../support/runners.ts';
import { propertySeed } from '../support/seed.ts';

const runners = useRunners(1);
const started: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));

/** A request that arrived this long after the command said it stopped was sent after the stop, not before it. */
const ON_THE_WIRE_MS = 100;

/** The reference with every fixture, behind a logging proxy that may answer some requests itself. */
async function deployment(options: RecorderOptions = {}) {
  const reference: ReferenceDeployment = await startReference({ port: 0, faults: [] });
  const { token, forbiddenToken, readOnlyToken: _, pushPolicy, ...fixtures } = reference.fixtures;
  const proxy: Recorder = await startRecorder(reference.baseUrl, { token, forbiddenToken }, options);
  started.push(proxy, reference);
  const env: Record<string, string> = {
    MOCKAPI_BASE_URL: proxy.baseUrl,
    MOCKAPI_TOKEN: token,
    MOCKAPI_FORBIDDEN_TOKEN: forbiddenToken,
    MOCKAPI_ORGANISATION_ID: fixtures.organisationId,
    MOCKAPI_MOCK_API_ID: fixtures.mockApiId,
    MOCKAPI_DATA_SOURCE_ID: fixtures.dataSourceId,
    MOCKAPI_DELETABLE_DATA_SOURCE_ID: fixtures.deletableDataSourceId,
    MOCKAPI_TEAM_ID: fixtures.teamId,
    MOCKAPI_TEAM_MEMBER_ID: fixtures.teamMemberId,
    MOCKAPI_REQUEST_ID: fixtures.requestId,
    MOCKAPI_PUSH_POLICY: pushPolicy,
    MOCKAPI_STATE_FILE: join(emptyDirectory(), 'state.jsonl'),
  };
  const name = async () => {
    const answer = await fetch(`${reference.baseUrl}/v1/organisations/${fixtures.organisationId}`, { headers: { Authorization: `Token ${token}` } });
    return ((await answer.json()) as { organisation: { name: string } }).organisation.name;
  };
  return { proxy, env, name };
}

/** One run of the compiled command, stopped `afterMs` after its spawn by SIGINT, or by its bound. */
async function stoppedRun(compiledDir: string, how: 'SIGINT' | 'bound', afterMs: number) {
  const d = await deployment();
  const nameBefore = await d.name();
  const bound = how === 'bound' ? ['--run-timeout-ms', String(afterMs)] : [];
  // five payloads per property: a run of every check in about 2 s, whose every phase a stop can fall in
  const child = spawn(process.execPath, [...V8_FOR_SHORT_RUNS, join(compiledDir, 'src', 'cli', 'cli.js'), '--runs', '5', ...bound], {
    cwd: emptyDirectory(),
    env: { ...commandEnvironment(), ...d.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let saidStopped: number | undefined;
  child.stdout.resume();
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (saidStopped === undefined && /interrupted; |was stopped after/.test(stderr)) saidStopped = Date.now();
  });
  const signalled = how === 'SIGINT' ? setTimeout(() => child.kill('SIGINT'), afterMs) : undefined;
  const sentAt = Date.now() + afterMs;
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  clearTimeout(signalled);
  const arrivals = d.proxy.arrivals();
  const after = d.proxy
    .mix()
    .map((request, i) => ({ request, at: arrivals[i]! }))
    .filter(({ at }) => at > Math.max(saidStopped ?? sentAt, sentAt) + ON_THE_WIRE_MS);
  const renamed = d.proxy
    .mix()
    .some((m) => m.method === 'PUT' && m.path.startsWith('/v1/organisations/') && !(m.headers['user-agent'] ?? '').endsWith(' put-back'));
  return { code, signal, stderr, sent: arrivals.length, renamed, after, saidStopped, nameBefore, nameAfter: await d.name() };
}

test('a stop is final: Ctrl-C or the bound at random instants, two runs at once, lets only put-backs through', async () => {
  const compiled = await compiledWhenEnded(inject('compiledDir'));
  // instants across the whole life of a run: the process's start, the worker's boot, the preflight, the checks, the end
  // (--run-timeout-ms takes 1000 ms at least)
  const instants = fc.sample(
    fc.oneof(
      fc.tuple(fc.constant<'SIGINT' | 'bound'>('SIGINT'), fc.integer({ min: 50, max: 2500 })),
      fc.tuple(fc.constant<'SIGINT' | 'bound'>('bound'), fc.integer({ min: 1000, max: 2500 })),
    ),
    { numRuns: 4, seed: propertySeed('stops') },
  );
  let stopped = 0;
  for (let i = 0; i < instants.length; i += 2) {
    const runs = await Promise.all(instants.slice(i, i + 2).map(([how, at]) => stoppedRun(compiled.dir, how, at)));
    for (const [j, r] of runs.entries()) {
      const [how, at] = instants[i + j]!;
      const what = `${how} at ${at} ms: ${r.stderr.slice(-1500)}`;
      // a run that ended before the stop came has nothing to show
      if (r.code === 0 || r.code === 1) continue;
      stopped++;
      if (how === 'SIGINT') expect(r.code === 130 || (r.signal === 'SIGINT' && r.sent === 0), what).toBe(true);
      else expect(r.code, what).toBe(4);
      // after the stop, on the wire: put-backs alone (the User-Agent says which)
      const notPutBacks = r.after.filter(({ request }) => !(request.headers['user-agent'] ?? '').endsWith(' put-back'));
      expect(
        notPutBacks.map(({ request }) => `${request.method} ${request.path} ${request.headers['user-agent']}`),
        what,
      ).toEqual([]);
      expect(r.nameAfter, what).toBe(r.nameBefore);
      // what was put back is said last, once a check had renamed the organisation (a stop before that changed nothing)
      if (r.renamed && r.code === 130) expect(r.stderr.trim().split('\n').at(-1), what).toMatch(/organisation's name is "Example Ltd", as before the run$/);
    }
  }
  // a run that ended before its stop came shows nothing: the instants must have stopped some
  expect(stopped, `runs stopped of ${instants.length}`).toBeGreaterThan(0);
});

/**
 * An instant the command is stopped at, told by what it does, not by a time: as a module of the command begins to run
 * (it signals itself, test/support/stop-at.js), or as a request of its reaches the deployment, when the test sends
 * SIGINT to its process group as a terminal does, or to it and its group, as npx (which passes on the terminal's
 * SIGINT) and `timeout` do: one Ctrl-C that comes twice.
 */
type Instant = { module: string } | { request: string; first: (request: RecordedRequest) => boolean; to: 'group' | 'process and group' };

const byCheck = (request: RecordedRequest) => (request.headers['user-agent'] ?? '').includes('(check ');
const INSTANTS: Instant[] = [
  // the command's modules as they load: the first of the command's own, the run's (whose loading the run's start
  // follows with no turn of the event loop between) and vitest's, which the run's imports load
  { module: 'src/cli/main.js' },
  { module: 'vitest/dist/node.js' },
  { module: 'src/vitest/run.js' },
  { request: "the probe's", first: () => true, to: 'group' },
  { request: "a check's first", first: byCheck, to: 'process and group' },
  {
    request: "the organisation's rename",
    first: (r) => byCheck(r) && r.method === 'PUT' && r.path.startsWith('/v1/organisations/'),
    to: 'process and group',
  },
];

/** One run of the compiled command in a process group of its own, stopped at `instant`. */
async function runStoppedAt(compiledDir: string, instant: Instant) {
  let child: ReturnType<typeof spawn> | undefined;
  let signalledAt: number | undefined;
  const signal = (to: 'group' | 'process and group') => {
    signalledAt = Date.now();
    process.kill(-child!.pid!, 'SIGINT');
    if (to === 'process and group') child!.kill('SIGINT');
  };
  const d = await deployment({
    delayMs: (index) => {
      if ('request' in instant && signalledAt === undefined && instant.first(d.proxy.mix()[index]!)) signal(instant.to);
      return 0;
    },
  });
  const nameBefore = await d.name();
  const preload = ['--import', join(import.meta.dirname, '..', 'support', 'stop-at.js')];
  child = spawn(process.execPath, [...preload, join(compiledDir, 'src', 'cli', 'cli.js'), '--runs', '5'], {
    cwd: emptyDirectory(),
    env: { ...commandEnvironment(), ...d.env, ...('module' in instant ? { CONFORMANCE_TEST_STOP_AT: instant.module } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  let saidStopped: number | undefined;
  child.stdout!.resume();
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    if (saidStopped === undefined && /interrupted; /.test(stderr)) saidStopped = Date.now();
  });
  const [code, signalled] = await new Promise<[number | null, string | null]>((resolve) => child!.on('close', (c, s) => resolve([c, s])));
  const arrivals = d.proxy.arrivals();
  // sent after the stop: arrived once the command had said it stopped (a busy machine may take its time to say so,
  // and what it sent before is not after the stop), the time on the wire aside
  const stoppedAt = signalledAt === undefined ? undefined : Math.max(saidStopped ?? signalledAt, signalledAt);
  const after = d.proxy.mix().filter((_request, i) => stoppedAt !== undefined && arrivals[i]! > stoppedAt + ON_THE_WIRE_MS);
  return { code, signalled, stderr, sent: arrivals.length, after, nameBefore, nameAfter: await d.name(), mix: d.proxy.mix() };
}

test('a stop is final from the first instant: at each module the command loads and as its first requests arrive, to its process group too, 130', async () => {
  const compiled = await compiledWhenEnded(inject('compiledDir'));
  for (let i = 0; i < INSTANTS.length; i += 2) {
    const pair = INSTANTS.slice(i, i + 2);
    const runs = await Promise.all(pair.map((instant) => runStoppedAt(compiled.dir, instant)));
    for (const [j, r] of runs.entries()) {
      const instant = pair[j]!;
      const what = `${'module' in instant ? `as ${instant.module} loads` : `at ${instant.request} request, to the ${instant.to}`}: ${r.stderr.slice(-1500)}`;
      expect([r.code, r.signalled], what).toEqual([130, null]);
      // a module of the command loads before the run opens its target: nothing was sent
      if ('module' in instant) expect(r.sent, what).toBe(0);
      const notPutBacks = r.after.filter((request) => !(request.headers['user-agent'] ?? '').endsWith(' put-back'));
      expect(
        notPutBacks.map((request) => `${request.method} ${request.path} ${request.headers['user-agent']}`),
        what,
      ).toEqual([]);
      expect(r.nameAfter, what).toBe(r.nameBefore);
      // one Ctrl-C that came twice is one stop: what the checks changed is put back, and said last
      expect(r.stderr, what).not.toContain('interrupted again');
      const renamed = r.mix.some(
        (m) => m.method === 'PUT' && m.path.startsWith('/v1/organisations/') && !(m.headers['user-agent'] ?? '').endsWith(' put-back'),
      );
      if (renamed) expect(r.stderr.trim().split('\n').at(-1), what).toMatch(/organisation's name is "Example Ltd", as before the run$/);
    }
  }
});

test('a key refused part-way stops the run: one line with the requests it took, exit 5, no check failed for it', async () => {
  // every answer after the 400th is a 401 to the key (revoked), as a deployment's auth layer would send it
  const d = await deployment({
    answer: (index) =>
      index >= 400 ? { status: 401, headers: { 'content-type': 'text/plain' }, body: 'Credentials are required to access this resource.' } : undefined,
  });
  const r = await runners.run(['--concurrency', '4', '--runs', '10'], d.env);
  expect(r.code, r.stderr + r.stdout.slice(-2000)).toBe(5);
  const line = r.stderr.split('\n').find((l) => l.includes('the key stopped being accepted'));
  expect(line, r.stderr).toMatch(/after (\d+) requests of the run .*Check MOCKAPI_TOKEN or --token$/);
  const after = Number(/after (\d+) requests/.exec(line!)![1]);
  // the 401 came to the 401st request the proxy saw (five of them the probe's and the preflight's); the count is
  // taken as the first 401 is read, and what the run had under way by then counts too: on a busy machine the
  // answers before it are read later, and up to --concurrency more requests have gone out
  expect(after).toBeGreaterThanOrEqual(390);
  expect(after).toBeLessThanOrEqual(400 + 4);
  expect(r.report!.summary.failed, JSON.stringify(r.report!.checks.filter((c) => c.outcome === 'failed').map((c) => [c.id, c.message.slice(0, 300)]))).toBe(0);
  expect(r.report!.summary.errored).toBeGreaterThan(0);
  expect(r.report!.errors.join('\n')).toContain('the key stopped being accepted');
  // the run stopped sending: what was already under way at the 401, no more, but the reads and renames that put back
  // (the confirming read goes out as one: it passes the stop)
  const sent = d.proxy.mix().filter((m) => !(m.headers['user-agent'] ?? '').endsWith(' put-back'));
  expect(sent.length).toBeLessThanOrEqual(400 + 4);
});
