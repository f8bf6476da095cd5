// The catalogue of checks: every check of suites/ and properties/, as declared, none of them run and no
// request sent. `mockapi-conformance --list` prints it; our tests hold the requirement register against it.
// What a suite declares does not depend on the target: a check for one profile says so (CheckOptions.profile).
import { readdirSync } from 'node:fs';
import { SOURCE_EXTENSION } from '../../contract/package-root.ts';
import { requirement, type Level, type RequirementId } from '../../contract/requirements.ts';
import { FIXTURE_VARIABLES } from '../../contract/fixtures.ts';
import { operation, type OperationId } from '../../contract/schemas.ts';
import { collectDeclarations, exclusive, type CheckOptions, type Declaration, type Target } from './check.ts';
import { laneOf } from './lanes.ts';

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
  /**
   * the resource it uses a fixture of (src/harness/lanes.ts), and whether it runs alone there: nothing else on that
   * resource is under way meanwhile; undefined when it uses no fixture
   */
  lane: { resource: string; alone: boolean } | undefined;
  /** the profiles whose runs declare it */
  profiles: Target['profile'][];
  /** file:line of its declaration */
  location: string;
}

const SUITES = new URL('../../suites/', import.meta.url);

/** What a declaration is asked of: a target with every fixture and consent, so that nothing is left out for want of them. */
function declaringTarget(): Target {
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
    runs: 0,
    concurrency: 1,
    latencyMs: 0,
    checkTimeoutMs: undefined,
    pushPolicy: '<pushPolicy>',
  };
}

async function declarations(): Promise<Declaration[]> {
  // the sources' .suite.ts, or the compiled package's .suite.js (beside which lie .d.ts and no source)
  const files = readdirSync(SUITES)
    .filter((file) => file.endsWith(`.suite${SOURCE_EXTENSION}`))
    .sort();
  return collectDeclarations(declaringTarget(), async () => {
    for (const file of files) await import(/* @vite-ignore */ new URL(file, SUITES).href);
  });
}

function sends(d: Declaration): string {
  const { method, path } = operation(d.options.operation);
  const how = d.options.generated?.steps
    ? `sequences of up to ${d.options.generated.steps} steps, about ${d.options.generated.perInput} requests each, a fourth of --runs of them (5 at least)`
    : d.options.generated
      ? `${d.options.generated.perInput > 1 ? `about ${d.options.generated.perInput} requests` : 'one request'} per generated input (--runs) and per each of ${d.options.generated.fixed} fixed inputs`
      : `about ${d.options.requests ?? 5} requests at most`;
  const what = [
    d.options.forbidden && 'with the key without permission',
    d.options.consumes && `deletes ${FIXTURE_VARIABLES[d.options.consumes]}`,
    d.options.pushes && 'pushes (needs MOCKAPI_PUSH_POLICY)',
  ].filter(Boolean);
  const needs = (d.options.needs ?? []).map((name) => FIXTURE_VARIABLES[name]);
  return `${method} ${path}, ${how}${what.length ? `; ${what.join('; ')}` : ''}${needs.length ? `; needs ${needs.join(', ')}` : ''}`;
}

let cached: Promise<CatalogueEntry[]> | undefined;

function laneEntry(options: CheckOptions): CatalogueEntry['lane'] {
  const resource = laneOf(options);
  return resource === undefined ? undefined : { resource, alone: exclusive(options) };
}

/** Every check, ordered by id. Two declarations under one id are a defect of the suites, and an error here. */
export function catalogue(): Promise<CatalogueEntry[]> {
  cached ??= (async () => {
    const entries = new Map<string, CatalogueEntry>();
    for (const d of await declarations()) {
      const known = entries.get(d.id);
      if (known) throw new Error(`two checks are declared with the id ${d.id} (${known.location}, ${d.location})`);
      const r = requirement(d.requirement);
      entries.set(d.id, {
        id: d.id,
        title: d.title,
        requirement: d.requirement,
        level: r.level,
        section: r.section,
        statement: r.statement,
        operation: d.options.operation,
        sends: sends(d),
        writes: Boolean(d.options.writes || d.options.consumes || d.options.pushes),
        lane: laneEntry(d.options),
        profiles: d.options.profile ? [d.options.profile] : ['live', 'mock'],
        location: d.location,
      });
    }
    return [...entries.values()].sort((a, b) => a.id.localeCompare(b.id));
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
  return `${blocks.join('\n\n')}\n\n${entries.length} checks; none was run (mockapi-conformance runs them)`;
}
