// checkExchange on hand-made recorded exchanges, without the reference: how it reads the request (operation,
// path ids, headers in each shape, body in each shape, credentials) and which judgement each answer gets.
// test/judge/exchange.test.ts proves the same against the reference and its faults; this file is what the
// mutation run (vitest.mutation.config.ts) holds checkExchange to.
import { describe, expect, test } from 'vitest';
import { operation } from '../../contract/schemas.ts';
import { checkExchange, type ExchangeInput, NotAnOperationError, operationOf, pathOfUrl } from '../../src/judge/exchange.ts';

const KEY = 'k3y-0123456789abcdef';
const AUTH = { authorization: `Token ${KEY}` };
const JSON_TYPE = { 'content-type': 'application/json' };
const example = (id: Parameters<typeof operation>[0], key: string) =>
  structuredClone(operation(id).responses.get(key)!.examples.get('application/json')![0]) as any;
const requestExample = (id: Parameters<typeof operation>[0]) => structuredClone(operation(id).requestBody!.examples[0]) as any;

/** The verdict on a request with the key (unless headers are given) and a JSON answer. */
function verdict(
  method: string,
  url: string,
  status: number,
  body: unknown,
  more: {
    headers?: ExchangeInput['request']['headers'];
    sent?: unknown;
    responseHeaders?: ExchangeInput['response']['headers'];
    input?: Partial<ExchangeInput>;
  } = {},
) {
  return checkExchange({
    request: { method, url, headers: more.headers ?? { ...AUTH, ...JSON_TYPE }, body: more.sent as never },
    response: { status, headers: more.responseHeaders ?? JSON_TYPE, body: body as never },
    ...more.input,
  });
}
const requirements = (v: ReturnType<typeof checkExchange>) => v.violations.map((x) => x.requirement);
const ORG = '/v1/organisations/org-1a2b3c';
/** The note every organisation answer gets (organisationLinks). */
const SUBSCRIPTION = 'links.subscription = /v1/subscriptions/sub-9z8y7x (the subscription id is not otherwise shown)';

describe('which operation', () => {
  test('method in any case and path, under any base path, with its ids decoded (kept as written when they do not decode)', () => {
    expect(operationOf('get', 'https://h.example/api/v1/organisations/org%201?x=1#f')).toEqual({
      operation: 'getOrganisation',
      params: { organisationId: 'org 1' },
    });
    expect(operationOf('DELETE', '/v1/teams/t1/members/u%ZZ')).toEqual({ operation: 'deleteTeamMember', params: { teamId: 't1', userId: 'u%ZZ' } });
    expect(operationOf('POST', ORG)).toBeUndefined();
    expect(operationOf('GET', '/v1/organisations/a/b')).toBeUndefined();
    expect(operationOf('GET', '/v1/organisations/')).toBeUndefined();
    expect(operationOf('GET', '/x/v1/organisations/o1/extra')).toBeUndefined();
  });

  test('pathOfUrl: the path without query or fragment, of a URL or a path', () => {
    expect(pathOfUrl('http://h/a/b?c#d')).toBe('/a/b');
    expect(pathOfUrl('/a/b?c')).toBe('/a/b');
    expect(pathOfUrl('http://[bad/a?b')).toBe('http://[bad/a');
  });

  test('a request of no operation, or not the one named, is NotAnOperationError saying which', () => {
    expect(() => verdict('post', '/v1/x?key=1', 200, {})).toThrow(
      new NotAnOperationError('POST /v1/x is none of the nine operations of the interface (schemas/openapi.yaml)'),
    );
    expect(() => verdict('get', `${ORG}?a`, 200, {}, { input: { operation: 'updateOrganisation' } })).toThrow(
      new NotAnOperationError(`GET ${ORG} is getOrganisation, not updateOrganisation`),
    );
    expect(verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { input: { operation: 'getOrganisation' } }).operation).toBe('getOrganisation');
  });

  test('a status that is no HTTP status is a TypeError naming it; 100 and 599 are statuses', () => {
    for (const status of [99, 600, 200.5, Number.NaN]) {
      expect(() => verdict('GET', ORG, status, {}), String(status)).toThrow(
        new TypeError(`response.status must be an HTTP status (100 to 599), not ${JSON.stringify(status)}`),
      );
    }
    expect(verdict('GET', ORG, 100, {}).outcome).toBe('passed');
    expect(verdict('GET', ORG, 599, {}).outcome).toBe('passed');
  });
});

describe('the verdict', () => {
  test('a documented answer passes, filed under the operation body requirement, with the ids read and the evidence', () => {
    const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'));
    expect(v).toMatchObject({
      operation: 'getOrganisation',
      params: { organisationId: 'org-1a2b3c' },
      outcome: 'passed',
      violations: [],
      requirement: 'ORG-RESPONSE',
    });
    expect(v.evidence.request.method).toBe('GET');
    expect(v.evidence.response.status).toBe(200);
  });

  test('a must-level violation fails, filed under its requirement; only should-level ones warn', () => {
    const failed = verdict('GET', ORG, 200, { organisation: 1 });
    expect([failed.outcome, failed.requirement]).toEqual(['failed', 'ORG-RESPONSE']);
    const warned = verdict('GET', ORG, 500, {}, { headers: {}, input: { credentialsRecorded: true } });
    expect(warned.outcome).toBe('failed');
    const should = verdict('PUT', '/v1/mock-apis/abc/settings/state', 500, {}, { sent: { state: {} } });
    expect([should.outcome, requirements(should), should.requirement]).toEqual(['warned', ['GEN-NO-5XX'], 'GEN-NO-5XX']);
  });

  test('the key is redacted in violations, notes and evidence', () => {
    const v = verdict('GET', ORG, 401, `no access for ${KEY}`, { responseHeaders: { 'content-type': 'text/plain' } });
    expect(JSON.stringify(v)).not.toContain(KEY);
    expect(v.violations[0]!.actual).toBe('"no access for $MOCKAPI_TOKEN"');
  });
});

describe('credentials', () => {
  test('no Authorization: 401 required (AUTH-401-MISSING), and its body judged when it is one', () => {
    const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: {} });
    expect(requirements(v)).toEqual(['AUTH-401-MISSING']);
    const u = verdict('GET', ORG, 401, '{}', { headers: {} });
    expect(requirements(u)).toEqual(['AUTH-401-BODY', 'AUTH-401-BODY']);
  });

  test('a 429 or 503 (a web page, with or without Retry-After) says "not now": nothing judged, saying so; a 500 or 502 there still fails', () => {
    const page = { 'content-type': 'text/html', 'retry-after': '1' };
    for (const [status, responseHeaders] of [
      [503, page],
      [503, { 'content-type': 'text/html' }],
      [429, JSON_TYPE],
    ] as const) {
      const v = verdict('GET', ORG, status, '<html>Down for maintenance</html>', { headers: {}, responseHeaders });
      expect([v.outcome, v.violations, v.notes], String(status)).toEqual([
        'passed',
        [],
        [`${status}: a transient answer (429: RFC 6585 §4, 503: RFC 9110 §15.6.4) says "not now", nothing about the request; it is not judged`],
      ]);
    }
    for (const status of [500, 502])
      expect(requirements(verdict('GET', ORG, status, '<html>Bad gateway</html>', { headers: {}, responseHeaders: page }))).toEqual(['AUTH-401-MISSING']);
  });

  test('no Authorization in a recording that drops credentials: judged as a request with a key, saying so', () => {
    const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: {}, input: { credentialsRecorded: false } });
    expect([v.violations, v.notes]).toEqual([
      [],
      ['no Authorization header was recorded, and the recording drops credentials: the answer is judged as one to a request with a key', SUBSCRIPTION],
    ]);
  });

  test('another scheme, Token without a key, an empty header: 401 required (AUTH-401-INVALID) on a live deployment', () => {
    for (const authorization of [`Bearer ${KEY}`, 'Token', 'Token   ', '  ']) {
      const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: { authorization } });
      expect(requirements(v), authorization).toEqual(['AUTH-401-INVALID']);
      expect(
        verdict('GET', ORG, 401, 'Credentials are required', { headers: { authorization }, responseHeaders: { 'content-type': 'text/plain' } }).violations,
      ).toEqual([]);
      expect(requirements(verdict('GET', ORG, 401, '', { headers: { authorization }, responseHeaders: { 'content-type': 'text/plain' } }))).toEqual([
        'AUTH-401-BODY',
      ]);
    }
  });

  test('on a mock, other credentials are noted and the answer judged', () => {
    const note = (authorization: string) =>
      verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: { authorization }, input: { profile: 'mock' } }).notes;
    expect(note(`Bearer ${KEY}`)).toEqual([
      'credentials with the Bearer scheme: a mock checks only that an Authorization header is present, so its answer is not judged for them',
      SUBSCRIPTION,
    ]);
    expect(note('Token')).toEqual([
      'credentials with Token without a key: a mock checks only that an Authorization header is present, so its answer is not judged for them',
      SUBSCRIPTION,
    ]);
    expect(note(' ')).toEqual([
      'credentials with an empty Authorization header: a mock checks only that an Authorization header is present, so its answer is not judged for them',
      SUBSCRIPTION,
    ]);
  });

  test('Token without a key is the scheme, not a key: the word stays as written in notes and in the curl line', () => {
    const v = verdict('GET', ORG, 401, 'Credentials are required', { headers: { authorization: 'Token' }, responseHeaders: { 'content-type': 'text/plain' } });
    expect(v.evidence.request.headers).toEqual({ authorization: 'Token' });
    expect(v.evidence.curl).not.toContain('MOCKAPI_TOKEN');
  });

  test('the scheme in another case is noted; Token with spaces around the key is a key', () => {
    const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: { Authorization: `tOKEN ${KEY}` } });
    expect([v.violations, v.notes]).toEqual([
      [],
      ['the scheme written "tOKEN": accepting it or answering 401 are both right (AUTH-SCHEME-CASE)', SUBSCRIPTION],
    ]);
    const w = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: { authorization: `  Token  ${KEY}  ` } });
    expect([w.violations, w.notes]).toEqual([[], [SUBSCRIPTION]]);
  });

  test('401 and 403 to a request with a key: noted as what one exchange cannot tell, their bodies judged', () => {
    const u = verdict('GET', ORG, 401, 'Credentials are required', { responseHeaders: { 'content-type': 'text/plain' } });
    expect([u.violations, u.notes]).toEqual([[], ['401 to a request with a key: the key may be unknown to the deployment, which one exchange cannot tell']]);
    const f = verdict('GET', ORG, 403, { errors: [{ title: 'Forbidden', source: {} }] });
    expect([f.violations, f.notes]).toEqual([[], ['403: the key may lack permission on the resource, which one exchange cannot tell']]);
    expect(requirements(verdict('GET', ORG, 403, { errors: [] }))).toEqual(['AUTH-403-BODY']);
  });

  test('the key is redacted whatever the scheme, in headers in any case; cookies, and an Authorization the answer carries, are never shown', () => {
    const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), {
      headers: { AUTHORIZATION: `Bearer ${KEY}`, Cookie: 'session=s3cr3t', 'X-Echo': `a ${KEY}` },
      responseHeaders: { ...JSON_TYPE, 'Set-Cookie': 'id=abc' },
    });
    expect(v.evidence.request.headers).toEqual({ authorization: 'Bearer $MOCKAPI_TOKEN', cookie: '<redacted>', 'x-echo': 'a $MOCKAPI_TOKEN' });
    expect(v.evidence.response.headers).toEqual({ ...JSON_TYPE, 'set-cookie': '<redacted>' });
    const echoed = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { responseHeaders: { ...JSON_TYPE, Authorization: 'Basic echoed' } });
    expect(echoed.evidence.response.headers).toEqual({ ...JSON_TYPE, authorization: '<redacted>' });
    expect(v.evidence.curl).not.toContain('s3cr3t');
    const only = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: { authorization: KEY } });
    expect(JSON.stringify(only)).not.toContain(KEY);
  });
});

describe('headers and bodies in each shape', () => {
  test('a fetch Headers, arrays, numbers and names that differ in case are read as one lower-case set', () => {
    const headers = new Headers({ Authorization: `Token ${KEY}`, 'X-A': '1' });
    expect(verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers }).evidence.request.headers).toEqual({
      authorization: 'Token $MOCKAPI_TOKEN',
      'x-a': '1',
    });
    const v = verdict('GET', ORG, 200, example('getOrganisation', '2XX'), { headers: { ...AUTH, 'X-B': ['1', '2'], 'x-b': 3, 'x-c': undefined, 'X-D': 4 } });
    expect(v.evidence.request.headers).toEqual({ authorization: 'Token $MOCKAPI_TOKEN', 'x-b': '1, 2, 3', 'x-d': '4' });
  });

  test('a body as text, bytes, a slice of bytes, an ArrayBuffer or a JSON value is the same body', () => {
    const text = JSON.stringify(example('getOrganisation', '2XX'));
    const bytes = Buffer.from(`xx${text}yy`);
    for (const body of [
      text,
      Buffer.from(text),
      new Uint8Array(bytes.buffer, bytes.byteOffset + 2, text.length),
      new Uint8Array(Buffer.from(text)).buffer,
      JSON.parse(text),
    ]) {
      const v = verdict('GET', ORG, 200, body);
      expect([v.outcome, v.evidence.response.body], body.constructor.name).toEqual(['passed', text]);
    }
  });

  test('no body, or null, is an empty body', () => {
    for (const body of [undefined, null]) expect(verdict('GET', ORG, 200, body).violations.map((x) => x.expected)).toEqual(['a JSON body']);
  });

  test('a body not recorded: only the status judged, saying so', () => {
    const v = verdict('PUT', '/v1/mock-apis/abc/open-api/push', 200, undefined, {
      sent: { push: {} },
      input: { response: { status: 200, bodyRecorded: false } },
    });
    expect([requirements(v), v.notes]).toEqual([['PUSH-STATUS'], ["the answer's body was not recorded: only its status is judged"]]);
    const w = verdict('PUT', '/v1/mock-apis/abc/open-api/push', 500, undefined, { input: { response: { status: 500, bodyRecorded: false } } });
    expect(w.violations).toEqual([]);
  });
});

describe('requests the interface never accepts', () => {
  const CHAOS = (id: string) => `/v1/mock-apis/${id}/settings/chaos`;

  test('a mockApiId of 4 or 11 characters is refused (ID-MOCK-API-LENGTH); 5 and 10 are ids', () => {
    for (const id of ['abcd', 'abcdefghijk']) {
      const v = verdict('PUT', CHAOS(id), 200, {}, { sent: requestExample('updateChaosSettings') });
      expect(v.violations.map((x) => [x.requirement, x.expected])).toEqual([
        ['ID-MOCK-API-LENGTH', `a mockApiId of ${id.length} characters is not accepted (no 2xx)`],
      ]);
    }
    for (const id of ['abcde', 'abcdefghij'])
      expect(verdict('PUT', CHAOS(id), 200, example('updateChaosSettings', '200'), { sent: requestExample('updateChaosSettings') }).violations).toEqual([]);
  });

  test('a mockApiId is counted in characters, as the interface counts it, not in UTF-16 units', () => {
    // six characters outside the Basic Multilingual Plane are 12 UTF-16 units, and an id; three are 6 units, and none
    const six = verdict('PUT', CHAOS(encodeURIComponent('😀'.repeat(6))), 200, example('updateChaosSettings', '200'), {
      sent: requestExample('updateChaosSettings'),
    });
    expect(six.violations).toEqual([]);
    for (const id of ['😀'.repeat(3), '😀'.repeat(11)]) {
      const v = verdict('PUT', CHAOS(encodeURIComponent(id)), 200, {}, { sent: requestExample('updateChaosSettings') });
      expect(v.violations.map((x) => [x.requirement, x.expected])).toEqual([
        ['ID-MOCK-API-LENGTH', `a mockApiId of ${[...id].length} characters is not accepted (no 2xx)`],
      ]);
    }
  });

  test('a zero-byte body of an update is refused under GEN-WRAP-REQUEST', () => {
    for (const sent of [undefined, '']) {
      const v = verdict('PUT', CHAOS('abcde'), 200, {}, { sent });
      expect(v.violations.map((x) => [x.requirement, x.expected])).toEqual([['GEN-WRAP-REQUEST', 'a zero-byte body is not accepted (no 2xx)']]);
    }
  });

  test('a body that is not JSON, or nests too deep, is refused under GEN-NOT-JSON', () => {
    for (const sent of ['{', `${'['.repeat(300)}${']'.repeat(300)}`]) {
      expect(requirements(verdict('PUT', CHAOS('abcde'), 200, {}, { sent })), sent.slice(0, 5)).toEqual(['GEN-NOT-JSON']);
    }
  });

  test('each kind of invalid body is refused under the statement it breaks', () => {
    const cases: [unknown, string][] = [
      [{}, 'GEN-WRAP-REQUEST'],
      [{ chaos: { percentageFailures: 101 } }, 'CHAOS-PERCENTAGE-LIMIT'],
      [{ chaos: { percentageFailures: -1 } }, 'CHAOS-PERCENTAGE-LIMIT'],
      [{ chaos: { httpErrors: [{ status: 600 }] } }, 'CHAOS-HTTP-STATUS-LIMIT'],
      [{ chaos: { httpErrors: [{ status: 399 }] } }, 'CHAOS-HTTP-STATUS-LIMIT'],
      [{ chaos: { httpErrors: [{ status: 500.5 }] } }, 'CHAOS-HTTP-STATUS-LIMIT'],
      [{ chaos: { enabled: 'yes' } }, 'CHAOS-TYPES'],
    ];
    for (const [sent, requirement] of cases) {
      const v = verdict('PUT', CHAOS('abcde'), 200, {}, { sent });
      expect(requirements(v), JSON.stringify(sent)).toEqual([requirement]);
      expect(v.violations[0]!.expected).toMatch(/ is not accepted \(no 2xx\)$/);
    }
    expect(verdict('PUT', CHAOS('abcde'), 200, {}, { sent: { chaos: { httpErrors: [{ status: 500.5 }] } } }).violations[0]!.expected).toBe(
      'non-integer at /chaos/httpErrors/0/status is not accepted (no 2xx)',
    );
    expect(verdict('PUT', CHAOS('abcde'), 200, {}, { sent: { chaos: { enabled: 'yes' } } }).violations[0]!.expected).toBe(
      'wrong-type at /chaos/enabled is not accepted (no 2xx)',
    );
  });

  test('a missing property names its type in the Invalid JSON a live deployment must answer', () => {
    const v = verdict('PUT', CHAOS('abcde'), 400, { errors: [{ title: 'Invalid JSON', detail: 'at /chaos: object expected', source: {} }] }, { sent: {} });
    expect(v.violations).toEqual([]);
    const ds = verdict(
      'PUT',
      '/v1/data-sources/ds1',
      400,
      { errors: [{ title: 'Invalid JSON', detail: 'missing /dataSource/name', source: {} }] },
      {
        sent: { dataSource: { ...requestExample('updateDataSource').dataSource, name: undefined } },
      },
    );
    expect(ds.violations.map((x) => x.expected)).toEqual(['detail naming the required type (string)']);
  });

  test('rows that do not fit the columns are refused under DS-ROWS-FIT', () => {
    const sent = requestExample('updateDataSource');
    sent.dataSource.rows = [['only one']];
    expect(verdict('PUT', '/v1/data-sources/ds1', 200, {}, { sent }).violations.map((x) => [x.requirement, x.expected])).toEqual([
      ['DS-ROWS-FIT', 'rows-misfit at /dataSource/rows/0 is not accepted (no 2xx)'],
    ]);
  });
});

describe('answers to a request the interface accepts', () => {
  test('404: the not-found body where documented; a note where not', () => {
    expect(requirements(verdict('GET', ORG, 404, { code: 404, message: 'Bad Request' }))).toEqual(['ERR-404']);
    const v = verdict('PUT', '/v1/mock-apis/abcde/settings/state', 404, {}, { sent: { state: {} } });
    expect([v.violations, v.notes]).toEqual([
      [],
      ['404: the interface documents no 404 for this operation; an unknown id is answered with no 2xx, which this is'],
    ]);
  });

  test('another 4xx: a note, and errors held to the error-list shape', () => {
    const v = verdict('GET', ORG, 409, { errors: [{ title: 'Conflict' }] });
    expect([v.violations, v.notes]).toEqual([
      [],
      ['409: a refusal of a request that one exchange cannot tell wrong (the resource or a value the deployment does not accept)'],
    ]);
    expect(requirements(verdict('GET', ORG, 499, { errors: 1 }))).toEqual(['ERR-ERROR-LIST']);
  });

  test('a 1xx, 3xx or 5xx: a note, nothing judged', () => {
    for (const status of [100, 302, 500]) {
      const v = verdict('GET', ORG, status, 'x');
      expect([v.violations, v.notes], String(status)).toEqual([
        [],
        [
          `${status}: the interface shows no such answer to a request it accepts; one exchange cannot tell whether the deployment failed or the request was at fault`,
        ],
      ]);
    }
  });

  test('a 2xx: the documented status (202 for a push) and the body; a push answered 200 fails only the status (its body judged as the 202 one)', () => {
    const v = verdict('PUT', '/v1/mock-apis/a1b2c3d4/open-api/push', 200, example('pushOpenApiToGit', '202'), { sent: { push: {} } });
    expect(requirements(v)).toEqual(['PUSH-STATUS']);
  });
});

describe('the fields of a 2xx answer', () => {
  test('a job: each field judged, its link under the mock API pushed to', () => {
    const body = example('pushOpenApiToGit', '202');
    body.job.links.self = `/v1/mock-apis/a1b2c3d4/jobs/${body.job.id}`;
    const v = verdict('PUT', '/v1/mock-apis/a1b2c3d4/open-api/push', 202, body, { sent: { push: {} } });
    expect(v.violations).toEqual([]);
    expect(v.notes).toContain('jobType "open-api-git-pull", the value the interface names');
    expect(requirements(verdict('PUT', '/v1/mock-apis/zzzzzz/open-api/push', 202, body, { sent: { push: {} } }))).toEqual(['JOB-LINKS']);
    expect(verdict('PUT', '/v1/mock-apis/a1b2c3d4/open-api/push', 202, { job: 'x' }, { sent: { push: {} } }).notes).not.toContain('job status undefined');
  });

  test('a job returned already ERROR with an outcome passes, and so does one under way with neither (the push statement: it may carry them)', () => {
    const ended = example('pushOpenApiToGit', '202');
    ended.job.links.self = `/v1/mock-apis/a1b2c3d4/jobs/${ended.job.id}`;
    expect(ended.job).toMatchObject({ status: 'ERROR', outcome: { errorCode: 'NO_LOCAL_HEAD' } });
    const { finished: _, outcome: __, ...underWay } = ended.job;
    for (const job of [ended.job, { ...underWay, status: 'RUNNING' }]) {
      const v = verdict('PUT', '/v1/mock-apis/a1b2c3d4/open-api/push', 202, { job }, { sent: { push: {} } });
      expect([job.status, v.outcome, v.violations]).toEqual([job.status, 'passed', []]);
    }
  });

  test('a data source: rows, lastUpdatedTime, links and id, what was sent; on a mock not the id nor what was sent', () => {
    const sent = requestExample('updateDataSource');
    const body = example('updateDataSource', '2XX');
    const v = verdict('PUT', '/v1/data-sources/other', 200, { dataSource: { ...body.dataSource, rows: [], name: 'Else' } }, { sent });
    expect(requirements(v)).toEqual(['DS-NO-ROWS', 'DS-LINKS', 'DS-LINKS', 'DS-LINKS', 'DS-REPLACES']);
    expect(v.notes).toContain(
      "the answer has no readable Date header, the clock of the answer, so lastUpdatedTime was not set against a clock (never against this machine's)",
    );
    const m = verdict('PUT', '/v1/data-sources/other', 200, { dataSource: { ...body.dataSource, name: 'Else' } }, { sent, input: { profile: 'mock' } });
    expect(m.violations).toEqual([]);
    expect(verdict('PUT', '/v1/data-sources/ds-people', 200, { dataSource: 1 }, { sent }).violations.map((x) => x.requirement)).toEqual(['DS-RESPONSE']);
  });

  test('an organisation: links and the id asked for on a get; the new name on an update; neither on a mock', () => {
    const body = example('getOrganisation', '2XX');
    expect(requirements(verdict('GET', '/v1/organisations/other', 200, body))).toEqual(['ORG-IDENTITY']);
    expect(verdict('GET', '/v1/organisations/other', 200, body, { input: { profile: 'mock' } }).violations).toEqual([]);
    const renamed = verdict('PUT', '/v1/organisations/other', 200, body, { sent: { organisation: { name: 'New' } } });
    expect(renamed.violations.map((x) => [x.requirement, x.expected, x.actual])).toEqual([['ORG-RENAME', 'the answer shows name "New"', '"Example Ltd"']]);
    expect(verdict('PUT', '/v1/organisations/other', 200, body, { sent: { organisation: { name: 'New' } }, input: { profile: 'mock' } }).violations).toEqual(
      [],
    );
    body.organisation.links.users = '/v1/x';
    expect(requirements(verdict('PUT', '/v1/organisations/other', 200, body, { sent: { organisation: { name: 'Example Ltd' } } }))).toEqual(['ORG-LINKS']);
  });

  test('a logged request: its fields and the id asked for; on a mock not the id', () => {
    const body = example('getLoggedRequest', '2XX');
    const url = `/v1/mock-apis/abcde/requests/${body.id}`;
    expect(verdict('GET', url, 200, body).violations).toEqual([]);
    expect(requirements(verdict('GET', '/v1/mock-apis/abcde/requests/other', 200, body))).toEqual(['LR-IDENTITY']);
    expect(verdict('GET', '/v1/mock-apis/abcde/requests/other', 200, body, { input: { profile: 'mock' } }).violations).toEqual([]);
    const wrong = structuredClone(body);
    wrong.request.url = '/elsewhere';
    wrong.request.body = 'changed';
    wrong.request.loggedDate = 0;
    wrong.id = 'not-a-uuid';
    expect(requirements(verdict('GET', '/v1/mock-apis/abcde/requests/not-a-uuid', 200, wrong))).toEqual([
      'ID-REQUEST-UUID',
      'LR-DATE',
      'LR-BODY',
      'LR-URL',
      'LR-URL',
    ]);
  });

  test('chaos and state settings: echoed as sent on a live deployment; not judged on a mock', () => {
    const sent = requestExample('updateChaosSettings');
    const body = example('updateChaosSettings', '200');
    body.chaos.enabled = false;
    expect(requirements(verdict('PUT', '/v1/mock-apis/abcde/settings/chaos', 200, body, { sent }))).toEqual(['CHAOS-ECHO']);
    expect(verdict('PUT', '/v1/mock-apis/abcde/settings/chaos', 200, body, { sent, input: { profile: 'mock' } }).violations).toEqual([]);
    const state = verdict(
      'PUT',
      '/v1/mock-apis/abcde/settings/state',
      200,
      { state: { defaultContextExpression: 'other' } },
      { sent: requestExample('updateStateSettings') },
    );
    expect(requirements(state)).toEqual(['STATE-ECHO']);
    expect(
      verdict(
        'PUT',
        '/v1/mock-apis/abcde/settings/state',
        200,
        { state: { defaultContextExpression: 'other' } },
        { sent: requestExample('updateStateSettings'), input: { profile: 'mock' } },
      ).violations,
    ).toEqual([]);
  });

  test('a delete answered 204 without a body passes, filed under the operation delete requirement', () => {
    const v = checkExchange({ request: { method: 'DELETE', url: '/v1/data-sources/ds1', headers: AUTH }, response: { status: 204 } });
    expect([v.outcome, v.notes, v.requirement]).toEqual(['passed', ['answered 204 without a body; the interface shows neither status nor body'], 'DS-DELETE']);
    const m = checkExchange({ request: { method: 'DELETE', url: '/v1/teams/t1/members/u1', headers: AUTH }, response: { status: 204 } });
    expect([m.outcome, m.requirement]).toEqual(['passed', 'TEAM-MEMBER-DELETE']);
  });
});

describe('what the mutation run over checkExchange asked for', () => {
  test('NotAnOperationError is named so', () => {
    let error: unknown;
    try {
      verdict('POST', '/v1/x', 200, {});
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('NotAnOperationError');
  });

  test('a body that cannot be written out for another reason than its depth (a BigInt) is not taken for a deep one: the error is thrown', () => {
    expect(() => verdict('GET', ORG, 200, { n: 1n })).toThrow(TypeError);
  });

  test('spaces before the scheme or two after it: the key alone is still the secret, redacted wherever the answer shows it', () => {
    for (const authorization of [`  Token ${KEY}`, `Token  ${KEY}`]) {
      const v = verdict('GET', ORG, 404, { code: 404, message: `no ${KEY}` }, { headers: { authorization } });
      expect(JSON.stringify(v), authorization).not.toContain(KEY);
      expect(v.violations[0]!.actual, authorization).toBe('"no $MOCKAPI_TOKEN": it names neither 404 nor "not found"');
    }
  });

  test('a body that is not JSON is named as the body in the expected', () => {
    expect(verdict('PUT', '/v1/mock-apis/abcde/settings/chaos', 200, {}, { sent: '{' }).violations.map((x) => x.expected)).toEqual([
      'not-json at the body is not accepted (no 2xx)',
    ]);
  });

  test('a number where a string or boolean is due is the wrong type, and a string where an integer is due too; a fraction where an integer is due is non-integer', () => {
    const expected = (chaos: object) => verdict('PUT', '/v1/mock-apis/abcde/settings/chaos', 200, {}, { sent: { chaos } }).violations.map((x) => x.expected);
    expect(expected({ enabled: 1.5 })).toEqual(['wrong-type at /chaos/enabled is not accepted (no 2xx)']);
    expect(expected({ httpErrors: [{ status: '500' }] })).toEqual(['wrong-type at /chaos/httpErrors/0/status is not accepted (no 2xx)']);
    expect(expected({ httpErrors: [{ status: 500.5 }] })).toEqual(['non-integer at /chaos/httpErrors/0/status is not accepted (no 2xx)']);
  });

  test('a property missing inside an array item, at index 10, is required with the type of its slot (string)', () => {
    const columns: object[] = Array.from({ length: 11 }, (_, i) => ({ name: `c${i}`, type: { name: 'STRING' } }));
    columns[10] = { type: { name: 'STRING' } };
    const sent = { dataSource: { name: 'n', type: 'CSV', columnsMetadata: columns, rows: [] } };
    const detail = (d: string) =>
      verdict('PUT', '/v1/data-sources/ds1', 400, { errors: [{ title: 'Invalid JSON', detail: d, source: {} }] }, { sent }).violations.map((x) => x.expected);
    expect(detail('missing /dataSource/columnsMetadata/10/name: string expected')).toEqual([]);
    expect(detail('missing /dataSource/columnsMetadata/10/name: object expected')).toEqual(['detail naming the required type (string)']);
    // the wrapper itself missing: its own slot (object), not another property's
    const wrapper = verdict(
      'PUT',
      '/v1/data-sources/ds1',
      400,
      { errors: [{ title: 'Invalid JSON', detail: 'missing /dataSource: object', source: {} }] },
      { sent: {} },
    );
    expect(wrapper.violations).toEqual([]);
  });

  test('300 is no 2xx, whether the body was recorded or not; 400 is a refusal', () => {
    const unrecorded = verdict('PUT', '/v1/mock-apis/abcde/open-api/push', 300, undefined, {
      sent: { push: {} },
      input: { response: { status: 300, bodyRecorded: false } },
    });
    expect(unrecorded.violations).toEqual([]);
    expect(verdict('GET', ORG, 300, 'x').notes).toEqual([
      '300: the interface shows no such answer to a request it accepts; one exchange cannot tell whether the deployment failed or the request was at fault',
    ]);
    expect(verdict('GET', ORG, 400, { errors: [{ title: 'Bad' }] }).notes).toEqual([
      '400: a refusal of a request that one exchange cannot tell wrong (the resource or a value the deployment does not accept)',
    ]);
  });

  test('a 2xx whose body is not JSON, or null, or holds null where the resource goes: the body judged, no field, nothing thrown', () => {
    const cases: [string, string, unknown, unknown][] = [
      ['PUT', '/v1/mock-apis/abcde/open-api/push', { push: {} }, 'x'],
      ['PUT', '/v1/mock-apis/abcde/open-api/push', { push: {} }, { job: null }],
      ['PUT', '/v1/data-sources/ds1', requestExample('updateDataSource'), 'x'],
      ['PUT', '/v1/data-sources/ds1', requestExample('updateDataSource'), { dataSource: null }],
      ['PUT', '/v1/mock-apis/abcde/settings/chaos', requestExample('updateChaosSettings'), 'x'],
      ['PUT', '/v1/mock-apis/abcde/settings/state', requestExample('updateStateSettings'), 'x'],
      ['GET', ORG, undefined, 'null'],
      ['GET', '/v1/mock-apis/abcde/requests/r1', undefined, 'null'],
      ['GET', '/v1/mock-apis/abcde/requests/r1', undefined, { id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', request: 1 }],
    ];
    for (const [method, url, sent, body] of cases) {
      const v = verdict(method, url, method === 'PUT' && url.endsWith('push') ? 202 : 200, body, { sent });
      expect(v.outcome, `${url} ${JSON.stringify(body)}`).toBe('failed');
      expect(new Set(requirements(v)).size, `${url} ${JSON.stringify(body)}`).toBe(1);
    }
  });

  test('a state setting echoed otherwise is named by its path under state', () => {
    const v = verdict(
      'PUT',
      '/v1/mock-apis/abcde/settings/state',
      200,
      { state: { defaultContextExpression: 'other' } },
      { sent: requestExample('updateStateSettings') },
    );
    expect(v.violations.map((x) => x.expected)).toEqual(['state.defaultContextExpression = "{{request.headers.X-Context}}" (as sent)']);
  });

  test('the curl line sends the key by its placeholder, credential headers as <redacted>, other headers as they were', () => {
    const v = verdict('GET', ORG, 404, '', {
      headers: { authorization: `Token ${KEY}`, cookie: 's=s3cr3t', 'proxy-authorization': 'Basic c2VjcmV0', 'x-a': '1' },
    });
    expect(v.evidence.curl).toBe(
      `curl -sS -i -X GET --url '${ORG}' -H "Authorization: Token $MOCKAPI_TOKEN" -H 'cookie: <redacted>' -H 'proxy-authorization: <redacted>' -H 'x-a: 1'`,
    );
  });
});
