// Identifiers, envelopes and errors across operations (Resources > Identifiers; Limits; General
// conventions; Errors). Wrong ids and bodies only: nothing here can change a fixture on a deployment that
// keeps the interface, and a 4- or 11-character mock API id cannot name a real mock API.
import { CHANGES_NOTHING, check, type CheckDefinition, shared, type CheckContext } from '../src/harness/check.ts';
import type { Exchange, RequestSpec } from '../src/http/client.ts';
import { describe as describeExchange, expectErrorListIfAny, expectInvalidJson, expectRejected } from '../src/judge/checker.ts';
import { OPERATION_IDS, operation, schema } from '../contract/schemas.ts';
import { CHANGES_NOTHING_ANYWAY, organisationBody } from './refused-anyway.ts';
import { limits } from '../contract/limits.ts';
import { bounded } from '../contract/untrusted.ts';
import type { OperationId } from '../contract/schemas.ts';
import type { FixtureName } from '../contract/fixtures.ts';
import { exampleBody, harmlessChaos, MISSING, pathOf, pushBody, requiredWrapper } from '../src/harness/support.ts';
import { property } from '../properties/property.ts';
import { sameAnswer } from '../src/judge/same.ts';
import { mockApiIdOutOfRange, oversize } from '../properties/arbitraries.ts';

/** Lengths of mockApiId one short of and one past the limits (Limits, read from the schema). */
const BAD_LENGTHS = { short: limits().mockApiIdLength.min - 1, long: limits().mockApiIdLength.max + 1 };

/** mockApiIds one character short of and past the limits, shaped like the fixture where there is one; characters as the interface counts them. */
function badMockApiIds(t: CheckContext): { short: string; long: string } {
  const base = [...(t.target.fixtures.mockApiId ?? MISSING.mockApiId)];
  while (base.length < BAD_LENGTHS.long) base.push('x');
  return { short: base.slice(0, BAD_LENGTHS.short).join(''), long: base.slice(0, BAD_LENGTHS.long).join('') };
}

/**
 * Two made-up mockApiIds that end in a character outside the Basic Multilingual Plane (two UTF-16 units): one of the
 * most characters the limit allows, and the same one character shorter (an ASCII letter less).
 */
function astralMockApiIds(): { longest: string; shorter: string } {
  const { max } = limits().mockApiIdLength;
  const base = [...MISSING.mockApiId];
  while (base.length < max - 1) base.push('x');
  return { longest: `${base.slice(0, max - 1).join('')}\u{1F600}`, shorter: `${base.slice(0, max - 2).join('')}\u{1F600}` };
}

/**
 * The limit counts characters: an id of its most characters, one outside the Basic Multilingual Plane, is within it.
 * Judged against the same id one character shorter: where that is answered 404 (an id that names nothing), a refusal
 * of the longer one can only be for its length, counted otherwise (the same characters, one ASCII letter more).
 */
function countedInCharacters(): CheckDefinition {
  const { max } = limits().mockApiIdLength;
  return check(
    `identifiers/getLoggedRequest/mock-api-id-of-${max}-characters-outside-bmp-not-refused`,
    'ID-MOCK-API-LENGTH',
    `getLoggedRequest: a mockApiId of ${max} characters, one outside the Basic Multilingual Plane, is not refused for its length`,
    { operation: 'getLoggedRequest', live: 'a mock does not know which ids exist' },
    async (t) => {
      const requestId = t.target.fixtures.requestId ?? MISSING.requestId;
      const ids = astralMockApiIds();
      const get = (mockApiId: string) => t.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId, requestId }) });
      const shorter = await get(ids.shorter);
      t.uses(shorter);
      if (shorter.status !== 404)
        return t.note(`the same id one character shorter was answered ${shorter.status}, not 404: whether the length is counted in characters is not judged`);
      const longest = await get(ids.longest);
      t.uses(longest);
      if (longest.status === 404) return;
      // a refusal of the request itself, not a word on the key (401, 403) or on the pace (429)
      if (longest.status < 400 || longest.status > 499 || [401, 403, 429].includes(longest.status))
        return t.note(`the id of ${max} characters was answered ${longest.status}, the same id one character shorter 404: not judged`);
      t.violate(
        'ID-MOCK-API-LENGTH',
        `404, as for the same id one character shorter: ${JSON.stringify(ids.longest)} has ${max} characters (${ids.longest.length} UTF-16 units)`,
        describeExchange(longest),
      );
    },
  );
}

interface MockApiOperation {
  op: OperationId;
  spec(mockApiId: string, t: CheckContext): RequestSpec;
  writes: boolean;
  pushes?: boolean;
}

const mockApiOperations: MockApiOperation[] = [
  {
    op: 'updateChaosSettings',
    writes: true,
    spec: (mockApiId) => ({ method: 'PUT', path: pathOf('updateChaosSettings', { mockApiId }), json: harmlessChaos() }),
  },
  {
    op: 'updateStateSettings',
    writes: true,
    spec: (mockApiId) => ({ method: 'PUT', path: pathOf('updateStateSettings', { mockApiId }), json: exampleBody('updateStateSettings') }),
  },
  {
    op: 'getLoggedRequest',
    writes: false,
    spec: (mockApiId, t) => ({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId, requestId: t.target.fixtures.requestId ?? MISSING.requestId }) }),
  },
  // a deployment that takes a wrong id for the fixture's would push it: consent first
  {
    op: 'pushOpenApiToGit',
    writes: true,
    pushes: true,
    spec: (mockApiId, t) => ({ method: 'PUT', path: pathOf('pushOpenApiToGit', { mockApiId }), json: pushBody(t.target) }),
  },
];

/** A mockApiId one short of and one past the limits, on an operation of a mock API. */
function badLengths({ op, spec, writes, pushes }: MockApiOperation): CheckDefinition[] {
  return (['short', 'long'] as const).map((length) => {
    const n = BAD_LENGTHS[length];
    return check(
      `identifiers/${op}/mock-api-id-of-${n}-characters-rejected`,
      'ID-MOCK-API-LENGTH',
      `${op}: a mockApiId of ${n} characters is not accepted`,
      { operation: op, writes, pushes },
      async (t) => {
        const id = badMockApiIds(t)[length];
        expectRejected(t, await t.send(spec(id, t)), 'ID-MOCK-API-LENGTH', `mockApiId ${JSON.stringify(id)} (${n} characters)`);
      },
    );
  });
}

/**
 * An operation on a mock API that does not exist does not succeed: the settings and the push, with the body a run
 * sends there anyway, to a made-up id of valid length (a push, like every push, only with consent).
 */
function unknownMockApi({ op, spec, writes, pushes }: MockApiOperation): CheckDefinition {
  return check(
    `identifiers/${op}/mock-api-does-not-exist-not-accepted`,
    'ERR-UNKNOWN-ID',
    `${op}: a mock API that does not exist is not accepted (no settings are made, no job is started)`,
    { operation: op, writes, pushes, live: 'a mock does not know which ids exist' },
    async (t) => {
      expectRejected(t, await t.send(spec(MISSING.mockApiId, t)), 'ERR-UNKNOWN-ID', 'an unknown mock API id');
    },
  );
}

/** A PUT, on its fixture. */
interface Put {
  op: OperationId;
  fixture: FixtureName;
  path(id: string): string;
  body(t: CheckContext): any;
  /** a valid body that changes nothing even where it is taken: the organisation's own name (body otherwise) */
  unchanging?(t: CheckContext): Promise<any>;
  pushes?: boolean;
}

/** Every PUT, on its fixture: the body without its wrapper, an empty object, and text that is not JSON. */
const puts: Put[] = [
  { op: 'updateChaosSettings', fixture: 'mockApiId', path: (mockApiId) => pathOf('updateChaosSettings', { mockApiId }), body: harmlessChaos },
  {
    op: 'updateStateSettings',
    fixture: 'mockApiId',
    path: (mockApiId) => pathOf('updateStateSettings', { mockApiId }),
    body: () => exampleBody('updateStateSettings'),
  },
  {
    op: 'updateOrganisation',
    fixture: 'organisationId',
    path: (organisationId) => pathOf('updateOrganisation', { organisationId }),
    body: () => exampleBody('updateOrganisation'),
    unchanging: organisationBody,
  },
  {
    op: 'updateDataSource',
    fixture: 'dataSourceId',
    path: (dataSourceId) => pathOf('updateDataSource', { dataSourceId }),
    body: () => exampleBody('updateDataSource'),
  },
  // a deployment that took one of these bodies would push: consent first
  {
    op: 'pushOpenApiToGit',
    fixture: 'mockApiId',
    path: (mockApiId) => pathOf('pushOpenApiToGit', { mockApiId }),
    body: (t) => pushBody(t.target),
    pushes: true,
  },
];

/** The wrapper of another resource: the name a body wraps the valid object in that is not the one of its operation. */
const OTHER_WRAPPER: Record<string, string> = { chaos: 'state', state: 'chaos', organisation: 'dataSource', dataSource: 'organisation', push: 'job' };

/** What the checks of a PUT's bodies are declared with: the wrapper its body requires, and the options of a refusal. */
function refusedOn({ op, fixture, pushes }: Put) {
  const { name, type } = requiredWrapper(op);
  const options = { operation: op, needs: [fixture], writes: true, pushes, overlaps: CHANGES_NOTHING };
  // a mock rejects with a body of its own making
  return { name, type, options, ownBody: { ...options, live: 'a mock rejects an invalid request with a body of its own' } };
}

/** The valid object without its wrapper, and in another's. */
function wrappers(p: Put): CheckDefinition[] {
  const { op, fixture, path, body, unchanging } = p;
  const { name, options } = refusedOn(p);
  return [
    check(
      `identifiers/${op}/object-without-wrapper-not-accepted`,
      'GEN-WRAP-REQUEST',
      `${op}: the object without its "${name}" wrapper is not accepted`,
      options,
      async (t) => {
        const unwrapped = body(t)[name];
        expectRejected(t, await t.send({ method: 'PUT', path: path(t.fixture(fixture)), json: unwrapped }), 'GEN-WRAP-REQUEST', `a body without "${name}"`);
      },
    ),
    check(
      `identifiers/${op}/object-in-other-wrapper-not-accepted`,
      'GEN-WRAP-REQUEST',
      `${op}: the valid object wrapped in "${OTHER_WRAPPER[name]}" instead of "${name}" is not accepted`,
      options,
      async (t) => {
        const valid = ((await unchanging?.(t)) ?? body(t))[name];
        const ex = await t.send({ method: 'PUT', path: path(t.fixture(fixture)), json: { [OTHER_WRAPPER[name]!]: valid } });
        expectRejected(t, ex, 'GEN-WRAP-REQUEST', `a body wrapped in "${OTHER_WRAPPER[name]}"`);
      },
    ),
  ];
}

/** One empty-object body per operation, judged by two checks: the Invalid JSON entry, and the list's shape. */
function emptyBody(p: Put): CheckDefinition[] {
  const { op, fixture, path } = p;
  const { name, type, ownBody } = refusedOn(p);
  const empty = shared(({ client, target }) => client.send({ method: 'PUT', path: path(target.fixtures[fixture]!), json: {} }));
  return [
    check(
      `identifiers/${op}/body-without-invalid-json-naming`,
      'ERR-INVALID-JSON',
      `${op}: a body without "${name}" is answered Invalid JSON naming /${name} and ${type}`,
      ownBody,
      async (t) => {
        expectInvalidJson(t, t.uses(await empty(t)), 'GEN-WRAP-REQUEST', `/${name}`, type);
      },
    ),
    check(
      `identifiers/${op}/invalid-json-answer-error-list-documented`,
      'ERR-ERROR-LIST',
      `${op}: the Invalid JSON answer is an error list of the documented shape`,
      ownBody,
      async (t) => {
        const ex = t.uses(await empty(t));
        const validate = schema('error-list.json');
        t.expect(validate(ex.json) === true, 'ERR-ERROR-LIST', '{ errors: [{ title: string, code?: number, detail?: string, source?: object }] }', () =>
          ex.json === undefined
            ? describeExchange(ex)
            : `${validate.errors?.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')} in ${ex.text.slice(0, 300)}`,
        );
      },
    ),
  ];
}

/** JSON null, a null object and no body at all: refused with a 4xx. */
function nothingSent(p: Put): CheckDefinition[] {
  const { op, fixture, path } = p;
  const { name, options } = refusedOn(p);
  return [
    check(`identifiers/${op}/body-json-null-4xx`, 'GEN-NO-5XX', `${op}: a body of JSON null is answered with a 4xx`, options, async (t) => {
      expectRejected(t, await t.send({ method: 'PUT', path: path(t.fixture(fixture)), raw: 'null' }), 'GEN-WRAP-REQUEST', 'a body of JSON null');
    }),
    check(`identifiers/${op}/null-4xx`, 'GEN-NO-5XX', `${op}: "${name}": null is answered with a 4xx`, options, async (t) => {
      expectRejected(t, await t.send({ method: 'PUT', path: path(t.fixture(fixture)), json: { [name]: null } }), 'GEN-WRAP-REQUEST', `"${name}": null`);
    }),
    check(`identifiers/${op}/zero-byte-body-not-accepted`, 'GEN-WRAP-REQUEST', `${op}: a zero-byte body is not accepted`, options, async (t) => {
      expectRejected(t, await t.send({ method: 'PUT', path: path(t.fixture(fixture)), raw: '' }), 'GEN-WRAP-REQUEST', 'a zero-byte body');
    }),
  ];
}

/**
 * One body that is not JSON per operation: refused as every refusal is, its words recorded (the Invalid JSON row
 * speaks of a body that lacks a property; identifiers/<op>/body-not-json-answered-invalid-json is retired).
 */
function notJsonBody(p: Put): CheckDefinition {
  const { op, fixture, path } = p;
  const { name, options } = refusedOn(p);
  return check(`identifiers/${op}/body-not-json-not-accepted`, 'GEN-NOT-JSON', `${op}: a body that is not JSON is not accepted`, options, async (t) => {
    const ex = await t.send({ method: 'PUT', path: path(t.fixture(fixture)), raw: `${name}: {` });
    expectRejected(t, ex, 'GEN-NOT-JSON', 'a body that is not JSON');
    const words = refusalWords(ex);
    if (words !== undefined)
      t.note(`refused ${ex.status} with ${words}: the interface words no refusal of a body that is not JSON, so this is recorded, not judged`);
  });
}

/** The titles and details of a refusal's error entries, cut, where it carries any. */
function refusalWords(ex: Exchange): string | undefined {
  const entries = (ex.json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  const said = entries.slice(0, 3).map((e) => JSON.stringify({ title: e?.title, detail: e?.detail }));
  return bounded(said.join(', '), 300);
}

/** A query parameter, which no endpoint takes (Endpoints): a name no deployment has a reason to read. */
const QUERY = 'conformanceProbe=1';
const withQuery = (spec: RequestSpec): RequestSpec => ({ ...spec, path: `${spec.path}?${QUERY}` });

/** On an operation, a request refused without the query parameter (CHANGES_NOTHING_ANYWAY) is refused with it. */
function queryRefused(op: OperationId): CheckDefinition {
  return check(
    `identifiers/${op}/query-parameter-still-refused`,
    'GEN-NO-QUERY-PARAMETER',
    `${op}: with a query parameter (no endpoint takes one), a request refused without it is still refused with a 4xx`,
    { operation: op, writes: operation(op).method !== 'GET', overlaps: CHANGES_NOTHING, live: 'a mock answers for ids that name nothing' },
    async (t) => {
      const ex = await t.send(withQuery(CHANGES_NOTHING_ANYWAY[op]()));
      if (t.expect(ex.status >= 400 && ex.status < 500, 'GEN-NO-QUERY-PARAMETER', `a 4xx, as without ?${QUERY}`, () => describeExchange(ex)))
        expectRejected(t, ex, 'GEN-NO-QUERY-PARAMETER', `the request with ?${QUERY}`);
    },
  );
}

/**
 * The reads, on their fixtures: the answer with a query parameter is the answer without it, or a refusal. The two are
 * compared as far as the words fix them (src/judge/same.ts: members the interface names, as JSON values). An
 * organisation's name is left out of the comparison: a rename another check sends may land between the two gets.
 */
interface Read {
  op: 'getOrganisation' | 'getLoggedRequest';
  needs: FixtureName[];
  path(t: CheckContext): string;
  view(json: any): unknown;
}

const READS: Read[] = [
  {
    op: 'getOrganisation',
    needs: ['organisationId'],
    path: (t) => pathOf('getOrganisation', { organisationId: t.fixture('organisationId') }),
    view: (json) => (json?.organisation ? { ...json, organisation: { ...json.organisation, name: undefined } } : json),
  },
  {
    op: 'getLoggedRequest',
    needs: ['mockApiId', 'requestId'],
    path: (t) => pathOf('getLoggedRequest', { mockApiId: t.fixture('mockApiId'), requestId: t.fixture('requestId') }),
    view: (json) => json,
  },
];

/** A read with a query parameter: the answer without it, or a refusal. */
function querySameAnswer({ op, needs, path, view }: Read): CheckDefinition {
  return check(
    `identifiers/${op}/query-parameter-same-answer`,
    'GEN-NO-QUERY-PARAMETER',
    `${op}: with a query parameter (no endpoint takes one) the answer is the one without it, or a refusal with a 4xx`,
    { operation: op, needs, live: "a mock's answer to a query it does not describe is its own", requests: 2 },
    async (t) => {
      const without = await t.send({ method: 'GET', path: path(t) });
      const ex = await t.send({ method: 'GET', path: `${path(t)}?${QUERY}` });
      if (ex.status >= 400 && ex.status < 500) {
        expectRejected(t, ex, 'GEN-NO-QUERY-PARAMETER', `the request with ?${QUERY}`);
        return t.note(`?${QUERY} was refused with ${ex.status}: the interface allows refusing a query parameter no endpoint takes`);
      }
      t.expect(
        ex.status === without.status && sameAnswer(op, view(ex.json), view(without.json)),
        'GEN-NO-QUERY-PARAMETER',
        `the answer without ?${QUERY}: ${describeExchange(without)}`,
        () => describeExchange(ex),
      );
    },
  );
}

export const checks: CheckDefinition[] = [
  ...mockApiOperations.flatMap(badLengths),
  ...mockApiOperations.filter((o) => o.writes).map(unknownMockApi),
  countedInCharacters(),
  ...puts.flatMap((p) => [...wrappers(p), ...emptyBody(p), ...nothingSent(p), notJsonBody(p)]),
  ...OPERATION_IDS.map(queryRefused),
  ...READS.map(querySameAnswer),
  property(
    'identifiers/generated-mock-api-ids-out-of-range',
    'ID-MOCK-API-LENGTH',
    'generated mockApiIds outside 5 to 10 characters are never accepted',
    { operation: 'getLoggedRequest' },
    mockApiIdOutOfRange,
    async (t, mockApiId) => {
      const requestId = t.target.fixtures.requestId ?? MISSING.requestId;
      const ex = await t.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId, requestId }) });
      expectRejected(t, ex, 'ID-MOCK-API-LENGTH', `mockApiId ${JSON.stringify(mockApiId)} (${mockApiId.length} characters)`);
    },
  ),
  check(
    'identifiers/updatechaossettings-body-2-mib-without-5xx',
    'GEN-NO-5XX',
    'updateChaosSettings: a body of 2 MiB is answered without a 5xx (the interface shows no size limit)',
    { operation: 'updateChaosSettings', needs: ['mockApiId'], writes: true },
    async (t) => {
      const big = oversize(harmlessChaos(), 'chaos', 2 * 1024 * 1024);
      const ex = await t.send({ method: 'PUT', path: pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') }), json: big.body });
      t.expect(ex.status !== 0 && ex.status < 500, 'GEN-NO-5XX', 'an answer below 500 to a large body', () => describeExchange(ex));
      // a refusal of the size is one more way to reach an error list, held to its shape like every other
      if (ex.status >= 400 && ex.status < 500) expectErrorListIfAny(t, ex);
      t.note(`a 2 MiB body was answered ${ex.status}`);
    },
  ),
];
