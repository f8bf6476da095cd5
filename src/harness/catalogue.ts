// The catalogue of checks: every check the suites declare, none of them run and no request sent. It is data
// (suites/catalogue.json), written from the suites' definitions by catalogueOf (`npm run catalogue`, which
// suites/catalogue.ts runs) and held equal to them by test/harness/catalogue.test.ts: what lists the checks
// (`--list`, --only before a run, the deletes a run records, the ledger of statements) reads the data and imports
// no suite, since the suites stand above everything that runs them (docs/layout.md). Which checks there are does
// not depend on the target: a check for one profile says so (CheckOptions.profile); what a property sends is sized
// for a run of a deployment given by URL (CHAIN_RUNS).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT, SOURCE_EXTENSION } from '../../contract/package-root.ts';
import { requirement, type Level, type RequirementId } from '../../contract/requirements.ts';
import { FIXTURE_VARIABLES, type FixtureName } from '../../contract/fixtures.ts';
import { operation, type OperationId } from '../../contract/schemas.ts';
import { exclusive, optionsOn, type CheckDefinition, type CheckOptions, type Target } from './check.ts';
import { laneOf, roundTripsOf } from './lanes.ts';

export interface CatalogueEntry {
  id: string;
  title: string;
  requirement: RequirementId;
  level: Level;
  section: string;
  statement: string;
  operation: OperationId;
  /** what the check sends, in words: the operation's method and path, how often, what it needs */
  sends: string;
  /** whether it sends a request that can change data (a write, a delete, a push) */
  writes: boolean;
  /** the fixture it deletes, once for the run (the run records it in its state file first), if it deletes one */
  deletes: FixtureName | undefined;
  /**
   * the resource it uses a fixture of (src/harness/lanes.ts), and whether it runs alone there: nothing else on that
   * resource is under way meanwhile; undefined when it uses no fixture
   */
  lane: { resource: string; alone: boolean } | undefined;
  /**
   * about how many round trips in a row it takes at most, as declared (a default run of a deployment given by URL
   * 10 to 100 ms away: CHAIN_RUNS and CHAIN_IN_FLIGHT), what its lane's chain adds up (formatChains)
   */
  roundTrips: number;
  /** its place in the order the checks are declared: checks of one fixture take their turns in it */
  position: number;
  /** the profiles whose runs have it */
  profiles: Target['profile'][];
  /** the file that declares it, its area's suite (suites/<area>.suite.ts; .js compiled), relative to the package's code */
  location: string;
}

/** What the data holds of an entry: the requirement's level, section and statement are the register's (requirement). */
export type CatalogueRecord = Omit<CatalogueEntry, 'level' | 'section' | 'statement'>;

/** The catalogue's data, beside the suites it is written from (shipped with the package). */
export const CATALOGUE_FILE = join('suites', 'catalogue.json');

/**
 * The run whose chains --list says: --runs and the requests in flight a run picks for a deployment given by URL
 * 10 to 100 ms away (src/run/open-target.ts runsFor and DEFAULT_CONCURRENCY's ceiling; the catalogue's test holds them
 * equal), where a chain, not the number in flight, is what a run waits for.
 */
export const CHAIN_RUNS = 20;
export const CHAIN_IN_FLIGHT = 16;

/** The run the catalogue sizes each check for: a target with every fixture and consent, so that nothing is left out for want of them. */
function cataloguedTarget(): Target {
  const fixtures = Object.fromEntries(Object.keys(FIXTURE_VARIABLES).map((name) => [name, `<${name}>`]));
  return {
    baseUrl: 'http://catalogue.invalid',
    token: undefined,
    forbiddenToken: undefined,
    readOnly: false,
    timeoutMs: 1,
    fixtures,
    embedded: false,
    profile: 'live',
    seed: 0,
    // what a property's declared requests are counted for (roundTripsOf)
    runs: CHAIN_RUNS,
    concurrency: 1,
    latencyMs: 0,
    checkTimeoutMs: undefined,
    pushPolicy: '<pushPolicy>',
  };
}

/** Every check, with the file of the suite that declares it, in the order a run has them. */
function definitions(suites: Readonly<Record<string, readonly CheckDefinition[]>>): { d: CheckDefinition; location: string }[] {
  return Object.entries(suites).flatMap(([area, checks]) => checks.map((d) => ({ d, location: `suites/${area}.suite.ts` })));
}

function sends(options: CheckOptions): string {
  const { method, path } = operation(options.operation);
  const how = options.generated?.steps
    ? `sequences of up to ${options.generated.steps} steps, about ${options.generated.perInput} requests each, a fourth of --runs of them (5 at least)`
    : options.generated
      ? `${options.generated.perInput > 1 ? `about ${options.generated.perInput} requests` : 'one request'} per generated input (--runs) and per each of ${options.generated.fixed} fixed inputs`
      : `about ${options.requests ?? 5} requests at most`;
  const what = [
    options.forbidden && 'with the key without permission',
    options.consumes && `deletes ${FIXTURE_VARIABLES[options.consumes]}`,
    options.pushes && 'pushes (needs MOCKAPI_PUSH_POLICY)',
  ].filter(Boolean);
  const needs = (options.needs ?? []).map((name) => FIXTURE_VARIABLES[name]);
  return `${method} ${path}, ${how}${what.length ? `; ${what.join('; ')}` : ''}${needs.length ? `; needs ${needs.join(', ')}` : ''}`;
}

function laneEntry(options: CheckOptions): CatalogueEntry['lane'] {
  const resource = laneOf(options);
  return resource === undefined ? undefined : { resource, alone: exclusive(options) };
}

/**
 * The catalogue's records of the suites' checks (SUITES of suites/all.ts), ordered by id: what suites/catalogue.json
 * holds. Two checks under one id are a defect of the suites, and an error here.
 */
export function catalogueOf(suites: Readonly<Record<string, readonly CheckDefinition[]>>): CatalogueRecord[] {
  const records = new Map<string, CatalogueRecord>();
  const target = cataloguedTarget();
  for (const [position, { d, location }] of definitions(suites).entries()) {
    const known = records.get(d.id);
    if (known) throw new Error(`two checks have the id ${d.id} (${known.location}, ${location})`);
    const options = optionsOn(d, target);
    records.set(d.id, {
      id: d.id,
      title: d.title,
      requirement: d.requirement,
      operation: options.operation,
      sends: sends(options),
      writes: Boolean(options.writes || options.consumes || options.pushes),
      deletes: options.consumes,
      lane: laneEntry(options),
      roundTrips: roundTripsOf(options, exclusive(options), CHAIN_IN_FLIGHT),
      position,
      profiles: options.profile ? [options.profile] : ['live', 'mock'],
      location,
    });
  }
  return [...records.values()].sort((a, b) => a.id.localeCompare(b.id));
}

let cached: Promise<CatalogueEntry[]> | undefined;

/** Every check, ordered by id, as suites/catalogue.json records it, with its requirement as the register has it. */
export function catalogue(): Promise<CatalogueEntry[]> {
  cached ??= (async () => {
    const records = JSON.parse(readFileSync(join(PACKAGE_ROOT, CATALOGUE_FILE), 'utf8')) as CatalogueRecord[];
    return records.map((record) => {
      const r = requirement(record.requirement);
      // the file as this package has it: the sources in a checkout, the compiled file (dist/) once installed
      const location = record.location.replace(/\.ts$/, SOURCE_EXTENSION);
      return { ...record, location, level: r.level, section: r.section, statement: r.statement };
    });
  })();
  return cached;
}

/** The catalogue as text: one block per check. */
export function formatCatalogue(entries: readonly CatalogueEntry[]): string {
  const blocks = entries.map((e) =>
    [
      `${e.id}  [${e.requirement}, ${e.level}]  ${e.title}`,
      `  ${e.section}: "${e.statement}"`,
      `  ${e.operation}: ${e.sends}; ${e.writes ? 'writes' : 'reads only'}${e.lane ? `; ${e.lane.alone ? 'alone on' : 'beside other checks of'} the ${e.lane.resource}` : ''}${e.profiles.length < 2 ? `; ${e.profiles[0]} profile only` : ''}`,
      `  ${e.location}`,
    ].join('\n'),
  );
  return `${blocks.join('\n\n')}\n\n${formatChains(entries)}\n\n${entries.length} checks; none was run (mockapi-conformance runs them)`;
}

/**
 * Each fixture's chain as the catalogue knows it before a run: its checks in the order declared, as a run's lanes
 * add them up (src/harness/lanes.ts): a check alone after every check before it, checks beside each other after
 * the last one alone; and the longest check on no fixture. Of the live profile's checks, longest first.
 */
export function chainsOf(entries: readonly CatalogueEntry[]): { resource: string; roundTrips: number; checks: number }[] {
  const lanes = new Map<string, { after: number; longest: number; checks: number }>();
  let free = 0;
  for (const e of [...entries].filter((x) => x.profiles.includes('live')).sort((a, b) => a.position - b.position)) {
    if (e.lane === undefined) {
      free = Math.max(free, e.roundTrips);
      continue;
    }
    const lane = lanes.get(e.lane.resource) ?? { after: 0, longest: 0, checks: 0 };
    lanes.set(e.lane.resource, lane);
    lane.checks++;
    lane.longest = Math.max(lane.longest, (e.lane.alone ? lane.longest : lane.after) + e.roundTrips);
    if (e.lane.alone) lane.after = lane.longest;
  }
  return [
    ...[...lanes].map(([resource, lane]) => ({ resource, roundTrips: lane.longest, checks: lane.checks })),
    { resource: 'one check on no fixture', roundTrips: free, checks: 1 },
  ].sort((a, b) => b.roundTrips - a.roundTrips);
}

function formatChains(entries: readonly CatalogueEntry[]): string {
  const chains = chainsOf(entries);
  const width = Math.max(...chains.map((c) => c.resource.length));
  return [
    `Chains: the round trips in a row of each fixture's checks, which take turns on it (no number of requests in flight shortens them; a run takes at least the longest times the latency). Declared, not counted: each check's requests at most, at --runs ${CHAIN_RUNS} with inputs sent together ${CHAIN_IN_FLIGHT} at a time (a deployment given by URL 10 to 100 ms away); a run's JSON report counts them as sent (summary.chains).`,
    ...chains.map((c) => `  ${c.resource.padEnd(width)}  at most ${c.roundTrips} round trips${c.checks > 1 ? ` (${c.checks} checks)` : ''}`),
  ].join('\n');
}
