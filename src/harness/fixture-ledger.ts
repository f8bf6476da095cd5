// What the run has learnt of its fixtures from the answers to requests with the key: a fixture whose first answers
// are 404, before any answer showed it exists, does not exist on this deployment (a variable set wrong), and every
// check that uses it ends errored naming that variable, whatever area it is of; once an answer showed it exists, a
// later 404 is the deployment's, judged as such. Only the interface's reads can show a fixture exists before the run
// (src/run/preflight.ts); the other fixtures are known by the run's own requests.
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../../contract/fixtures.ts';

/** What the ledger needs of an exchange: where it went, with which key, and the status of its answer. */
interface Seen {
  method: string;
  url: string;
  status: number;
  requestHeaders: Record<string, string>;
}

/**
 * A delete with the key refused otherwise than as not found (400, 403, 409...): it carries no body to be refused
 * for, so the deployment found the resource it refuses to delete (a delete that removes it and answers so anyway
 * is a verdict on the delete, and the 404s after it are the deployment's).
 */
const refusedDelete = (e: Seen) => e.method === 'DELETE' && e.status >= 400 && e.status < 500 && e.status !== 404 && e.status !== 401 && e.status !== 429;

/** The Authorization header of a request with the key, as the redactor leaves it in an exchange. */
const WITH_THE_KEY = 'Token $MOCKAPI_TOKEN';

export class FixtureLedger {
  private readonly exists = new Set<FixtureName>();
  private readonly notFound = new Map<FixtureName, string>();
  private readonly basePath: string;

  /** `missing` and `found`: what the preflight's reads found already. */
  constructor(
    baseUrl: string,
    private readonly fixtures: Fixtures,
    missing: Partial<Record<FixtureName, string>> = {},
    found: readonly FixtureName[] = [],
  ) {
    this.basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
    for (const [name, reason] of Object.entries(missing) as [FixtureName, string][]) this.notFound.set(name, reason);
    for (const name of found) this.exists.add(name);
  }

  /** Takes in an exchange of the run. */
  saw(exchange: Seen): void {
    if (exchange.requestHeaders.authorization !== WITH_THE_KEY) return;
    const found = (exchange.status >= 200 && exchange.status < 300) || refusedDelete(exchange);
    if (!found && exchange.status !== 404) return;
    const path = this.pathOf(exchange.url);
    if (path === undefined) return;
    for (const name of this.fixturesOf(path, found, exchange.status >= 200 && exchange.status < 300)) {
      if (found) this.exists.add(name);
      else if (!this.exists.has(name) && !this.notFound.has(name)) this.notFound.set(name, this.reason(name, `${exchange.method} ${path}`));
    }
  }

  /** Why a check on these fixtures cannot judge: the first of them known not to exist; undefined when none is. */
  missing(names: readonly FixtureName[]): string | undefined {
    for (const name of names) {
      if (!this.exists.has(name) && this.notFound.has(name)) return this.notFound.get(name);
    }
    return undefined;
  }

  private reason(name: FixtureName, request: string): string {
    const variables = name === 'teamMemberId' ? `${FIXTURE_VARIABLES.teamId} and ${FIXTURE_VARIABLES.teamMemberId}` : FIXTURE_VARIABLES[name];
    return `the fixture does not exist: ${request} with the key was answered 404 before any answer showed it exists; set ${variables} to one the deployment has`;
  }

  /** The request's path below the base URL, its segments decoded; undefined for one that is not the run's. */
  private pathOf(url: string): string | undefined {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return undefined;
    }
    if (!path.startsWith(`${this.basePath}/`)) return undefined;
    return path.slice(this.basePath.length);
  }

  /**
   * The fixtures a path is of; a 404 is laid at the innermost only (a logged request, not its mock API). The member
   * removed with a 2xx from a team other than the fixture's was found by the deployment: it existed.
   */
  private fixturesOf(path: string, found: boolean, removed: boolean): FixtureName[] {
    const s = path.split('/').map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
    const f = this.fixtures;
    const is = (name: FixtureName, value: string | undefined) => f[name] !== undefined && f[name] === value;
    if (s[1] !== 'v1') return [];
    if (s[2] === 'organisations' && s.length === 4 && is('organisationId', s[3])) return ['organisationId'];
    if (s[2] === 'data-sources' && s.length === 4) return (['dataSourceId', 'deletableDataSourceId'] as const).filter((n) => is(n, s[3]));
    if (s[2] === 'teams' && s[4] === 'members' && s.length === 6 && is('teamId', s[3]) && is('teamMemberId', s[5]))
      return found ? ['teamId', 'teamMemberId'] : ['teamMemberId'];
    if (s[2] === 'teams' && s[4] === 'members' && s.length === 6 && is('teamMemberId', s[5])) return removed ? ['teamMemberId'] : [];
    if (s[2] !== 'mock-apis' || !is('mockApiId', s[3])) return [];
    if (s[4] === 'requests' && s.length === 6 && is('requestId', s[5])) return found ? ['mockApiId', 'requestId'] : ['requestId'];
    return ['mockApiId'];
  }
}
