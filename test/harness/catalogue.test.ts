// The catalogue of checks (src/harness/catalogue.ts) and `mockapi-conformance --list`: every check with its stable
// id, requirement, operation, what it sends and the suite that declares it, without a request sent; its data
// (suites/catalogue.json) is what the suites declare.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { OPERATION_IDS } from '../../contract/schemas.ts';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference } from '../../reference/server.ts';
import { startRecorder } from '../../bench/recorder.ts';
import { CATALOGUE_FILE, CHAIN_IN_FLIGHT, CHAIN_RUNS, catalogue, catalogueOf, chainsOf, type CatalogueEntry } from '../../src/harness/catalogue.ts';
import { SUITES } from '../../suites/all.ts';
import { DEFAULT_CONCURRENCY, runsFor } from '../../src/run/open-target.ts';
import { countingServer } from '../support/counting-server.ts';
import { runCli } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

const entries = await catalogue();
const AREAS = readdirSync(new URL('../../suites/', import.meta.url))
  .filter((f) => f.endsWith('.suite.ts'))
  .map((f) => f.replace(/\.suite\.ts$/, ''));

test('every check has a unique id that begins with an area, is where the catalogue says, and every suite is listed', () => {
  expect(Object.keys(SUITES).sort()).toEqual([...AREAS].sort());
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  for (const e of entries) {
    expect(e.id).toMatch(/^[a-z-]+\/[A-Za-z0-9/-]+$/);
    expect(AREAS, e.id).toContain(e.id.split('/')[0]);
    // the suite that declares it: its area's
    expect(e.location, e.id).toBe(`suites/${e.id.split('/')[0]}.suite.ts`);
    expect(
      SUITES[e.id.split('/')[0]!]?.map((d) => d.id),
      e.location,
    ).toContain(e.id);
  }
});

test('suites/catalogue.json holds what the suites declare (npm run catalogue writes it)', () => {
  const recorded = JSON.parse(readFileSync(new URL(`../../${CATALOGUE_FILE}`, import.meta.url), 'utf8'));
  // toEqual reads a key left out of the JSON as one that is undefined, as catalogueOf leaves it
  expect(recorded, `${CATALOGUE_FILE} is not what the suites declare: run npm run catalogue`).toEqual(catalogueOf(SUITES));
});

/** The text of every file that writes out checks: the suites and the properties they list. */
const SOURCES = ['../../suites/', '../../properties/']
  .flatMap((dir) => readdirSync(new URL(dir, import.meta.url)).map((f) => new URL(`${dir}${f}`, import.meta.url)))
  .filter((url) => url.pathname.endsWith('.ts'))
  .map((url) => readFileSync(url, 'utf8'))
  .join('\n');

test('ids are written out where the checks are, not made from their titles', () => {
  // the id itself, or a template that makes it for each operation (`authentication/${c.op}/...`), each of whose
  // placeholders stands for a name, a slug or a number
  const templates = [...SOURCES.matchAll(/`([a-z-]+\/[^`\s]*\$\{[^`\s]*)`/g)].map(
    (m) =>
      new RegExp(
        `^${m[1]!
          .split(/\$\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[A-Za-z0-9-]+')}$`,
      ),
  );
  for (const e of entries) {
    const written = SOURCES.includes(`'${e.id}'`) || templates.some((template) => template.test(e.id));
    expect(written, `${e.id} is not written out in suites/ or properties/`).toBe(true);
  }
});

test('every check names an operation of the description and says what it sends', () => {
  for (const e of entries) {
    expect(OPERATION_IDS).toContain(e.operation);
    expect(e.sends).toMatch(/^(GET|PUT|DELETE) \/v1\//);
  }
  // the documented answers a mock picks with Prefer are checks of the mock profile alone
  expect(entries.filter((e) => e.profiles.length === 1 && e.profiles[0] === 'mock').map((e) => e.id)).toContain(
    'authentication/getOrganisation/documented-401-prefer-code-401-plain',
  );
});

test('--list prints the catalogue and sends no request, even with a deployment configured', async () => {
  const server = await countingServer();
  try {
    // the command from the sources, as a checkout runs it: --list names the .ts files (compiled, dist/'s .js ones)
    const r = await runCli(['--list'], { MOCKAPI_BASE_URL: server.url, MOCKAPI_TOKEN: 'a-key-for-the-list-test' });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests()).toBe(0);
    expect(r.report).toBeUndefined();
    expect(r.stdout).toContain(`${entries.length} checks; none was run`);
    // each fixture's chain, declared, with the longest first
    const chains = r.stdout.slice(r.stdout.indexOf('\nChains: '));
    expect(chains).toMatch(/Declared, not counted: each check's requests at most, at --runs 20 with inputs sent together 16 at a time/);
    expect(chains).toMatch(/^ {2}organisation +at most \d+ round trips \(\d+ checks\)$/m);
    expect(chains).toMatch(/^ {2}one check on no fixture +at most \d+ round trips$/m);
    const block = r.stdout.split('\n\n').find((b) => b.startsWith('chaos-settings/percentagefailures-0-lower-limit-accepted '))!;
    expect(block.split('\n')).toEqual([
      expect.stringMatching(/ \[CHAOS-PERCENTAGE-LIMIT, must\] {2}percentageFailures 0 \(the lower limit\) is accepted$/),
      expect.stringContaining('percentageFailures is a number (double) from 0 to 100 inclusive.'),
      '  updateChaosSettings: PUT /v1/mock-apis/{mockApiId}/settings/chaos, about 5 requests at most; needs MOCKAPI_MOCK_API_ID; writes; alone on the chaos settings',
      '  suites/chaos-settings.suite.ts',
    ]);
  } finally {
    await server.close();
  }
});

test('--list into a reader that stops early (| head) ends quietly with exit 0, not with a trace', async () => {
  const { spawn } = await import('node:child_process');
  const { BIN } = await import('../support/cli.ts');
  const child = spawn(process.execPath, [BIN, '--list'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  // read the first chunk, then close the pipe as head does
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdout.destroy();
  const code = await new Promise((resolve) => child.once('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

describe('chains as --list declares them', () => {
  const entry = (id: string, position: number, lane: CatalogueEntry['lane'], roundTrips: number): CatalogueEntry =>
    ({ id, position, lane, roundTrips, profiles: ['live', 'mock'] }) as CatalogueEntry;

  test("add up as a run's lanes do: a check alone after every check before it, checks beside each other after the last one alone", () => {
    const org = (alone: boolean) => ({ resource: 'organisation', alone });
    const chains = chainsOf([
      entry('a', 0, org(false), 5),
      entry('b', 1, org(false), 2),
      entry('c', 2, org(true), 10),
      entry('d', 3, org(false), 3),
      entry('e', 4, org(false), 7),
      entry('f', 5, org(true), 0),
      entry('g', 6, { resource: 'data source', alone: true }, 4),
      entry('h', 7, undefined, 6),
      // a check of the mock profile alone is no part of a live run's chains
      { ...entry('i', 8, org(true), 100), profiles: ['mock'] },
    ]);
    expect(chains).toEqual([
      { resource: 'organisation', roundTrips: 5 + 10 + 7, checks: 6 },
      { resource: 'one check on no fixture', roundTrips: 6, checks: 1 },
      { resource: 'data source', roundTrips: 4, checks: 1 },
    ]);
  });

  test('are declared for the run a deployment given by URL 10 to 100 ms away gets, and the generated names count once, as their own', () => {
    expect(CHAIN_RUNS).toBe(runsFor(50));
    expect(CHAIN_IN_FLIGHT).toBe(DEFAULT_CONCURRENCY.givenCeiling);
    const trips = (id: string) => entries.find((e) => e.id === id)!.roundTrips;
    // the names are sent once, in the sequences or by their own check: a rename and a get for each of 20 generated
    // names, 2 fixed ones and a replay, in the organisation's chain either way
    expect(trips('organisations/generated-names-taken')).toBe((CHAIN_RUNS + 2 + 1) * 2);
    expect(trips('organisations/sequences-renames-gets')).toBe(72);
    // refused bodies go out together: far fewer round trips than inputs
    expect(trips('organisations/generated-invalid-bodies-rejected')).toBeLessThan(CHAIN_RUNS);
  });

  test("are at most what a run 10 ms away counts on each fixture (the JSON report's summary.chains)", async () => {
    const deployment = await startReference({ port: 0 });
    // the run the declaration is for: a deployment 10 to 100 ms away, where inputs sent together overlap (on
    // loopback a fast answer may come back before the next input of a pool is sent, and each counts as a round
    // trip of its own)
    const far = await startRecorder(
      deployment.baseUrl,
      { token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken },
      { delayMs: () => 10 },
    );
    try {
      const r = await runner.run(['--runs', String(CHAIN_RUNS)], { ...runEnvironment(deployment), MOCKAPI_BASE_URL: far.baseUrl });
      expect(r.code, r.stdout).toBe(0);
      const declared = Object.fromEntries(chainsOf(entries).map((c) => [c.resource, c.roundTrips]));
      const counted = r.report!.summary.chains!;
      expect(Object.keys(counted).sort()).toEqual(Object.keys(declared).sort());
      for (const [resource, trips] of Object.entries(counted)) expect(trips, resource).toBeLessThanOrEqual(declared[resource]!);
    } finally {
      await far.close();
      await deployment.close();
    }
  });
});
