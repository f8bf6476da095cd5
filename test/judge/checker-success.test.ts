// The checker's expectations of a successful answer (status, media type, envelope, schema) and the words it
// uses for what came back, on hand-made exchanges: each test names the violation, note or value it asserts.
import { describe as group, expect, test } from 'vitest';
import { operation } from '../../contract/schemas.ts';
import { describe, expectEnvelope, expectJsonMediaType, expectSuccess, expectSuccessStatus, schemaError, wrappedResource } from '../../src/judge/checker.ts';
import { CheckFailed } from '../../src/judge/judge.ts';
import { exchange, found, judge } from '../support/judged.ts';

const example = (id: Parameters<typeof operation>[0], key: string) =>
  structuredClone(operation(id).responses.get(key)!.examples.get('application/json')![0]) as any;
const organisation = () => example('getOrganisation', '2XX');
const dataSource = () => example('updateDataSource', '2XX');
const loggedRequest = () => example('getLoggedRequest', '2XX');
const job = () => example('pushOpenApiToGit', '202');
const ORG_BODY = "a body valid against getOrganisation's 2XX response schema (schemas/openapi.yaml)";

group('describe: one line for what came back', () => {
  test('no response: the error, or "unknown error"', () => {
    expect(describe({ ...exchange(0, ''), error: 'ECONNREFUSED' })).toBe('no response: ECONNREFUSED');
    expect(describe(exchange(0, ''))).toBe('no response: unknown error');
  });

  test('status, Content-Type (or "no Content-Type") and the body, "empty body" for none', () => {
    expect(describe(exchange(200, { a: 1 }))).toBe('200 (application/json) {"a":1}');
    expect(describe(exchange(204, '', null))).toBe('204 (no Content-Type) empty body');
  });

  test('a coding not undone is named after the Content-Type', () => {
    expect(describe({ ...exchange(200, 'x', 'text/plain'), undecodable: 'zstd' })).toBe(
      '200 (text/plain; Content-Encoding zstd, which this client cannot decode) x',
    );
  });

  test('a body of 300 characters in full; a longer one cut at 300 with an ellipsis', () => {
    expect(describe(exchange(200, 'a'.repeat(300), 'text/plain'))).toBe(`200 (text/plain) ${'a'.repeat(300)}`);
    expect(describe(exchange(200, `${'a'.repeat(300)}b`, 'text/plain'))).toBe(`200 (text/plain) ${'a'.repeat(300)}…`);
  });
});

group('schemaError: an Ajv error in words', () => {
  test('the pointer ("/" for the root), the message ("is invalid" without one), an allowed value in brackets', () => {
    expect(schemaError({ instancePath: '', keyword: 'type', message: 'must be object' })).toBe('/ must be object');
    expect(schemaError({ instancePath: '/a', keyword: 'type' })).toBe('/a is invalid');
    expect(schemaError({ instancePath: '/code', keyword: 'const', message: 'must be equal to constant', params: { allowedValue: 404 } })).toBe(
      '/code must be equal to constant (404)',
    );
    expect(schemaError({ instancePath: '/code', keyword: 'const', message: 'm', params: {} })).toBe('/code m');
  });

  test('a pattern by its schema description, up to the first full stop that ends a sentence', () => {
    const e = { instancePath: '/t', keyword: 'pattern', params: { pattern: '^x$' } };
    expect(schemaError({ ...e, parentSchema: { description: 'Version 1.2 of a form. More words.' } })).toBe(
      '/t is not of the documented form: Version 1.2 of a form',
    );
    expect(schemaError({ ...e, parentSchema: { description: 'A form.' } })).toBe('/t is not of the documented form: A form');
    expect(schemaError({ ...e, parentSchema: { description: 1 } })).toBe('/t does not have the documented form');
  });

  test('a path pattern as the path with {id} for each variable part and escapes undone', () => {
    const pattern = (p: string) => schemaError({ instancePath: '/self', keyword: 'pattern', params: { pattern: p } });
    expect(pattern('^/v1/data-sources/[^/]+/acl\\{\\?subjectId\\}$')).toBe('/self is not a path of the form /v1/data-sources/{id}/acl{?subjectId}');
    expect(pattern('^/v1/a/[^/]+/b/[^/]+$')).toBe('/self is not a path of the form /v1/a/{id}/b/{id}');
    // not anchored at both ends, or not beginning with /: no path shape
    expect(pattern('x^/v1/a$')).toBe('/self does not have the documented form');
    expect(pattern('^/v1/a$x')).toBe('/self does not have the documented form');
    expect(pattern('^v1/a$')).toBe('/self does not have the documented form');
  });

  test('a pattern with an @ as an e-mail address; any other, or none, as "does not have the documented form"', () => {
    expect(schemaError({ instancePath: '/e', keyword: 'pattern', params: { pattern: '^[^@ ]+@[^@ ]+$' } })).toBe(
      '/e is not an e-mail address (text, one @, text, no spaces)',
    );
    expect(schemaError({ instancePath: '/e', keyword: 'pattern', params: { pattern: '^[a-z]+$' } })).toBe('/e does not have the documented form');
    expect(schemaError({ instancePath: '/e', keyword: 'pattern' })).toBe('/e does not have the documented form');
  });
});

group('expectSuccess: status', () => {
  test('the exchange is named as the check evidence', () => {
    const t = judge();
    const ex = exchange(200, organisation());
    expectSuccess(t, 'getOrganisation', ex);
    expect(t.exchanges).toEqual([ex]);
  });

  test('200 and 299 are any 2xx; 199, 300 and 404 are not, under the operation status requirement', () => {
    for (const status of [200, 299]) {
      const t = judge();
      expect(expectSuccess(t, 'getOrganisation', exchange(status, organisation())), String(status)).toEqual(organisation());
      expect(t.violations).toEqual([]);
    }
    for (const status of [199, 300, 404]) {
      const t = judge();
      const ex = exchange(status, organisation());
      expect(expectSuccess(t, 'getOrganisation', ex)).toBeUndefined();
      expect(found(t)).toEqual([['ORG-RESPONSE', 'status any 2xx', describe(ex)]]);
    }
  });

  test('an operation with one documented success status names it (200 for chaos settings, 202 for a push)', () => {
    const t = judge();
    expectSuccess(t, 'updateChaosSettings', exchange(201, {}));
    expect(found(t)).toEqual([['CHAOS-STATUS', 'status 200', describe(exchange(201, {}))]]);
    const u = judge();
    expectSuccess(u, 'pushOpenApiToGit', exchange(200, job()));
    expect(found(u)).toEqual([['PUSH-STATUS', 'status 202', describe(exchange(200, job()))]]);
  });

  test('anySuccessStatus: another 2xx of a push is judged against the 202 body and returned', () => {
    const t = judge();
    expect(expectSuccess(t, 'pushOpenApiToGit', exchange(200, job()), { anySuccessStatus: true })).toEqual(job());
    expect(t.violations).toEqual([]);
    const u = judge();
    expect(expectSuccess(u, 'pushOpenApiToGit', exchange(500, job()), { anySuccessStatus: true })).toBeUndefined();
    expect(u.violations.map((v) => v.requirement)).toEqual(['PUSH-STATUS']);
  });

  test('a success that shows no body: null back and a note of what came, with or without a body', () => {
    const t = judge();
    expect(expectSuccess(t, 'deleteDataSource', exchange(204, '', null))).toBeNull();
    expect([t.violations, t.notes]).toEqual([[], ['answered 204 without a body; the interface shows neither status nor body']]);
    const u = judge();
    expect(expectSuccess(u, 'deleteDataSource', exchange(200, { a: 1 }))).toBeNull();
    expect(u.notes).toEqual(['answered 200 with a body (application/json); the interface shows neither status nor body']);
    const v = judge();
    expectSuccess(v, 'deleteDataSource', exchange(200, 'x', null));
    expect(v.notes).toEqual(['answered 200 with a body (no Content-Type); the interface shows neither status nor body']);
  });

  test('a success that shows no body, with a body all the same: it is JSON (GEN-JSON), else nothing is returned', () => {
    const t = judge();
    expect(expectSuccess(t, 'deleteTeamMember', exchange(200, 'Deleted.', 'text/plain'))).toBeUndefined();
    expect(t.violations.map((v) => [v.requirement, v.expected])).toEqual([
      ['GEN-JSON', 'Content-Type application/json'],
      ['GEN-JSON', 'a JSON body'],
    ]);
  });
});

group('expectSuccess: media type and JSON', () => {
  test('JSON under another Content-Type: GEN-JSON naming what came, nothing returned', () => {
    const t = judge();
    expect(expectSuccess(t, 'getOrganisation', exchange(200, organisation(), 'text/plain'))).toBeUndefined();
    expect(found(t)).toEqual([['GEN-JSON', 'Content-Type application/json', 'text/plain (status 200)']]);
    const u = judge();
    expect(expectSuccess(u, 'getOrganisation', exchange(200, organisation(), null))).toBeUndefined();
    expect(found(u)).toEqual([['GEN-JSON', 'Content-Type application/json', 'no Content-Type (status 200)']]);
  });

  test('a body that is not JSON: GEN-JSON with the parse error, or "not JSON"', () => {
    const t = judge();
    const ex = exchange(200, '{oops');
    expect(expectSuccess(t, 'getOrganisation', ex)).toBeUndefined();
    expect(found(t)).toEqual([['GEN-JSON', 'a JSON body', `not JSON: ${describe(ex)}`]]);
    const u = judge();
    expectSuccess(u, 'getOrganisation', { ...ex, jsonError: 'Unexpected token o' });
    expect(found(u)).toEqual([['GEN-JSON', 'a JSON body', `Unexpected token o: ${describe(ex)}`]]);
  });
});

group('expectSuccess: envelope', () => {
  test('a body without the wrapper: GEN-WRAP-RESPONSE naming the top-level properties', () => {
    const t = judge();
    expect(expectSuccess(t, 'getOrganisation', exchange(200, { org: {}, other: 1 }))).toBeUndefined();
    expect(found(t)).toEqual([['GEN-WRAP-RESPONSE', 'the resource wrapped in a top-level property "organisation"', 'top-level properties: org, other']]);
  });

  test('a body that is no object: its JSON (at most 100 characters) as what came; {} as none', () => {
    const cases: [unknown, string][] = [
      [null, 'null'],
      [[{ organisation: 1 }], '[{"organisation":1}]'],
      ['"organisation"', '"organisation"'],
      [7, '7'],
      [{}, 'none'],
      [['x'.repeat(200)], `["${'x'.repeat(98)}`],
    ];
    for (const [body, shown] of cases) {
      const t = judge();
      expect(expectSuccess(t, 'getOrganisation', exchange(200, body)), shown).toBeUndefined();
      expect(found(t)).toEqual([['GEN-WRAP-RESPONSE', 'the resource wrapped in a top-level property "organisation"', `top-level properties: ${shown}`]]);
    }
  });

  test('a logged request wrapped in one property: GEN-UNWRAPPED-LOGGED-REQUEST naming it', () => {
    const t = judge();
    expect(expectSuccess(t, 'getLoggedRequest', exchange(200, { loggedRequest: loggedRequest() }))).toBeUndefined();
    expect(found(t)).toEqual([['GEN-UNWRAPPED-LOGGED-REQUEST', 'the logged request unwrapped, as the body itself', 'wrapped in "loggedRequest"']]);
  });

  test('a logged request as the body itself is returned; one wrapped beside another property, or in an invalid shape, is LR-RESPONSE', () => {
    const t = judge();
    expect(expectSuccess(t, 'getLoggedRequest', exchange(200, loggedRequest()))).toEqual(loggedRequest());
    expect(t.violations).toEqual([]);
    for (const body of [{ loggedRequest: loggedRequest(), more: 1 }, { loggedRequest: { id: 1 } }, null, '"x"']) {
      const u = judge();
      expect(expectSuccess(u, 'getLoggedRequest', exchange(200, body)), JSON.stringify(body)).toBeUndefined();
      expect(u.violations.map((v) => v.requirement)).toEqual(['LR-RESPONSE']);
    }
  });
});

group('expectSuccess: schema, and the fields other checks own', () => {
  test('a schema deviation: the body requirement, every error up to ten, joined by "; "', () => {
    const t = judge();
    const body = organisation();
    for (const key of Object.keys(body.organisation)) body.organisation[key] = 1;
    expect(expectSuccess(t, 'getOrganisation', exchange(200, body))).toBeUndefined();
    expect(t.violations).toHaveLength(1);
    const [requirement, expected, actual] = found(t)[0]!;
    expect([requirement, expected]).toEqual(['ORG-RESPONSE', ORG_BODY]);
    const errors = actual!.split('; ');
    expect(errors).toHaveLength(6);
    expect(errors[0]).toBe('/organisation/id must be string');
    const many = dataSource();
    many.dataSource.columnsMetadata = Array.from({ length: 12 }, () => 1);
    const u = judge();
    expectSuccess(u, 'updateDataSource', exchange(200, many));
    expect(found(u)[0]![2]!.split('; ')).toHaveLength(10);
  });

  test('a missing link the links check owns: a note, the body back; the subscription link (held to its shape) too', () => {
    for (const link of ['self', 'subscription']) {
      const t = judge();
      const body = organisation();
      delete body.organisation.links[link];
      expect(expectSuccess(t, 'getOrganisation', exchange(200, body))).toEqual(body);
      expect([t.violations, t.notes]).toEqual([
        [],
        [`fields with checks of their own deviate from the schema (/organisation/links must have required property '${link}'); those checks say how`],
      ]);
    }
  });

  test('an owned field beside another deviation: the violation names the other only', () => {
    const t = judge();
    const body = organisation();
    body.organisation.links.self = 1;
    body.organisation.name = 1;
    expectSuccess(t, 'getOrganisation', exchange(200, body));
    expect(found(t)).toEqual([['ORG-RESPONSE', ORG_BODY, '/organisation/name must be string']]);
  });

  test('rows in a data source answer are DS-NO-ROWS (a note here); a data source of the wrong type is the body check', () => {
    const t = judge();
    const body = dataSource();
    body.dataSource.rows = [['a']];
    expect(expectSuccess(t, 'updateDataSource', exchange(200, body))).toEqual(body);
    expect(t.violations).toEqual([]);
    expect(t.notes).toEqual([expect.stringMatching(/^fields with checks of their own deviate from the schema \(\/dataSource must NOT be valid/)]);
    const u = judge();
    expectSuccess(u, 'updateDataSource', exchange(200, { dataSource: 5 }));
    expect(u.violations.map((v) => [v.requirement, v.actual])).toEqual([['DS-RESPONSE', '/dataSource must be object']]);
  });

  test('the fields each check of a job owns: a note each, none a violation', () => {
    for (const [field, value] of [
      ['jobType', 1],
      ['started', 1],
      ['finished', 1],
      ['elapsed', 1],
      ['outcome', 1],
    ] as const) {
      const t = judge();
      const body = job();
      body.job[field] = value;
      expect(expectSuccess(t, 'pushOpenApiToGit', exchange(202, body)), field).toEqual(body);
      expect(t.violations, field).toEqual([]);
      expect(t.notes, field).toEqual([expect.stringContaining(`(/job/${field} must be`)]);
    }
  });
});

group('expectSuccess: an operation whose fields have no checks of their own', () => {
  test('state settings of the wrong type: STATE-RESPONSE with the schema error', () => {
    const t = judge();
    expect(expectSuccess(t, 'updateStateSettings', exchange(200, { state: 1 }))).toBeUndefined();
    expect(found(t)).toEqual([
      ['STATE-RESPONSE', "a body valid against updateStateSettings's 2XX response schema (schemas/openapi.yaml)", '/state must be object'],
    ]);
  });
});

group('the requirement of each operation', () => {
  test('a 300 to each operation is a violation of its own success-status requirement', () => {
    const statuses = {
      updateChaosSettings: 'CHAOS-STATUS',
      updateStateSettings: 'STATE-RESPONSE',
      getOrganisation: 'ORG-RESPONSE',
      updateOrganisation: 'ORG-RESPONSE',
      deleteDataSource: 'DS-DELETE',
      updateDataSource: 'DS-RESPONSE',
      deleteTeamMember: 'TEAM-MEMBER-DELETE',
      getLoggedRequest: 'LR-RESPONSE',
      pushOpenApiToGit: 'PUSH-STATUS',
    } as const;
    for (const [id, requirement] of Object.entries(statuses)) {
      const t = judge();
      expectSuccessStatus(t, id as keyof typeof statuses, exchange(300, {}));
      expect(
        t.violations.map((v) => v.requirement),
        id,
      ).toEqual([requirement]);
    }
  });

  test('a body of the wrong shape in the wrapper is a violation of each operation success-body requirement', () => {
    for (const [id, body, requirement] of [
      ['updateChaosSettings', { chaos: 1 }, 'CHAOS-RESPONSE'],
      ['updateStateSettings', { state: 1 }, 'STATE-RESPONSE'],
      ['getOrganisation', { organisation: 1 }, 'ORG-RESPONSE'],
      ['updateOrganisation', { organisation: 1 }, 'ORG-RESPONSE'],
      ['updateDataSource', { dataSource: 1 }, 'DS-RESPONSE'],
      ['getLoggedRequest', { id: 1, request: 1 }, 'LR-RESPONSE'],
      ['pushOpenApiToGit', { job: 1 }, 'PUSH-RESPONSE'],
    ] as const) {
      const t = judge();
      expectSuccess(t, id, exchange(id === 'pushOpenApiToGit' ? 202 : 200, body));
      expect(
        t.violations.map((v) => v.requirement),
        id,
      ).toEqual([requirement]);
    }
  });

  test('each field another check owns, broken alone: a note naming it, no violation', () => {
    const cases: [Parameters<typeof expectSuccess>[1], number, () => any, (b: any) => void, string][] = [
      ['pushOpenApiToGit', 202, job, (b) => (b.job.links.self = 1), '/job/links/self'],
      ['updateDataSource', 200, dataSource, (b) => (b.dataSource.lastUpdatedTime = 1), '/dataSource/lastUpdatedTime'],
      ['updateDataSource', 200, dataSource, (b) => (b.dataSource.links.self = 1), '/dataSource/links/self'],
      ['updateDataSource', 200, dataSource, (b) => (b.dataSource.links.acl = 1), '/dataSource/links/acl'],
      ['getLoggedRequest', 200, loggedRequest, (b) => (b.id = 1), '/id'],
      ['getLoggedRequest', 200, loggedRequest, (b) => (b.request.loggedDateString = 1), '/request/loggedDateString'],
      ['getLoggedRequest', 200, loggedRequest, (b) => (b.request.bodyAsBase64 = 1), '/request/bodyAsBase64'],
      ['updateOrganisation', 200, organisation, (b) => (b.organisation.links.teams = 1), '/organisation/links/teams'],
    ];
    for (const [id, status, make, breakIt, pointer] of cases) {
      const t = judge();
      const body = make();
      breakIt(body);
      expect(expectSuccess(t, id, exchange(status, body)), pointer).toEqual(body);
      expect(t.violations, pointer).toEqual([]);
      expect(t.notes, pointer).toEqual([expect.stringContaining(`(${pointer} must be`)]);
    }
  });
});

group('expectSuccessStatus', () => {
  test('true for the documented status (any 2xx of an organisation, 202 of a push), the exchange named', () => {
    const t = judge();
    const ex = exchange(299, {});
    expect(expectSuccessStatus(t, 'getOrganisation', ex)).toBe(true);
    expect(expectSuccessStatus(t, 'pushOpenApiToGit', exchange(202, {}))).toBe(true);
    expect([t.violations, t.exchanges[0]]).toEqual([[], ex]);
  });

  test('false and a violation of the status requirement for 199, 300, a documented 404, or another 2xx of a push', () => {
    for (const [id, status, requirement, expected] of [
      ['getOrganisation', 199, 'ORG-RESPONSE', 'status any 2xx'],
      ['getOrganisation', 300, 'ORG-RESPONSE', 'status any 2xx'],
      ['getOrganisation', 404, 'ORG-RESPONSE', 'status any 2xx'],
      ['pushOpenApiToGit', 200, 'PUSH-STATUS', 'status 202'],
    ] as const) {
      const t = judge();
      const ex = exchange(status, {});
      expect(expectSuccessStatus(t, id, ex)).toBe(false);
      expect(found(t)).toEqual([[requirement, expected, describe(ex)]]);
    }
  });
});

group('expectJsonMediaType', () => {
  test('any 2xx with application/json passes, also one the push does not document (200)', () => {
    const t = judge();
    const ex = exchange(201, {});
    expectJsonMediaType(t, 'getOrganisation', ex);
    expectJsonMediaType(t, 'pushOpenApiToGit', exchange(200, {}));
    expect([t.violations, t.exchanges[0]]).toEqual([[], ex]);
  });

  test('no 2xx: GEN-JSON "a 2xx answer with a JSON body" and nothing more', () => {
    const t = judge();
    const ex = exchange(500, 'x', 'text/plain');
    expectJsonMediaType(t, 'getOrganisation', ex);
    expect(found(t)).toEqual([['GEN-JSON', 'a 2xx answer with a JSON body', describe(ex)]]);
  });

  test('a 2xx in text/plain: GEN-JSON naming the Content-Type and status', () => {
    const t = judge();
    expectJsonMediaType(t, 'getOrganisation', exchange(200, {}, 'text/plain'));
    expect(found(t)).toEqual([['GEN-JSON', 'Content-Type application/json', 'text/plain (status 200)']]);
  });
});

group('expectEnvelope', () => {
  test('the wrapper present: no violation, the exchange named', () => {
    const t = judge();
    const ex = exchange(200, { organisation: {} });
    expectEnvelope(t, 'getOrganisation', ex);
    expect([t.violations, t.exchanges]).toEqual([[], [ex]]);
  });

  test('the wrapper missing: GEN-WRAP-RESPONSE naming the top-level properties', () => {
    const t = judge();
    expectEnvelope(t, 'updateStateSettings', exchange(200, { defaultContextExpression: 'x' }));
    expect(found(t)).toEqual([['GEN-WRAP-RESPONSE', 'the resource wrapped in a top-level property "state"', 'top-level properties: defaultContextExpression']]);
  });

  test('no 2xx, or a body that is null, an array or a string: "a 2xx answer with a JSON object", under the envelope requirement', () => {
    for (const ex of [exchange(500, { organisation: {} }), exchange(200, null), exchange(200, [{ organisation: {} }]), exchange(200, 'x', 'text/plain')]) {
      const t = judge();
      expectEnvelope(t, 'getOrganisation', ex);
      expect(found(t)).toEqual([['GEN-WRAP-RESPONSE', 'a 2xx answer with a JSON object', describe(ex)]]);
    }
    const u = judge();
    expectEnvelope(u, 'getLoggedRequest', exchange(200, null));
    expect(u.violations.map((v) => v.requirement)).toEqual(['GEN-UNWRAPPED-LOGGED-REQUEST']);
  });

  test('a logged request: its required properties at the top level, or GEN-UNWRAPPED-LOGGED-REQUEST naming them; one missing alone is not a wrapper', () => {
    const t = judge();
    expectEnvelope(t, 'getLoggedRequest', exchange(200, loggedRequest()));
    expect(t.violations).toEqual([]);
    const u = judge();
    expectEnvelope(u, 'getLoggedRequest', exchange(200, { loggedRequest: loggedRequest() }));
    expect(found(u)).toEqual([
      ['GEN-UNWRAPPED-LOGGED-REQUEST', 'the logged request itself at the top level (id, request, responseDefinition)', 'top-level properties: loggedRequest'],
    ]);
    const v = judge();
    expectEnvelope(v, 'getLoggedRequest', exchange(200, { id: 'x' }));
    expect(v.violations).toEqual([]);
    const { responseDefinition, ...withoutServed } = loggedRequest();
    for (const [body, violated] of [
      [{}, ['GEN-UNWRAPPED-LOGGED-REQUEST']],
      [withoutServed, []],
      [{ id: 'x', data: { request: {}, responseDefinition } }, ['GEN-UNWRAPPED-LOGGED-REQUEST']],
    ] as const) {
      const w = judge();
      expectEnvelope(w, 'getLoggedRequest', exchange(200, body));
      expect([body, w.violations.map((x) => x.requirement)]).toEqual([body, violated]);
    }
  });
});

group('wrappedResource', () => {
  test('the wrapped object of a 2xx is returned, the exchange named', () => {
    const t = judge();
    const ex = exchange(299, { job: { id: 'j' }, other: 1 });
    expect(wrappedResource(t, ex, 'job', 'JOB-TYPE')).toEqual({ id: 'j' });
    expect([t.violations, t.exchanges]).toEqual([[], [ex]]);
  });

  test('no 2xx, no wrapper, a null or a string in it: a violation under the given id, and the check ends', () => {
    for (const ex of [
      exchange(500, { job: {} }),
      exchange(300, { job: {} }),
      exchange(200, {}),
      exchange(200, { job: null }),
      exchange(200, { job: 'x' }),
      exchange(200, 'x', 'text/plain'),
    ]) {
      const t = judge();
      expect(() => wrappedResource(t, ex, 'job', 'JOB-TYPE'), describe(ex)).toThrow(CheckFailed);
      expect(found(t)).toEqual([['JOB-TYPE', 'a 2xx answer with { job }', describe(ex)]]);
    }
  });

  test('a violation found before ends the check too', () => {
    const t = judge();
    t.violate('JOB-LINKS', 'e', 'a');
    expect(() => wrappedResource(t, exchange(200, { job: {} }), 'job', 'JOB-TYPE')).toThrow(CheckFailed);
  });
});
