// Opens the target of a run (Target, src/judge/target.ts): the deployment given, or one started for the run (the
// embedded reference for the live profile, the local Prism mock for the mock profile), measured by a probe before
// any check, and described as the run's worker receives it (describeRun). One job: what a run is pointed at, and
// how far away it is.
import { startReference, type ReferenceOptions } from '../../reference/server.ts';
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../../contract/fixtures.ts';
import { expandPath, openApiDocument, operation } from '../../contract/schemas.ts';
import type { Target } from '../judge/target.ts';
import type { RunDescription } from '../harness/run-description.ts';
import { runClient, type Client, type ClientOptions, type Exchange } from '../http/client.ts';
import type { RunConfig } from './config.ts';
import { deletedBefore, keyFingerprint, readDeletions, type Deletion } from './deletions.ts';
import { MOCK_FIXTURES, startMock } from './mock.ts';
import { proxiesOf, proxyLabel, type Network } from '../http/network.ts';
import { KEY_PROBE_PATH } from '../http/key-watch.ts';
import type { RunGate } from '../http/run-gate.ts';
import { fixtureReads, misplacedBase, preflight, quoteBy, type PreflightResult, type Quote } from './preflight.ts';
import { inertLine } from '../../contract/untrusted.ts';

/** Errors that mean no connection could be made at all, as opposed to a deployment that answers badly. */
const CANNOT_CONNECT = /^the proxy |^TLS: |ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|CONNECT_TIMEOUT|CERT|TLS|SSL|EPROTO|self[- ]signed/i;

/**
 * Answers the latency is the fastest of: the probe's after its first (which pays for the connection and a cold
 * server), and the preflight's fixture reads, which follow the probe and are timed the same way. The probe sends
 * its first and as many more as make LATENCY_SAMPLES with the reads, two at least: five requests with no fixture
 * to read, three before two reads (a run far away starts sooner than with five probes and the reads).
 */
const LATENCY_SAMPLES = 4;
const probesBefore = (reads: number) => 1 + Math.max(2, LATENCY_SAMPLES - reads);

/** --only that selects AUTH-* checks alone: a refused key is theirs to judge, not the preflight's to stop (src/run/preflight.ts). */
const AUTH_ONLY = /^\^AUTH-/;

/**
 * Five requests before any check. A deployment that cannot be connected to (refused, unknown host, TLS
 * failure) is unreachable. One that connects but answers badly (hangs, resets, garbage) is left to the
 * checks, which each say what happened. The fastest answer after the first is the latency that sizes the run:
 * how many generated payloads, how long a check may take (a tunnel to a remote deployment is 127.0.0.1 too,
 * so the address cannot say).
 */
async function probe(
  target: Pick<Target, 'baseUrl' | 'token' | 'forbiddenToken' | 'timeoutMs' | 'network' | 'fixtures' | 'profile'>,
  authOnly: boolean,
  onExchange: ClientOptions['onExchange'],
  gate: RunGate | undefined,
): Promise<{ unreachable?: string; latencyMs: number; preflight?: PreflightResult; probes: number }> {
  const client = runClient(target, onExchange, gate);
  try {
    const times: number[] = [];
    let last: Exchange | undefined;
    const probes = probesBefore(fixtureReads(target.fixtures, target.profile).length);
    for (let i = 0; i < probes; i++) {
      // with the key where there is one: an answer that passes the credentials is what the checks will wait for
      last = await client.send({ method: 'GET', path: KEY_PROBE_PATH, credentials: target.token ? 'token' : 'none' });
      if (gate?.stopped) break;
      if (last.status === 0 && CANNOT_CONNECT.test(last.error ?? '')) return { unreachable: last.error, latencyMs: 0, probes: i + 1 };
      // a deployment that does not answer is the checks' to report; its latency is the time it took to fail
      times.push(last.durationMs);
      // a 503 with Retry-After (a cold start) was waited out by the client: the next answer is the one judged
      if (last.status === 0) break;
    }
    const proxy = proxiesOf(target.network, process.env, target.baseUrl)[0];
    const via = `${target.baseUrl}${proxy ? ` (through the proxy ${proxyLabel(proxy.url)}, ${proxy.source})` : ''}`;
    const checked = await preflight(client, { token: target.token, fixtures: target.fixtures, profile: target.profile, via, authOnly }, last!);
    const quoted = quoteBy(client.redactor);
    // a base URL under the interface's root finds the fixtures under an ancestor: that line says more than another service's
    if (checked.misconfigured === undefined)
      checked.misconfigured = (authOnly ? undefined : await misplaced(target, checked, gate, onExchange, quoted)) ?? checked.anotherService;
    // every line that quotes an answer has had its values redacted and quoted; the line as a whole too, whatever it quotes
    if (checked.misconfigured !== undefined) checked.misconfigured = inertLine(client.redactor.redact(checked.misconfigured));
    // a probe that got no answer stopped the probe: its time to fail is the latency, the reads' aside
    const samples = times.length > 1 ? [...times.slice(1), ...(last!.status === 0 ? [] : checked.answeredMs)] : times;
    return { latencyMs: Math.min(...samples), preflight: checked, probes: times.length };
  } finally {
    await client.close();
  }
}

/** Where the base URL is not the interface's root (misplacedBase): the reads it takes count among the preflight's. */
async function misplaced(
  target: Pick<Target, 'baseUrl' | 'token' | 'timeoutMs' | 'network' | 'fixtures' | 'profile'>,
  checked: PreflightResult,
  gate: RunGate | undefined,
  onExchange: ClientOptions['onExchange'],
  quoted: Quote,
): Promise<string | undefined> {
  const clients: Client[] = [];
  try {
    const reads = fixtureReads(target.fixtures, target.profile);
    const read = (baseUrl: string, path: string) => {
      const client = runClient({ ...target, baseUrl }, onExchange, gate);
      clients.push(client);
      checked.requests++;
      return client.send({ method: 'GET', path });
    };
    return await misplacedBase(target.baseUrl, checked, reads, read, quoted);
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

/**
 * Requests in flight when --concurrency does not say: 8 against a deployment started for the run (ours: it has
 * no rate limit), fixed; against one given by URL, whatever its address (a tunnel to a hosted service is
 * 127.0.0.1 too), a window that starts at 4, a client's ordinary parallelism, and adapts to the answers
 * (InFlightWindow) up to 16: past 16 a run 50 ms away gains little (its longest chain of requests that must not
 * overlap is then what it waits for), while each more is one more connection held open on someone's
 * rate-limited service. A 429 halves the window and holds the whole run back as asked (src/http/client.ts).
 * A --concurrency given is fixed, as before.
 */
export const DEFAULT_CONCURRENCY = { started: 8, given: 4, givenCeiling: 16 } as const;

/**
 * Generated payloads per property when --runs is not given: many for a deployment that answers at once (a
 * local one), few for one far away, which is also someone's and rate-limited.
 */
export function runsFor(latencyMs: number): number {
  if (latencyMs < 10) return 100;
  if (latencyMs < 100) return 20;
  return 10;
}

/** Fixed under CI so that a red build can be rerun as it was; random elsewhere, and always printed. */
export const CI_SEED = 20261121;

/** The deletable fixtures that an earlier run against this deployment deleted, by the state file. */
function consumedFixtures(deployment: string, fixtures: Fixtures, stateFile: string | undefined, token: string | undefined): NonNullable<Target['deletions']> {
  if (stateFile === undefined) return { stateFile, consumed: {} };
  const deletions = readDeletions(stateFile);
  const resources: Partial<Record<FixtureName, string>> = {};
  if (fixtures.deletableDataSourceId)
    resources.deletableDataSourceId = expandPath(operation('deleteDataSource').path, { dataSourceId: fixtures.deletableDataSourceId });
  if (fixtures.teamId && fixtures.teamMemberId)
    resources.teamMemberId = expandPath(operation('deleteTeamMember').path, { teamId: fixtures.teamId, userId: fixtures.teamMemberId });
  const consumed: Partial<Record<FixtureName, Deletion>> = {};
  for (const [name, resource] of Object.entries(resources) as [FixtureName, string][]) {
    const deleted = deletedBefore(deletions, { deployment, fixture: FIXTURE_VARIABLES[name], resource, key: keyFingerprint(token) });
    if (deleted) consumed[name] = deleted;
  }
  return { stateFile, consumed };
}

/** The outOfSyncPolicy of the push example in schemas/openapi.yaml: a value our own description names. */
function descriptionPushPolicy(): string {
  const example = operation('pushOpenApiToGit').requestBody?.examples[0] as { push?: { outOfSyncPolicy?: unknown } } | undefined;
  const policy = example?.push?.outOfSyncPolicy;
  if (typeof policy !== 'string') throw new Error('schemas/openapi.yaml shows no outOfSyncPolicy in its push example');
  return policy;
}

export interface OpenTarget {
  target: Target;
  /** what the target is, for the first line of a run: the URL, and what was started for it */
  description: string;
  /** stops what was started for the run */
  close(): Promise<void>;
}

/** The deployment a run is pointed at: the one given, or one started for it (the reference for live, Prism for mock). */
interface Deployment {
  baseUrl: string;
  reference: Awaited<ReturnType<typeof startReference>> | undefined;
  localMock: Awaited<ReturnType<typeof startMock>> | undefined;
  /** stops what was started for the run */
  close(): Promise<void>;
}

async function deploymentOf(config: RunConfig, referenceOptions: ReferenceOptions): Promise<Deployment> {
  const mock = config.profile === 'mock';
  const reference = config.baseUrl || mock ? undefined : await startReference({ port: 0, ...referenceOptions });
  const localMock = !config.baseUrl && mock ? await startMock() : undefined;
  return {
    baseUrl: config.baseUrl ?? reference?.baseUrl ?? localMock!.baseUrl,
    reference,
    localMock,
    close: async () => {
      await reference?.close();
      await localMock?.close();
    },
  };
}

/** What the probe is pointed at: the deployment with the keys and fixtures the checks will use. */
function probed(config: RunConfig, deployment: Deployment): Parameters<typeof probe>[0] {
  const { reference } = deployment;
  const credentials = reference ? reference.fixtures : { token: config.token, forbiddenToken: config.forbiddenToken };
  const mock = config.profile === 'mock';
  return {
    baseUrl: deployment.baseUrl,
    token: credentials.token,
    forbiddenToken: credentials.forbiddenToken,
    timeoutMs: config.timeoutMs,
    // a deployment started for the run is on this machine: no proxy, whatever the environment names
    network: config.baseUrl ? config.network : { direct: true },
    fixtures: reference ? reference.fixtures : mock ? { ...MOCK_FIXTURES, ...config.fixtures } : config.fixtures,
    profile: config.profile,
  };
}

type Probed = Awaited<ReturnType<typeof probe>>;

/** What every kind of target has: what the probe and the preflight found, and the run's choices they size. */
function commonOf(config: RunConfig, deployment: Deployment, network: Network | undefined, found: Probed) {
  const keyRefused = found.preflight?.keyRefused;
  const { latencyMs } = found;
  const adaptive = config.concurrency === undefined && config.baseUrl !== undefined ? { adaptiveCeiling: DEFAULT_CONCURRENCY.givenCeiling } : {};
  return {
    ...(keyRefused ? { keyRefused } : {}),
    ...adaptive,
    network,
    missingFixtures: found.preflight?.missingFixtures ?? {},
    ...(found.preflight?.foundFixtures ? { foundFixtures: found.preflight.foundFixtures } : {}),
    preflightRequests: found.probes + (found.preflight?.requests ?? 0),
    baseUrl: deployment.baseUrl,
    readOnly: config.readOnly,
    timeoutMs: config.timeoutMs,
    seed: config.seed ?? (process.env.CI ? CI_SEED : Math.floor(Math.random() * 2 ** 31)),
    runs: config.runs ?? runsFor(latencyMs),
    concurrency: config.concurrency ?? (config.baseUrl ? DEFAULT_CONCURRENCY.given : DEFAULT_CONCURRENCY.started),
    latencyMs,
    checkTimeoutMs: config.checkTimeoutMs,
    profile: config.profile,
  };
}

/** The opened target of each kind: the embedded reference, a mock, or a deployment given by URL. */
function openedOf(config: RunConfig, deployment: Deployment, common: ReturnType<typeof commonOf>): OpenTarget {
  const { baseUrl, reference, localMock, close } = deployment;
  if (reference) {
    const { token, forbiddenToken, readOnlyToken: _, pushPolicy, ...fixtures } = reference.fixtures;
    // the reference names the policies it accepts, so it consents with one of its own
    return {
      target: { ...common, token, forbiddenToken, fixtures, pushPolicy, embedded: true },
      description: `${baseUrl} (the embedded reference deployment)`,
      close,
    };
  }
  if (config.profile === 'mock') {
    const target: Target = {
      ...common,
      token: config.token ?? 'mock-key',
      forbiddenToken: undefined,
      fixtures: { ...MOCK_FIXTURES, ...config.fixtures },
      // the local mock serves our own description, whose example names a value; a mock given by URL may
      // serve another description, so there the user names it
      pushPolicy: localMock ? descriptionPushPolicy() : config.pushPolicy,
      embedded: false,
    };
    return { target, description: localMock ? `${baseUrl} (the local Prism mock of schemas/openapi.yaml)` : baseUrl, close };
  }
  const target: Target = {
    ...common,
    token: config.token,
    forbiddenToken: config.forbiddenToken,
    ...(config.keyVariables ? { keyVariables: config.keyVariables } : {}),
    fixtures: config.fixtures,
    pushPolicy: config.pushPolicy,
    embedded: false,
    deletions: consumedFixtures(baseUrl, config.fixtures, config.stateFile, config.token),
  };
  return { target, description: baseUrl, close };
}

/** A target that could not be opened: no connection could be made, or the preflight found it misconfigured. */
export type NotOpened = { unreachable: string; baseUrl: string } | { misconfigured: string; baseUrl: string };

/** Why a target could not be opened, in one line. */
export function notOpenedReason(opened: NotOpened): string {
  return 'unreachable' in opened ? `cannot reach ${opened.baseUrl}: ${opened.unreachable}` : opened.misconfigured;
}

/**
 * The target of a run, ready for the checks; `unreachable` when no connection could be made (what was
 * started is stopped again). `onExchange` is told of the probe's and the preflight's requests (--report-har);
 * `gate` stops them (RunLife): a target opened after the stop is the caller's to close unused. `reference`: how the
 * embedded reference is started where a run starts one (the project's fault matrix names its faults here; the
 * command leaves them to the environment).
 */
export async function openTarget(
  config: RunConfig,
  onExchange?: ClientOptions['onExchange'],
  gate?: RunGate,
  reference: ReferenceOptions = {},
): Promise<OpenTarget | NotOpened> {
  const deployment = await deploymentOf(config, reference);
  const { baseUrl } = deployment;
  try {
    const pointed = probed(config, deployment);
    const found = await probe(pointed, AUTH_ONLY.test(config.only?.source ?? ''), onExchange, gate);
    if (found.unreachable !== undefined || found.preflight?.misconfigured !== undefined) {
      await deployment.close();
      return found.unreachable !== undefined ? { unreachable: found.unreachable, baseUrl } : { misconfigured: found.preflight!.misconfigured!, baseUrl };
    }
    return openedOf(config, deployment, commonOf(config, deployment, pointed.network, found));
  } catch (error) {
    await deployment.close();
    throw error;
  }
}

/**
 * The run as its worker receives it (RunDescription), the target open: `stop` is the run's gate's buffer
 * (RunGate), `names` how its tests are named.
 */
export function describeRun(
  config: Pick<RunConfig, 'only' | 'maxFailures' | 'strict'>,
  target: Target,
  stop: SharedArrayBuffer,
  harLog: string | undefined,
  names: RunDescription['names'],
): RunDescription {
  return {
    target,
    stop,
    openapi: openApiDocument(),
    names,
    ...(config.only ? { only: config.only.source } : {}),
    ...(config.maxFailures !== undefined ? { maxFailures: { count: config.maxFailures, strict: config.strict } } : {}),
    ...(harLog ? { harLog } : {}),
  };
}
