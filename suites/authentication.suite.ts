// Authentication on every operation (Authentication; Errors > Error cases), and that its documented method and path
// reach it (Endpoints). A request differs from a good one only in its credentials. PUTs go to the named fixtures
// when they are set, with bodies that change nothing a check has not been allowed to change; DELETEs without valid
// credentials go to ids that name nothing, so that an operation wrongly left open still deletes nothing. The
// forbidden key's DELETEs live in the data source and team suites, before the deletes they must precede.
import { CHANGES_NOTHING, check, type CheckContext, type CheckDefinition, perRun, type Target } from '../src/harness/check.ts';
import type { Credentials, Exchange, RequestSpec } from '../src/http/client.ts';
import {
  expectForbidden,
  expectForbiddenBody,
  expectNotFound,
  expectSuccess,
  expectUnauthorized,
  expectUnauthorizedBody,
  describe as describeExchange,
  TAB_SEPARATOR,
} from '../src/judge/checker.ts';
import { expectServed } from '../src/judge/served.ts';
import { operation, type OperationId } from '../contract/schemas.ts';
import type { FixtureName } from '../contract/fixtures.ts';
import { exampleBody, harmlessChaos, MISSING, pathOf, pushBody } from '../src/harness/support.ts';
import { CHANGES_NOTHING_ANYWAY, organisationBody } from './refused-anyway.ts';
import { otherAuthorization } from '../properties/arbitraries.ts';
import { property } from '../properties/property.ts';

const fixture = (t: CheckContext, name: FixtureName, missing: string) => t.target.fixtures[name] ?? missing;

interface Case {
  op: OperationId;
  /** builds the request with the given credentials */
  request(t: CheckContext, credentials: Credentials, subject: 'unauthenticated' | 'forbidden'): Promise<RequestSpec>;
  writes: boolean;
  /** fixtures the forbidden-key check needs (DELETEs are covered in their own suites) */
  forbiddenNeeds?: FixtureName[];
  /** the forbidden-key request is a push to the fixture, which needs consent to push */
  forbiddenPushes?: boolean;
}

const CASES: Case[] = [
  {
    op: 'updateChaosSettings',
    writes: true,
    forbiddenNeeds: ['mockApiId'],
    request: async (t, credentials) => ({
      method: 'PUT',
      path: pathOf('updateChaosSettings', { mockApiId: fixture(t, 'mockApiId', MISSING.mockApiId) }),
      credentials,
      json: harmlessChaos(),
    }),
  },
  {
    op: 'updateStateSettings',
    writes: true,
    forbiddenNeeds: ['mockApiId'],
    request: async (t, credentials) => ({
      method: 'PUT',
      path: pathOf('updateStateSettings', { mockApiId: fixture(t, 'mockApiId', MISSING.mockApiId) }),
      credentials,
      json: exampleBody('updateStateSettings'),
    }),
  },
  {
    op: 'getOrganisation',
    writes: false,
    forbiddenNeeds: ['organisationId'],
    request: async (t, credentials) => ({
      method: 'GET',
      path: pathOf('getOrganisation', { organisationId: fixture(t, 'organisationId', MISSING.organisationId) }),
      credentials,
    }),
  },
  {
    op: 'updateOrganisation',
    writes: true,
    forbiddenNeeds: ['organisationId'],
    request: async (t, credentials) => ({
      method: 'PUT',
      path: pathOf('updateOrganisation', { organisationId: fixture(t, 'organisationId', MISSING.organisationId) }),
      credentials,
      json: await organisationBody(t),
    }),
  },
  {
    op: 'deleteDataSource',
    writes: true,
    request: async (_t, credentials) => ({ method: 'DELETE', path: pathOf('deleteDataSource', { dataSourceId: MISSING.dataSourceId }), credentials }),
  },
  {
    op: 'updateDataSource',
    writes: true,
    forbiddenNeeds: ['dataSourceId'],
    request: async (t, credentials) => ({
      method: 'PUT',
      path: pathOf('updateDataSource', { dataSourceId: fixture(t, 'dataSourceId', MISSING.dataSourceId) }),
      credentials,
      json: exampleBody('updateDataSource'),
    }),
  },
  {
    op: 'deleteTeamMember',
    writes: true,
    request: async (t, credentials) => ({
      method: 'DELETE',
      path: pathOf('deleteTeamMember', { teamId: fixture(t, 'teamId', MISSING.teamId), userId: MISSING.userId }),
      credentials,
    }),
  },
  {
    op: 'getLoggedRequest',
    writes: false,
    forbiddenNeeds: ['mockApiId', 'requestId'],
    request: async (t, credentials) => ({
      method: 'GET',
      path: pathOf('getLoggedRequest', { mockApiId: fixture(t, 'mockApiId', MISSING.mockApiId), requestId: fixture(t, 'requestId', MISSING.requestId) }),
      credentials,
    }),
  },
  {
    op: 'pushOpenApiToGit',
    writes: true,
    forbiddenNeeds: ['mockApiId'],
    forbiddenPushes: true,
    // Without consent to push, the push goes to a mock API that does not exist, as a DELETE does: an operation
    // wrongly left open then starts no job. With consent, to the fixture, with the user's policy.
    request: async (t, credentials) => ({
      method: 'PUT',
      path: pathOf('pushOpenApiToGit', { mockApiId: t.target.pushPolicy === undefined ? MISSING.mockApiId : fixture(t, 'mockApiId', MISSING.mockApiId) }),
      credentials,
      json: pushBody(t.target),
    }),
  },
];

/**
 * The options of a check whose request is refused for its credentials: it sends to the case's fixtures when they
 * are set (a made-up id otherwise), beside other checks there, since a refused request changes nothing.
 */
const rejectedOn = (c: Case) => ({ operation: c.op, writes: c.writes, touches: c.forbiddenNeeds, overlaps: CHANGES_NOTHING });

/**
 * Mock profile: the error responses the description documents, asked for with `Prefer: code=NNN`, have the
 * interface's shapes. A mock that cannot produce a documented status this way is reported as such (skipped
 * with the status it gave), not as a failure of the interface.
 */
function documentedErrors(c: Case): CheckDefinition[] {
  const documented = [...operation(c.op).responses.keys()];
  const preferred = async (t: CheckContext, code: number): Promise<Exchange> => {
    const spec = await c.request(t, 'token', 'unauthenticated');
    const ex = await t.send({ ...spec, headers: { prefer: `code=${code}` } });
    if (ex.status !== code)
      t.skip(`the mock did not produce the documented ${code} for ${c.op} through Prefer: code=${code} (it answered ${ex.status || ex.error})`);
    return ex;
  };
  return [
    check(
      `authentication/${c.op}/documented-401-prefer-code-401-plain`,
      'AUTH-401-BODY',
      `${c.op}: the documented 401 (Prefer: code=401) is plain text saying credentials are required`,
      { ...rejectedOn(c), profile: 'mock' },
      async (t) => {
        expectUnauthorizedBody(t, await preferred(t, 401));
      },
    ),
    check(
      `authentication/${c.op}/documented-403-prefer-code-403-error`,
      'AUTH-403-BODY',
      `${c.op}: the documented 403 (Prefer: code=403) is one error entry titled Forbidden with an empty source`,
      { ...rejectedOn(c), profile: 'mock' },
      async (t) => {
        expectForbiddenBody(t, c.op, await preferred(t, 403));
      },
    ),
    ...(documented.includes('404')
      ? [
          check(
            `authentication/${c.op}/documented-404-prefer-code-404-not`,
            'ERR-404',
            `${c.op}: the documented 404 (Prefer: code=404) is the not-found body`,
            { ...rejectedOn(c), profile: 'mock' },
            async (t) => {
              expectNotFound(t, c.op, await preferred(t, 404));
            },
          ),
        ]
      : []),
  ];
}

/** Query parameters that APIs commonly read a key from. */
const KEY_QUERY_PARAMETERS = ['apiKey', 'api_key', 'key', 'token', 'access_token'] as const;

/** Characters a key may hold to be sent as it is in a query or a cookie: evidence then shows it redacted, as written. */
const QUERY_SAFE = /^[A-Za-z0-9._~-]+$/;
const COOKIE_SAFE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/;

/**
 * The valid key sent without the Authorization header, where APIs commonly also take one: each is still a
 * request without the header, so 401 (a key in a URL ends up in logs, caches and Referer headers). [what, slug,
 * the request with the key placed, or why the key cannot be placed there as it is]
 */
const KEY_ELSEWHERE: [string, string, (spec: RequestSpec, key: string) => RequestSpec | string][] = [
  ...KEY_QUERY_PARAMETERS.map((name): [string, string, (spec: RequestSpec, key: string) => RequestSpec | string] => [
    `the valid key in the query parameter ${name}`,
    `key-in-query-${name.toLowerCase().replace(/_/g, '-')}`,
    (spec, key) =>
      QUERY_SAFE.test(key)
        ? { ...spec, path: `${spec.path}?${name}=${key}` }
        : 'the key holds characters a query must percent-encode, and evidence redacts the key only as written',
  ]),
  [
    'the valid key in cookies (apiKey, api_key, key, token, access_token)',
    'key-in-cookie',
    (spec, key) =>
      COOKIE_SAFE.test(key)
        ? { ...spec, headers: { cookie: KEY_QUERY_PARAMETERS.map((name) => `${name}=${key}`).join('; ') } }
        : 'the key holds characters a cookie value cannot hold as they are',
  ],
  ['the valid key in the header X-API-Key', 'key-in-x-api-key-header', (spec, key) => ({ ...spec, headers: { 'x-api-key': key } })],
];

/**
 * Keys that resemble the valid one, each of which must be refused like any unknown key: a deployment that
 * compares keys by their start, or without case, lets them in. undefined: the key has no such neighbour.
 */
const NEAR_KEYS: [string, string, (key: string) => string | undefined][] = [
  ['the key with characters appended', 'key-with-characters-appended', (key) => `${key}x0`],
  ['the key without its last character', 'key-without-last-character', (key) => (key.length > 1 ? key.slice(0, -1) : undefined)],
  [
    'the key with its letters in the other case',
    'key-in-other-case',
    (key) => {
      const swapped = [...key].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
      return swapped === key ? undefined : swapped;
    },
  ],
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An unknown key that looks like a real one, so that only its being unknown is tested. */
const UNKNOWN_KEY = 'conformanceUnknownKey0000000000000000000';

/** How the checks of one operation send: with these credentials, or without a header or with the forbidden key, each sent once per run by the first check that asks. */
interface Sends {
  send(t: CheckContext, credentials: Credentials, subject: 'unauthenticated' | 'forbidden'): Promise<Exchange>;
  noHeader(t: CheckContext): Promise<Exchange>;
  forbidden(t: CheckContext): Promise<Exchange>;
}

function sendsOf(c: Case): Sends {
  const send = (t: CheckContext, credentials: Credentials, subject: 'unauthenticated' | 'forbidden') =>
    c.request(t, credentials, subject).then((spec) => t.send(spec));
  const sent = perRun<{ withoutHeader?: Promise<Exchange>; forbidden?: Promise<Exchange> }>(() => ({}));
  return {
    send,
    noHeader: (t) => (sent(t).withoutHeader ??= send(t, 'none', 'unauthenticated')).then((ex) => t.uses(ex)),
    forbidden: (t) => (sent(t).forbidden ??= send(t, 'forbidden', 'forbidden')).then((ex) => t.uses(ex)),
  };
}

/** A request without Authorization: 401, its body, and (the route comes before the credentials) that the route is there. */
function withoutCredentials(c: Case, { noHeader }: Sends): CheckDefinition[] {
  return [
    check(
      `authentication/${c.op}/request-without-authorization-401`,
      'AUTH-401-MISSING',
      `${c.op}: a request without Authorization is answered 401`,
      rejectedOn(c),
      async (t) => {
        expectUnauthorized(t, await noHeader(t), 'AUTH-401-MISSING');
      },
    ),
    check(
      `authentication/${c.op}/401-body-plain-text-saying-credentials`,
      'AUTH-401-BODY',
      `${c.op}: the 401 body is plain text saying credentials are required`,
      rejectedOn(c),
      async (t) => {
        expectUnauthorizedBody(t, await noHeader(t));
      },
    ),
    check(
      `authentication/${c.op}/documented-method-path-reach-operation`,
      'EP-METHOD-PATH',
      `${c.op}: its documented method and path reach it (a request without Authorization is not answered 405)`,
      rejectedOn(c),
      async (t) => {
        expectServed(t, c.op, await noHeader(t));
      },
    ),
  ];
}

/** A check of what a spec-driven mock cannot judge: it checks only that an Authorization header is present. */
const realKeys = (c: Case) => ({ ...rejectedOn(c), live: 'a mock checks only that an Authorization header is present' });

/** Authorization values other than "Token <key>": another scheme, no key, an unknown key, a near key, a tab. */
function wrongKeys(c: Case, { send }: Sends): CheckDefinition[] {
  return [
    check(
      `authentication/${c.op}/bearer-scheme-valid-key-401`,
      'AUTH-401-INVALID',
      `${c.op}: the Bearer scheme with a valid key is answered 401`,
      realKeys(c),
      async (t) => {
        const key = t.client.authorization('token')!.slice('Token '.length);
        expectUnauthorized(t, await send(t, { authorization: `Bearer ${key}` }, 'unauthenticated'), 'AUTH-401-INVALID');
      },
    ),
    check(
      `authentication/${c.op}/token-scheme-without-key-401`,
      'AUTH-401-INVALID',
      `${c.op}: the Token scheme without a key is answered 401`,
      realKeys(c),
      async (t) => {
        expectUnauthorized(t, await send(t, { authorization: 'Token' }, 'unauthenticated'), 'AUTH-401-INVALID');
      },
    ),
    check(`authentication/${c.op}/unknown-key-401`, 'AUTH-401-INVALID', `${c.op}: an unknown key is answered 401`, realKeys(c), async (t) => {
      expectUnauthorized(t, await send(t, { authorization: `Token ${UNKNOWN_KEY}` }, 'unauthenticated'), 'AUTH-401-INVALID');
    }),
    ...nearKeys(c, send),
    // the interface shows the value a client sends (Token, one space, the key), not what a deployment does with a tab
    check(
      `authentication/${c.op}/token-tab-valid-key-401`,
      'AUTH-SEPARATOR',
      `${c.op}: "Token", a tab and the valid key is taken or answered 401, which is noted (the value is Token, one space, the key)`,
      realKeys(c),
      async (t) => {
        const key = t.client.authorization('token')!.slice('Token '.length);
        const ex = await send(t, { authorization: `Token\t${key}` }, 'unauthenticated');
        if (ex.status === 401) return expectUnauthorizedBody(t, ex);
        t.note(`answered ${ex.status}: ${TAB_SEPARATOR}`);
      },
    ),
  ];
}

/** Keys that resemble the valid one (NEAR_KEYS): each refused like any unknown key. */
function nearKeys(c: Case, send: Sends['send']): CheckDefinition[] {
  return NEAR_KEYS.map(([what, slug, near]) =>
    check(`authentication/${c.op}/${slug}-401`, 'AUTH-401-INVALID', `${c.op}: ${what} is answered 401`, realKeys(c), async (t) => {
      const key = t.client.authorization('token')!.slice('Token '.length);
      const other = near(key);
      if (other === undefined || other === t.target.forbiddenToken) return t.skip(`the key has no such neighbour (${what})`);
      const ex = await send(t, { authorization: `Token ${other}` }, 'unauthenticated');
      // a key that is a UUID is the same UUID in either case (RFC 9562), so a deployment may take it so
      if (other.toLowerCase() === key.toLowerCase() && UUID.test(key) && ex.status >= 200 && ex.status < 300) {
        t.note('the key is a UUID, and the deployment took it in the other case: a UUID reads the same in either case, so this is allowed');
        return;
      }
      expectUnauthorized(t, ex, 'AUTH-401-INVALID');
    }),
  );
}

/** The valid key where APIs commonly also take one (KEY_ELSEWHERE), without Authorization: 401. */
function keyElsewhere(c: Case): CheckDefinition[] {
  return KEY_ELSEWHERE.map(([what, slug, place]) =>
    check(
      `authentication/${c.op}/${slug}-without-authorization-401`,
      'AUTH-401-MISSING',
      `${c.op}: ${what}, without Authorization, is answered 401`,
      { operation: c.op, writes: c.writes, overlaps: CHANGES_NOTHING },
      async (t) => {
        const key = t.client.authorization('token')!.slice('Token '.length);
        const spec = place({ ...CHANGES_NOTHING_ANYWAY[c.op](), credentials: 'none' }, key);
        if (typeof spec === 'string') return t.skip(`${spec} (${what})`);
        expectUnauthorized(t, await t.send(spec), 'AUTH-401-MISSING');
      },
    ),
  );
}

/** The key without permission, where the operation has a fixture to send it to: 403, and its body. */
function forbiddenKey(c: Case, { forbidden }: Sends): CheckDefinition[] {
  if (!c.forbiddenNeeds) return [];
  const options = { operation: c.op, needs: c.forbiddenNeeds, forbidden: true, writes: c.writes, pushes: c.forbiddenPushes, overlaps: CHANGES_NOTHING };
  return [
    check(
      `authentication/${c.op}/valid-key-without-permission-403`,
      'AUTH-403',
      `${c.op}: a valid key without permission is answered 403`,
      options,
      async (t) => {
        expectForbidden(t, await forbidden(t));
      },
    ),
    check(
      `authentication/${c.op}/403-body-error-entry-titled-forbidden`,
      'AUTH-403-BODY',
      `${c.op}: the 403 body is one error entry titled Forbidden with an empty source`,
      options,
      async (t) => {
        expectForbiddenBody(t, c.op, await forbidden(t));
      },
    ),
  ];
}

/** The scheme written "token", on an operation that reads a fixture: accepted or 401, either noted. */
function schemeCase(c: Case, { send }: Sends): CheckDefinition[] {
  if (c.writes || !c.forbiddenNeeds) return [];
  return [
    check(
      `authentication/${c.op}/scheme-written-token-either-accepted-401`,
      'AUTH-SCHEME-CASE',
      `${c.op}: the scheme written "token" is either accepted or answered 401`,
      { operation: c.op, needs: c.forbiddenNeeds },
      async (t) => {
        const key = t.client.authorization('token')!.slice('Token '.length);
        const ex = await send(t, { authorization: `token ${key}` }, 'unauthenticated');
        if (ex.status === 401) t.note('"token <key>" was answered 401: the deployment matches the scheme name case-sensitively');
        else if (ex.status >= 200 && ex.status < 300) {
          if (expectSuccess(t, c.op, ex) !== undefined)
            t.note('"token <key>" was accepted: the deployment matches the scheme name case-insensitively, as HTTP allows');
        } else t.violate('AUTH-SCHEME-CASE', '"token <key>" accepted, or answered 401', describeExchange(ex));
      },
    ),
  ];
}

// No describe block around an operation's checks: --only matches a check's full name, which a block would
// prefix with the operation, so that '^AUTH-' found nothing here.
export const checks: CheckDefinition[] = [
  ...CASES.flatMap((c) => {
    const sends = sendsOf(c);
    return [
      ...withoutCredentials(c, sends),
      ...wrongKeys(c, sends),
      ...keyElsewhere(c),
      ...forbiddenKey(c, sends),
      ...documentedErrors(c),
      ...schemeCase(c, sends),
    ];
  }),

  // GETs of the organisation that change nothing: they take their turn on it beside its readers, before its renames
  property(
    'authentication/generated-authorization-values',
    'AUTH-401-INVALID',
    'generated Authorization values other than "Token <key>" are answered 401',
    { operation: 'getOrganisation', touches: ['organisationId'], live: 'a mock checks only that an Authorization header is present' },
    // the arbitrary depends on the keys, which only the worker knows: made of the run's target when the check runs
    (t: Target) => otherAuthorization(t.token ?? '', t.forbiddenToken),
    async (t, authorization) => {
      const organisationId = t.target.fixtures.organisationId ?? MISSING.organisationId;
      const ex = await t.send({ method: 'GET', path: pathOf('getOrganisation', { organisationId }), credentials: { authorization } });
      expectUnauthorized(t, ex, 'AUTH-401-INVALID');
    },
  ),
];
