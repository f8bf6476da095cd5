// The contract checker on hand-made exchanges: each deviation becomes a violation of the requirement that
// states it, with a message that names the JSON pointer; a conforming answer gives none.
import { describe, expect, test } from 'vitest';
import { CheckContext, type Target } from '../../src/harness/check.ts';
import { Client } from '../../src/http/client.ts';
import {
  expectEnvelope,
  expectForbiddenBody,
  expectInvalidJson,
  expectNotFound,
  expectRejected,
  expectSuccess,
  expectUnauthorizedBody,
  notFoundMessage,
} from '../../src/judge/checker.ts';
import { operation } from '../../contract/schemas.ts';
import { expectChaosEcho } from '../../src/judge/echo.ts';
import {
  jobElapsedAgrees,
  jobFinishedNotBeforeStarted,
  lastUpdatedNow,
  loggedBody,
  loggedDate,
  loggedUrl,
  loggedUrlPath,
  pathAndQuery,
} from '../../src/judge/fields.ts';
import { expectEcho } from '../../src/judge/echo.ts';
import { exchange } from '../support/judged.ts';

const target: Target = {
  baseUrl: 'http://127.0.0.1:9',
  token: 'k',
  forbiddenToken: undefined,
  readOnly: false,
  timeoutMs: 1000,
  fixtures: {},
  embedded: false,
  seed: 1,
  runs: 1,
  concurrency: 1,
  latencyMs: 1,
  checkTimeoutMs: undefined,
  profile: 'live',
  pushPolicy: undefined,
};
const context = () => new CheckContext('ORG-RESPONSE', target, new Client({ baseUrl: target.baseUrl, token: 'k', forbiddenToken: undefined, timeoutMs: 1000 }));

const organisation = () => structuredClone(operation('getOrganisation').responses.get('2XX')!.examples.get('application/json')![0]) as any;
const violated = (t: CheckContext) => t.violations.map((v) => v.requirement);

describe('expectSuccess', () => {
  test('a documented answer: the body back, no violation', () => {
    const t = context();
    expect(expectSuccess(t, 'getOrganisation', exchange(200, organisation()))).toEqual(organisation());
    expect(t.violations).toEqual([]);
  });

  test('a schema deviation names the operation requirement and the JSON pointer', () => {
    const t = context();
    const body = organisation();
    delete body.organisation.emailAddress;
    expect(expectSuccess(t, 'getOrganisation', exchange(200, body))).toBeUndefined();
    expect(violated(t)).toEqual(['ORG-RESPONSE']);
    expect(t.violations[0]!.actual).toContain("/organisation must have required property 'emailAddress'");
  });

  test('a pattern in words, never the regular expression', () => {
    const t = context();
    const body = organisation();
    body.organisation.links.subscription = '/v1/subs/x';
    expectSuccess(t, 'getOrganisation', exchange(200, body));
    expect(t.notes.join('\n')).toContain('/organisation/links/subscription is not a path of the form /v1/subscriptions/{id}');
  });

  test('a field with a check of its own is left to that check, with a note', () => {
    const t = context();
    const body = organisation();
    body.organisation.links.acl = '/v1/organisations/org-1a2b3c/acl';
    expect(expectSuccess(t, 'getOrganisation', exchange(200, body))).toEqual(body);
    expect(violated(t)).toEqual([]);
    expect(t.notes.join('\n')).toMatch(/fields with checks of their own deviate from the schema \(\/organisation\/links\/acl/);
  });

  test('JSON served as text/plain is GEN-JSON; a missing envelope is GEN-WRAP-RESPONSE', () => {
    const t = context();
    expectSuccess(t, 'getOrganisation', exchange(200, organisation(), 'text/plain'));
    expect(violated(t)).toEqual(['GEN-JSON']);
    const u = context();
    expectEnvelope(u, 'getOrganisation', exchange(200, organisation().organisation));
    expect(violated(u)).toEqual(['GEN-WRAP-RESPONSE']);
  });

  test('media type parameters are allowed', () => {
    const t = context();
    expectSuccess(t, 'getOrganisation', exchange(200, organisation(), 'application/json; charset=utf-8'));
    expect(t.violations).toEqual([]);
  });

  test('an exact status where the interface names one (202), any 2xx where it does not', () => {
    const job = operation('pushOpenApiToGit').responses.get('202')!.examples.get('application/json')![0];
    const t = context();
    expectSuccess(t, 'pushOpenApiToGit', exchange(200, job));
    expect(violated(t)).toEqual(['PUSH-STATUS']);
    const u = context();
    expectSuccess(u, 'getOrganisation', exchange(203, organisation()));
    expect(u.violations).toEqual([]);
  });

  test('a wrapped logged request is GEN-UNWRAPPED-LOGGED-REQUEST', () => {
    const lr = operation('getLoggedRequest').responses.get('2XX')!.examples.get('application/json')![0];
    const t = context();
    expectSuccess(t, 'getLoggedRequest', exchange(200, { loggedRequest: lr }));
    expect(violated(t)).toEqual(['GEN-UNWRAPPED-LOGGED-REQUEST']);
  });
});

describe('error shapes', () => {
  test('401 wants text/plain about credentials', () => {
    const t = context();
    expectUnauthorizedBody(t, exchange(401, 'Credentials are required to access this resource.', 'text/plain; charset=utf-8'));
    expect(t.violations).toEqual([]);
    const u = context();
    expectUnauthorizedBody(u, exchange(401, { message: 'Unauthorized' }));
    expect(u.violations.map((v) => v.expected)).toEqual(['Content-Type text/plain', 'a text stating that credentials are required to access the resource']);
  });

  test('403 wants one Forbidden entry with an empty source', () => {
    const t = context();
    expectForbiddenBody(t, 'getOrganisation', exchange(403, { errors: [{ title: 'Forbidden', source: {} }] }));
    expect(t.violations).toEqual([]);
    const u = context();
    expectForbiddenBody(
      u,
      'getOrganisation',
      exchange(403, {
        errors: [
          { title: 'Forbidden', source: {} },
          { title: 'Forbidden', source: {} },
        ],
      }),
    );
    expect(violated(u)).toEqual(['AUTH-403-BODY']);
  });

  test('404 wants code 404 as a number and a message', () => {
    const t = context();
    expectNotFound(t, 'getOrganisation', exchange(404, { code: '404', message: 'Not Found' }));
    expect(violated(t)).toEqual(['ERR-404']);
    expect(t.violations[0]!.actual).toContain('/code must be number');
  });

  test('404 wants a message that reports the 404 condition: 404 or "not found", and no other status', () => {
    const passes = [
      'HTTP 404 Not Found',
      'Data source ds-500 not found',
      'Fehler 404: Ressource nicht gefunden',
      '404',
      'Resource NOT_FOUND',
      'organisation 12345 not found',
      'data source with code 123 not found',
    ];
    for (const message of passes) {
      const t = context();
      expectNotFound(t, 'getOrganisation', exchange(404, { code: 404, message }));
      expect({ message, violated: violated(t) }).toEqual({ message, violated: [] });
    }
    const fails = ['HTTP 400 Bad Request', 'No such organisation', 'Internal Server Error', 'Not found (status 500)', '404 Bad Request', ' '];
    for (const message of fails) {
      const t = context();
      expectNotFound(t, 'getOrganisation', exchange(404, { code: 404, message }));
      expect({ message, violated: violated(t) }).toEqual({ message, violated: ['ERR-404'] });
    }
    expect(notFoundMessage('Fehler 404: Ressource nicht gefunden').note).toContain('carries 404');
    expect(notFoundMessage('HTTP 404 Not Found')).toEqual({});
  });

  test('Invalid JSON wants the title, the pointer and the type in detail, and source {}', () => {
    const ok = context();
    expectInvalidJson(
      ok,
      exchange(422, { errors: [{ title: 'Invalid JSON', detail: 'Required property missing at /chaos: expected object', source: {} }] }),
      'GEN-WRAP-REQUEST',
      '/chaos',
      'object',
    );
    expect(ok.violations).toEqual([]);
    const bad = context();
    expectInvalidJson(
      bad,
      exchange(400, { errors: [{ title: 'Invalid JSON', detail: 'Missing property', source: { pointer: '/chaos' } }] }),
      'GEN-WRAP-REQUEST',
      '/chaos',
      'object',
    );
    expect(bad.violations.map((v) => v.expected)).toEqual([
      'detail naming the missing JSON pointer /chaos',
      'detail naming the required type (object)',
      'source an empty object {}',
    ]);
  });

  test('a rejection: 2xx fails the statement, 5xx the should-level GEN-NO-5XX, any 4xx passes', () => {
    const accepted = context();
    expectRejected(accepted, exchange(200, {}), 'CHAOS-PERCENTAGE-LIMIT', 'x');
    expect(violated(accepted)).toEqual(['CHAOS-PERCENTAGE-LIMIT']);
    const crashed = context();
    expectRejected(crashed, exchange(500, {}), 'CHAOS-PERCENTAGE-LIMIT', 'x');
    expect(crashed.violations.map((v) => [v.requirement, v.level])).toEqual([['GEN-NO-5XX', 'should']]);
    const rejected = context();
    expectRejected(rejected, exchange(409, {}), 'CHAOS-PERCENTAGE-LIMIT', 'x');
    expect(rejected.violations).toEqual([]);
  });
});

describe('expectChaosEcho', () => {
  test('a field sent and left out of the answer is a violation whose actual says it is absent', () => {
    const t = context();
    expectChaosEcho(t, 'CHAOS-ECHO', { enabled: false, invalidHttp: { enabled: false } }, { enabled: false });
    expect(t.violations.map((v) => [v.requirement, v.expected, v.actual])).toEqual([['CHAOS-ECHO', 'chaos.invalidHttp echoed as an object', 'absent']]);
  });
});

describe('the times of a job', () => {
  const job = (started: string, finished: string, elapsed: string) => ({ started, finished, elapsed });
  const agrees = (j: object) => {
    const t = context();
    jobElapsedAgrees(t, j);
    return t;
  };

  test('elapsed agrees with finished − started within a second, whether it is longer or shorter', () => {
    expect(violated(agrees(job('2026-11-21T10:00:00.000000000Z', '2026-11-21T10:00:10.000Z', 'PT10.9S')))).toEqual([]);
    expect(violated(agrees(job('2026-11-21T10:00:00.000000000Z', '2026-11-21T10:00:10.000Z', 'PT9.1S')))).toEqual([]);
    expect(violated(agrees(job('2026-11-21T10:00:00.000000000Z', '2026-11-21T10:00:10.000Z', 'PT11S')))).toEqual([]);
    const longer = agrees(job('2026-11-21T10:00:00.000000000Z', '2026-11-21T10:00:10.000Z', 'PT12S'));
    expect(longer.violations).toMatchObject([
      { requirement: 'JOB-TIMES', expected: 'elapsed within 1 s of 10 s, the time from started to finished', actual: 'elapsed PT12S (12 s)' },
    ]);
    // an elapsed shorter than the span breaks it as much as a longer one
    const shorter = agrees(job('2026-11-21T10:00:00.000000000Z', '2026-11-21T10:00:10.000Z', 'PT2S'));
    expect(shorter.violations).toMatchObject([{ requirement: 'JOB-TIMES', actual: 'elapsed PT2S (2 s)' }]);
  });

  test('with a time that cannot be read there is nothing to compare: a note, no violation', () => {
    for (const j of [
      { started: '2026-11-21T10:00:00Z', elapsed: 'PT1S' },
      job('x', '2026-11-21T10:00:10Z', 'PT1S'),
      job('2026-11-21T10:00:00Z', '2026-11-21T10:00:10Z', 'P1M'),
      { started: '2026-11-21T10:00:00Z', finished: '2026-11-21T10:00:10Z', elapsed: 10 },
    ]) {
      const t = agrees(j);
      expect(t.violations).toEqual([]);
      expect(t.notes).toEqual([expect.stringMatching(/^nothing to compare: started .*, finished .*, elapsed /)]);
    }
  });

  test('finished at or after started, to the last digit either shows', () => {
    const ordered = (j: object) => {
      const t = context();
      jobFinishedNotBeforeStarted(t, j);
      return t;
    };
    expect(violated(ordered(job('2026-11-21T10:00:00.000000001Z', '2026-11-21T10:00:00.000000001Z', 'PT0S')))).toEqual([]);
    expect(ordered(job('2026-11-21T10:00:00.000000002Z', '2026-11-21T10:00:00.000000001Z', 'PT0S')).violations).toMatchObject([
      {
        requirement: 'JOB-TIMES',
        expected: 'finished at or after started (2026-11-21T10:00:00.000000002Z)',
        actual: 'finished 2026-11-21T10:00:00.000000001Z',
      },
    ]);
    const t = ordered({ started: '2026-11-21T10:00:00Z' });
    expect(t.violations).toEqual([]);
    expect(t.notes).toEqual(['nothing to compare: started "2026-11-21T10:00:00Z", finished undefined (JOB-STARTED and JOB-FINISHED judge their formats)']);
  });

  test("lastUpdatedTime within fifteen minutes of the answer's Date header, either side; never against this machine's clock", () => {
    const now = Date.UTC(2026, 10, 21, 10, 0, 0);
    const judged = (lastUpdatedTime: unknown, date: string | undefined) => {
      const t = context();
      // an exchange as the client gives it, with this machine's clock when it came: not a clock the judgement reads
      const answered = { headers: (date === undefined ? {} : { date }) as Record<string, string>, receivedAt: Date.now() };
      lastUpdatedNow(t, { lastUpdatedTime }, answered);
      return t;
    };
    const header = new Date(now).toUTCString();
    expect(violated(judged('2026-11-21T10:15:00.000Z', header))).toEqual([]);
    expect(violated(judged('2026-11-21T09:45:00.000Z', header))).toEqual([]);
    expect(judged('2026-11-21T10:15:01.000Z', header).violations).toMatchObject([
      { requirement: 'DS-LAST-UPDATED-NOW', expected: "lastUpdatedTime within 15 minutes of 2026-11-21T10:00:00.000Z (the answer's Date header)" },
    ]);
    expect(violated(judged('2026-11-21T09:44:59.000Z', header))).toEqual(['DS-LAST-UPDATED-NOW']);
    // a deployment's clock years off this machine's (29 February 2024), its Date agreeing: nothing to say
    const leapDay = Date.UTC(2024, 1, 29, 12, 0, 0);
    expect(violated(judged(new Date(leapDay).toISOString(), new Date(leapDay).toUTCString()))).toEqual([]);
    // a local time written with Z, an hour east of UTC, in an answer whose Date is UTC
    expect(violated(judged(new Date(now + 3_600_000).toISOString(), header))).toEqual(['DS-LAST-UPDATED-NOW']);
    // without a Date header, nothing is set against a clock
    const undated = judged('2001-01-01T00:00:00.000Z', undefined);
    expect([violated(undated), undated.notes.length]).toEqual([[], 1]);
  });
});

describe('the fields of a logged request', () => {
  const judged = (judge: (t: CheckContext, lr: any) => void, request: object) => {
    const t = context();
    judge(t, { request });
    return t;
  };

  test('loggedDate within the second of loggedDateString, truncated or rounded; an unreadable string is LR-DATE too', () => {
    const at = Date.UTC(2026, 10, 21, 10, 15, 30);
    expect(violated(judged(loggedDate, { loggedDate: at + 999, loggedDateString: '2026-11-21T10:15:30Z' }))).toEqual([]);
    expect(violated(judged(loggedDate, { loggedDate: at - 400, loggedDateString: '2026-11-21T10:15:30Z' }))).toEqual([]);
    expect(violated(judged(loggedDate, { loggedDate: at - 600, loggedDateString: '2026-11-21T10:15:30Z' }))).toEqual(['LR-DATE']);
    expect(violated(judged(loggedDate, { loggedDate: at + 1000, loggedDateString: '2026-11-21T10:15:30Z' }))).toEqual(['LR-DATE']);
    expect(violated(judged(loggedDate, { loggedDate: at + 0.5, loggedDateString: '2026-11-21T10:15:30Z' }))).toEqual(['LR-DATE']);
    expect(violated(judged(loggedDate, { loggedDate: at, loggedDateString: 1 }))).toEqual(['LR-DATE']);
    const unreadable = judged(loggedDate, { loggedDate: at, loggedDateString: '2026-02-30T10:15:30Z' });
    expect(unreadable.violations).toMatchObject([
      { requirement: 'LR-DATE', expected: 'loggedDateString readable as an instant', actual: '"2026-02-30T10:15:30Z"' },
    ]);
  });

  test('body is the UTF-8 text of bodyAsBase64, or a lossy decoding of bytes that are not UTF-8; Base64 is the standard padded alphabet', () => {
    const b64 = (bytes: number[] | string) => Buffer.from(bytes as any).toString('base64');
    expect(violated(judged(loggedBody, { body: 'héllo', bodyAsBase64: b64('héllo') }))).toEqual([]);
    expect(violated(judged(loggedBody, { body: 'hello', bodyAsBase64: b64('héllo') }))).toEqual(['LR-BODY']);
    expect(violated(judged(loggedBody, { body: '', bodyAsBase64: '' }))).toEqual([]);
    expect(violated(judged(loggedBody, { body: 'a', bodyAsBase64: 'YQ' }))).toEqual(['LR-BODY']);
    expect(violated(judged(loggedBody, { body: '??', bodyAsBase64: '-_8=' }))).toEqual(['LR-BODY']);
    expect(violated(judged(loggedBody, { body: 1, bodyAsBase64: 'YQ==' }))).toEqual(['LR-BODY']);
    // 0xff 0xfe 0x41: one replacement per byte or one for the run, or Latin-1
    const notUtf8 = b64([0xff, 0xfe, 0x41]);
    for (const body of ['\ufffd\ufffdA', '\ufffdA', '\u00ff\u00feA']) {
      const t = judged(loggedBody, { body, bodyAsBase64: notUtf8 });
      expect(violated(t), body).toEqual([]);
      expect(t.notes).toEqual(['the body is not valid UTF-8; body was compared with lossy decodings of bodyAsBase64']);
    }
    expect(violated(judged(loggedBody, { body: '\ufffdB', bodyAsBase64: notUtf8 }))).toEqual(['LR-BODY']);
  });

  test('url is the path and query of absoluteUrl as written, beginning with /', () => {
    expect(pathAndQuery('https://h.example:8443/a/b?c=d#frag')).toBe('/a/b?c=d');
    expect(pathAndQuery('https://h.example?c=d')).toBe('/?c=d');
    expect(pathAndQuery('https://h.example')).toBe('/');
    expect(pathAndQuery('h.example/a')).toBeUndefined();
    expect(pathAndQuery('1http://h/a')).toBeUndefined();
    expect(violated(judged(loggedUrlPath, { url: '/a/b?c=%20', absoluteUrl: 'http://h/a/b?c=%20' }))).toEqual([]);
    expect(violated(judged(loggedUrlPath, { url: '/a/b', absoluteUrl: 'http://h/a/b?c=d' }))).toEqual(['LR-URL']);
    expect(judged(loggedUrlPath, { url: 'http://h/a/b', absoluteUrl: 'http://h/a/b' }).violations).toMatchObject([
      { requirement: 'LR-URL', expected: 'url beginning with / (the path and query as received, no scheme or authority)' },
    ]);
    expect(violated(judged(loggedUrlPath, { url: '/a', absoluteUrl: 'not a url' }))).toEqual([]);
    expect(violated(judged(loggedUrlPath, { url: 1, absoluteUrl: 'http://h/a' }))).toEqual([]);
    expect(violated(judged(loggedUrl, { url: '/a?b', absoluteUrl: 'http://h/a?b' }))).toEqual([]);
    expect(violated(judged(loggedUrl, { url: '/a?b', absoluteUrl: 'http://h/a?c' }))).toEqual(['LR-URL']);
    expect(violated(judged(loggedUrl, { url: '/a', absoluteUrl: 1 }))).toEqual(['LR-URL']);
  });
});

describe('expectEcho', () => {
  const echoed = (sent: unknown, got: unknown) => {
    const t = context();
    expectEcho(t, 'CHAOS-ECHO', sent, got, 'chaos');
    return t;
  };

  test('every field sent comes back with the value sent, at any depth; extra fields are allowed', () => {
    expect(violated(echoed({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x', d: 2 }], e: 3 }))).toEqual([]);
    expect(echoed({ a: { b: 1 } }, { a: { b: 2 } }).violations).toMatchObject([{ expected: 'chaos.a.b = 1 (as sent)', actual: 'chaos.a.b = 2' }]);
    expect(echoed({ a: 1 }, {}).violations).toMatchObject([{ actual: 'chaos.a = absent' }]);
    expect(echoed({ a: [1, 2] }, { a: [1] }).violations).toMatchObject(
      [{ expected: 'chaos.a with 2 items', actual: 'chaos.a = [1]' }].map((v) => ({ ...v, actual: '[1]' })),
    );
    expect(echoed({ a: [1] }, { a: { 0: 1 } }).violations).toMatchObject([{ expected: 'chaos.a echoed as an array' }]);
    expect(echoed({ a: {} }, { a: [] }).violations).toMatchObject([{ expected: 'chaos.a echoed as an object' }]);
    expect(echoed({ a: {} }, { a: null }).violations).toMatchObject([{ expected: 'chaos.a echoed as an object', actual: 'null' }]);
    expect(violated(echoed({ a: NaN, b: null }, { a: NaN, b: null }))).toEqual([]);
    expect(violated(echoed({ a: '1' }, { a: 1 }))).toEqual(['CHAOS-ECHO']);
    // 0 sent, -0 back: the same number in JSON
    expect(violated(echoed({ a: 0 }, { a: -0 }))).toEqual([]);
  });

  test('httpErrors come back as the statuses sent, in any order and with or without repeats, noted when they differ', () => {
    const chaos = (sent: unknown, got: unknown) => {
      const t = context();
      expectChaosEcho(t, 'CHAOS-ECHO', { httpErrors: sent }, got);
      return t;
    };
    const quiet = chaos([{ status: 500 }, { status: 503 }], { httpErrors: [{ status: 500 }, { status: 503 }] });
    expect([quiet.violations, quiet.notes]).toEqual([[], []]);
    const reordered = chaos([{ status: 500 }, { status: 503 }, { status: 500 }], { httpErrors: [{ status: 503 }, { status: 500 }] });
    expect(reordered.violations).toEqual([]);
    expect(reordered.notes).toEqual([
      'httpErrors came back as [503,500] for [500,503,500] sent: another order or without repeats, which the interface leaves open',
    ]);
    expect(chaos([{ status: 500 }, { status: 503 }], { httpErrors: [{ status: 500 }] }).violations).toMatchObject([
      { expected: 'chaos.httpErrors with the statuses [500,503] (in any order)', actual: 'chaos.httpErrors = [{"status":500}]' },
    ]);
    expect(violated(chaos([500], { httpErrors: 'x' }))).toEqual(['CHAOS-ECHO']);
    expect(violated(chaos([500], [500]))).toEqual(['CHAOS-ECHO']);
    expect(violated(chaos('x', { httpErrors: 'x' }))).toEqual([]);
    // the statuses in another order than sent; statuses sent bare and answered as objects; a null among them
    expect(violated(chaos([{ status: 503 }, { status: 500 }], { httpErrors: [{ status: 500 }, { status: 503 }] }))).toEqual([]);
    expect(violated(chaos([500, null], { httpErrors: [{ status: 500 }, null] }))).toEqual([]);
    // only httpErrors is a set: another array comes back in the order sent
    const other = context();
    expectChaosEcho(other, 'CHAOS-ECHO', { other: [1, 2] }, { other: [2, 1] });
    expect(violated(other)).toEqual(['CHAOS-ECHO', 'CHAOS-ECHO']);
    // an answer that is no object, whatever was sent
    for (const got of [null, [], 'x']) {
      const t = context();
      expectChaosEcho(t, 'CHAOS-ECHO', {}, got);
      expect(t.violations, JSON.stringify(got)).toMatchObject([{ expected: 'chaos echoed as an object', actual: JSON.stringify(got) }]);
    }
  });
});
