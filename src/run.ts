// A conformance run: pick the target (the given base URL, or the embedded reference deployment on a free
// port), make sure it answers, run the suites through vitest's Node API with the target provided to every
// worker, and turn the results into the report and an exit code.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import { startReference } from '../reference/server.ts';
import { ConformanceReporter, formatSummary, type ConformanceReport } from '../reporters/conformance.ts';
import type { Target } from './check.ts';
import { Client } from './client.ts';
import { expandPath, openApiDocument, operation } from './contract/schemas.ts';
import { deletedBefore, readDeletions, type Deletion } from './deletions.ts';
import { MOCK_FIXTURES, type FixtureName, type Fixtures } from './fixtures.ts';
import { startMock } from './mock.ts';
import type { RunConfig } from './config.ts';

export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const EXIT = { passed: 0, failed: 1, usage: 2, unreachable: 3, interrupted: 130 } as const;

class Interrupted extends Error {}

export interface RunOutput {
  write(text: string): void;
  error(text: string): void;
}

const consoleOutput: RunOutput = {
  write: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(text),
};

function packageVersion(): string {
  return (JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version: string }).version;
}

/** Errors that mean no connection could be made at all, as opposed to a deployment that answers badly. */
const CANNOT_CONNECT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|CONNECT_TIMEOUT|CERT|TLS|SSL|EPROTO|self[- ]signed/i;

/** Requests of the probe: the first pays for the connection and a cold server, so the fastest of the rest is taken. */
const PROBES = 5;

/**
 * Five requests before any check. A deployment that cannot be connected to (refused, unknown host, TLS
 * failure) gets one line and exit 3. One that connects but answers badly (hangs, resets, garbage) is left to
 * the checks, which each say what happened. The fastest answer after the first is the latency that sizes the run:
 * how many generated payloads, how long a check may take (a tunnel to a remote deployment is 127.0.0.1 too,
 * so the address cannot say).
 */
async function probe(target: Pick<Target, 'baseUrl' | 'token' | 'forbiddenToken' | 'timeoutMs'>): Promise<{ unreachable?: string; latencyMs: number }> {
  const client = new Client({ baseUrl: target.baseUrl, token: target.token, forbiddenToken: target.forbiddenToken, timeoutMs: target.timeoutMs });
  try {
    const times: number[] = [];
    for (let i = 0; i < PROBES; i++) {
      // with the key where there is one: an answer that passes the credentials is what the checks will wait for
      const ex = await client.send({ method: 'GET', path: '/v1/organisations/conformance-reachability-probe', credentials: target.token ? 'token' : 'none' });
      if (ex.status === 0 && CANNOT_CONNECT.test(ex.error ?? '')) return { unreachable: ex.error, latencyMs: 0 };
      // a deployment that does not answer is the checks' to report; its latency is the time it took to fail
      times.push(ex.durationMs);
      if (ex.status === 0) break;
    }
    return { latencyMs: Math.min(...(times.length > 1 ? times.slice(1) : times)) };
  } finally {
    await client.close();
  }
}

/**
 * Generated payloads per property when --runs is not given: many for a deployment that answers at once (a
 * local one), few for one far away, which is also someone's and rate-limited.
 */
export function runsFor(latencyMs: number): number {
  if (latencyMs < 10) return 100;
  if (latencyMs < 100) return 20;
  return 10;
}

/** The deletable fixtures that an earlier run against this deployment deleted, by the state file. */
function consumedFixtures(deployment: string, fixtures: Fixtures, stateFile: string): NonNullable<Target['deletions']> {
  const deletions = readDeletions(stateFile);
  const resources: Partial<Record<FixtureName, string>> = {};
  if (fixtures.deletableDataSourceId) resources.deletableDataSourceId = expandPath(operation('deleteDataSource').path, { dataSourceId: fixtures.deletableDataSourceId });
  if (fixtures.teamId && fixtures.teamMemberId) resources.teamMemberId = expandPath(operation('deleteTeamMember').path, { teamId: fixtures.teamId, userId: fixtures.teamMemberId });
  const consumed: Partial<Record<FixtureName, Deletion>> = {};
  for (const [name, resource] of Object.entries(resources) as [FixtureName, string][]) {
    const deleted = deletedBefore(deletions, deployment, resource);
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

/** Fixed under CI so that a red build can be rerun as it was; random elsewhere, and always printed. */
export const CI_SEED = 20261121;

/**
 * What a run changes that the interface lets it put back: the organisation's name. The rename checks put it
 * back when they finish; this is for a run that is interrupted in the middle of one (Ctrl-C).
 */
async function organisationGuard(target: Target): Promise<{ restore(): Promise<string> } | undefined> {
  const id = target.fixtures.organisationId;
  if (target.embedded || target.readOnly || target.profile !== 'live' || !id) return undefined;
  const client = new Client({ baseUrl: target.baseUrl, token: target.token, forbiddenToken: undefined, timeoutMs: target.timeoutMs });
  const path = `/v1/organisations/${encodeURIComponent(id)}`;
  const nameOf = async () => ((await client.send({ method: 'GET', path })).json as { organisation?: { name?: unknown } } | undefined)?.organisation?.name;
  const original = await nameOf();
  if (typeof original !== 'string') {
    await client.close();
    return undefined;
  }
  return {
    async restore() {
      try {
        // twice at most: a rename sent just before the interruption may land after the first put-back
        for (let attempt = 0; attempt < 2 && (await nameOf()) !== original; attempt++) {
          await client.send({ method: 'PUT', path, json: { organisation: { name: original } } });
        }
        return (await nameOf()) === original ? `the organisation's name is ${JSON.stringify(original)} again` : `could not put the organisation's name back: rename it to ${JSON.stringify(original)}`;
      } finally {
        await client.close();
      }
    },
  };
}

/** Workers of a run, and so requests in flight at most: a check sends one request at a time. */
export function inFlight(config: Pick<RunConfig, 'concurrency'>): number {
  return Math.min(2, config.concurrency);
}

export async function runConformance(config: RunConfig, output: RunOutput = consoleOutput): Promise<{ exitCode: number; report?: ConformanceReport }> {
  const seed = config.seed ?? (process.env.CI ? CI_SEED : Math.floor(Math.random() * 2 ** 31));
  const mock = config.profile === 'mock';
  // the deployment: the one given, or one started for the run (the reference for live, Prism for mock)
  const reference = config.baseUrl || mock ? undefined : await startReference({ port: 0 });
  const localMock = !config.baseUrl && mock ? await startMock() : undefined;
  const baseUrl = config.baseUrl ?? reference?.baseUrl ?? localMock!.baseUrl;
  try {
    const credentials = reference ? reference.fixtures : { token: config.token, forbiddenToken: config.forbiddenToken };
    const probed = await probe({ baseUrl, token: credentials.token, forbiddenToken: credentials.forbiddenToken, timeoutMs: config.timeoutMs });
    if (probed.unreachable !== undefined) {
      output.error(`mockapi-conformance: cannot reach ${baseUrl}: ${probed.unreachable}\n`);
      return { exitCode: EXIT.unreachable };
    }
    const { latencyMs } = probed;
    const runs = config.runs ?? runsFor(latencyMs);
    const common = { baseUrl, readOnly: config.readOnly, timeoutMs: config.timeoutMs, seed, runs, latencyMs, checkTimeoutMs: config.checkTimeoutMs, profile: config.profile };
    const target: Target = reference
      ? {
          ...common,
          token: reference.fixtures.token,
          forbiddenToken: reference.fixtures.forbiddenToken,
          fixtures: {
            mockApiId: reference.fixtures.mockApiId,
            organisationId: reference.fixtures.organisationId,
            dataSourceId: reference.fixtures.dataSourceId,
            deletableDataSourceId: reference.fixtures.deletableDataSourceId,
            teamId: reference.fixtures.teamId,
            teamMemberId: reference.fixtures.teamMemberId,
            requestId: reference.fixtures.requestId,
          },
          // the reference names the policies it accepts, so it consents with one of its own
          pushPolicy: reference.fixtures.pushPolicy,
          embedded: true,
        }
      : mock
        ? {
            ...common,
            token: config.token ?? 'mock-key',
            forbiddenToken: undefined,
            fixtures: { ...MOCK_FIXTURES, ...config.fixtures },
            // the local mock serves our own description, whose example names a value; a mock given by URL may
            // serve another description, so there the user names it
            pushPolicy: localMock ? descriptionPushPolicy() : config.pushPolicy,
            embedded: false,
          }
        : {
            ...common,
            token: config.token,
            forbiddenToken: config.forbiddenToken,
            fixtures: config.fixtures,
            pushPolicy: config.pushPolicy,
            embedded: false,
            deletions: consumedFixtures(baseUrl, config.fixtures, config.stateFile),
          };

    const what = target.embedded ? ' (the embedded reference deployment)' : localMock ? ' (the local Prism mock of schemas/openapi.yaml)' : '';
    output.write(`Verifying ${target.baseUrl}${what}, profile ${config.profile}${target.readOnly ? ', read-only' : ''}\n`);
    const chosen = config.runs === undefined ? `; ${runs} for the latency measured before the run, ${latencyMs.toFixed(1)} ms (--runs sets it)` : '';
    output.write(`Generated payloads: seed ${seed}, ${runs} runs per property (rerun with --seed ${seed})${chosen}\n`);
    if (config.only) output.write(`Only the checks whose name matches ${config.only}\n`);
    for (const d of Object.values(target.deletions?.consumed ?? {})) {
      output.write(`Deleted by an earlier run (${target.deletions!.stateFile}): ${d.resource} at ${d.deletedAt}; the checks that delete it are skipped\n`);
    }

    const reporter = new ConformanceReporter({
      root: PACKAGE_ROOT,
      target: { baseUrl: target.baseUrl, profile: config.profile, embedded: target.embedded },
      version: packageVersion(),
      secrets: { $MOCKAPI_TOKEN: target.token, $MOCKAPI_FORBIDDEN_TOKEN: target.forbiddenToken },
    });
    const vitest = await createVitest(
      'test',
      {
        root: PACKAGE_ROOT,
        config: false,
        include: ['suites/**/*.suite.ts'],
        watch: false,
        reporters: ['default', reporter],
        provide: { target, openapi: openApiDocument() },
        setupFiles: [`${PACKAGE_ROOT}src/worker-setup.ts`],
        ...(config.only ? { testNamePattern: config.only } : {}),
        // Files share no fixture, so they run in parallel; checks within a file run in order, one request at a
        // time, so requests in flight are at most the workers: --concurrency 1 makes the run serial. Threads and
        // shared modules (isolate: false) compile the schemas once per worker: measured on 2 cores, a run
        // takes 6 s of CPU this way against 10 s with forks or isolation. Suites keep their state in their
        // own modules, so nothing leaks from one file to the next.
        pool: 'threads',
        maxWorkers: inFlight(config),
        isolate: false,
        // each check sets its own timeout from what it sends and the latency measured (src/check.ts)
        testTimeout: config.timeoutMs * 6 + 10_000,
        passWithNoTests: false,
      },
      { logLevel: 'error' },
    );
    // a bound on the whole run, whatever the deployment does (vitest knows two reasons to cancel; the report says ours)
    let stopped = false;
    const bound = setTimeout(() => {
      stopped = true;
      void vitest.cancelCurrentRun('keyboard-input');
    }, config.runTimeoutMs);
    // Ctrl-C: stop the workers first (nothing more is sent), then put back what the run changed, then leave
    const guard = await organisationGuard(target);
    // vitest's own handlers would exit the process before anything is put back: the command takes them over
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    let onSignal = () => {};
    const interrupted = new Promise<never>((_, reject) => {
      onSignal = () => reject(new Interrupted());
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
    });
    try {
      await Promise.race([vitest.start(), interrupted]);
    } catch (error) {
      if (!(error instanceof Interrupted)) throw error;
      output.error('mockapi-conformance: interrupted; stopping the checks and putting back what they changed\n');
      await vitest.close();
      if (guard) output.error(`mockapi-conformance: ${await guard.restore()}\n`);
      return { exitCode: EXIT.interrupted };
    } finally {
      clearTimeout(bound);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    await vitest.close();
    // vitest sets its own exit code; the verdict below is ours
    process.exitCode = undefined;
    const report = reporter.report;
    if (report && stopped) report.errors.push(`the run was stopped after ${config.runTimeoutMs / 1000} s (--run-timeout-ms); checks that had not finished are not reported`);
    if (!report) {
      output.error('mockapi-conformance: the run ended before any result was reported\n');
      return { exitCode: EXIT.failed };
    }
    output.write(`${formatSummary(report)}\n`);
    if (config.reportJson) {
      writeFileSync(config.reportJson, `${JSON.stringify(report, null, 2)}\n`);
      output.write(`JSON report: ${config.reportJson}\n`);
    }
    const ranNothing = report.checks.length === 0;
    if (ranNothing && config.only) {
      output.error(`mockapi-conformance: no check's name matches --only ${config.only.source}\n`);
      return { exitCode: EXIT.usage, report };
    }
    if (ranNothing) output.error('mockapi-conformance: no check ran\n');
    return { exitCode: report.summary.failed > 0 || report.errors.length > 0 || ranNothing ? EXIT.failed : EXIT.passed, report };
  } finally {
    await reference?.close();
    await localMock?.close();
  }
}
