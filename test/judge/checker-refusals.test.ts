// The checker's expectations of refusals (401, 403, 404, rejections of invalid input, Invalid JSON, error
// lists) on hand-made exchanges: each test names the violation, note or value it asserts.
import { describe as group, expect, test } from 'vitest';
import type { Invalid } from '../../contract/invalid.ts';
import {
  describe,
  expectErrorListIfAny,
  expectForbidden,
  expectForbiddenBody,
  expectInvalidJson,
  expectInvalidRejected,
  expectNotFound,
  expectRejected,
  expectUnauthorized,
  expectUnauthorizedBody,
  expectValidAccepted,
  notFoundMessage,
} from '../../src/judge/checker.ts';
import { exchange, found, judge } from '../support/judged.ts';

const requirements = (t: ReturnType<typeof judge>) => t.violations.map((v) => v.requirement);

group('401', () => {
  test('expectUnauthorized: 401 passes; another status is a violation of the given id, "status 401"', () => {
    const t = judge();
    const ex = exchange(401, 'Credentials are required', 'text/plain');
    expectUnauthorized(t, ex, 'AUTH-401-MISSING');
    expect([t.violations, t.exchanges]).toEqual([[], [ex]]);
    const u = judge();
    expectUnauthorized(u, exchange(200, {}), 'AUTH-401-MISSING');
    expect(found(u)).toEqual([['AUTH-401-MISSING', 'status 401', describe(exchange(200, {}))]]);
  });

  test('expectUnauthorized: a 401 is held to the 401 body too, whichever way the request reached it', () => {
    const t = judge();
    expectUnauthorized(t, exchange(401, { message: 'Credentials are required' }), 'AUTH-401-INVALID');
    expect(found(t)).toEqual([['AUTH-401-BODY', 'Content-Type text/plain', 'application/json']]);
  });

  test('expectUnauthorizedBody: another status is one violation "status 401 with a plain-text body", nothing more', () => {
    const t = judge();
    const ex = exchange(200, { a: 1 });
    expectUnauthorizedBody(t, ex);
    expect(found(t)).toEqual([['AUTH-401-BODY', 'status 401 with a plain-text body', describe(ex)]]);
    expect(t.exchanges).toEqual([ex]);
  });

  test('expectUnauthorizedBody: the Content-Type, or "no Content-Type", when it is not text/plain', () => {
    const t = judge();
    expectUnauthorizedBody(t, exchange(401, 'Credentials required', null));
    expect(found(t)).toEqual([['AUTH-401-BODY', 'Content-Type text/plain', 'no Content-Type']]);
    const u = judge();
    expectUnauthorizedBody(u, exchange(401, 'Credentials required', 'text/html'));
    expect(found(u)).toEqual([['AUTH-401-BODY', 'Content-Type text/plain', 'text/html']]);
  });

  test('expectUnauthorizedBody: any wording of credentials, key, token, log-in or sign-in, in any case, passes', () => {
    for (const text of [
      'CREDENTIALS needed',
      'Authentication required',
      'Not authenticated',
      'api key missing',
      'API-key',
      'apikey',
      'bad Token',
      'please log in',
      'login',
      'Sign in first',
      'signin',
    ]) {
      const t = judge();
      expectUnauthorizedBody(t, exchange(401, text, 'text/plain'));
      expect(t.violations, text).toEqual([]);
    }
  });

  test('expectUnauthorizedBody: a text that names none of them, or only spaces, is a violation showing the text (300 characters at most)', () => {
    for (const text of ['Go away', '   ', 'x'.repeat(400)]) {
      const t = judge();
      expectUnauthorizedBody(t, exchange(401, text, 'text/plain'));
      expect(found(t), text).toEqual([
        ['AUTH-401-BODY', 'a text stating that credentials are required to access the resource', JSON.stringify(text.slice(0, 300))],
      ]);
    }
  });
});

group('403', () => {
  test('expectForbidden: 403 passes; another status is AUTH-403 "status 403"', () => {
    const t = judge();
    const ex = exchange(403, {});
    expectForbidden(t, ex);
    expect([t.violations, t.exchanges]).toEqual([[], [ex]]);
    const u = judge();
    expectForbidden(u, exchange(401, 'x', 'text/plain'));
    expect(found(u)).toEqual([['AUTH-403', 'status 403', describe(exchange(401, 'x', 'text/plain'))]]);
  });

  test('expectForbiddenBody: another status is one violation "status 403 with an error list", nothing more', () => {
    const t = judge();
    const ex = exchange(404, 'x', 'text/plain');
    expectForbiddenBody(t, 'getOrganisation', ex);
    expect(found(t)).toEqual([['AUTH-403-BODY', 'status 403 with an error list', describe(ex)]]);
    expect(t.exchanges).toEqual([ex]);
  });

  test('expectForbiddenBody: a body that is not JSON is GEN-JSON only', () => {
    const t = judge();
    expectForbiddenBody(t, 'getOrganisation', exchange(403, 'Forbidden', 'text/plain'));
    expect(requirements(t)).toEqual(['GEN-JSON', 'GEN-JSON']);
  });

  test('expectForbiddenBody: a body of more than 300 characters is shown cut at 300', () => {
    const t = judge();
    const body = { errors: [{ title: 'Nope', source: {}, detail: 'd'.repeat(400) }] };
    expectForbiddenBody(t, 'getOrganisation', exchange(403, body));
    expect(t.violations[0]!.actual).toBe(`/errors/0/title must be equal to constant ("Forbidden") in ${JSON.stringify(body).slice(0, 300)}`);
  });

  test('expectForbiddenBody: an entry of another title is AUTH-403-BODY with the schema error and the body', () => {
    const t = judge();
    const body = { errors: [{ title: 'Nope', source: {} }] };
    expectForbiddenBody(t, 'getOrganisation', exchange(403, body));
    expect(found(t)).toEqual([
      [
        'AUTH-403-BODY',
        'an error list with one entry, title Forbidden, source {}',
        `/errors/0/title must be equal to constant ("Forbidden") in ${JSON.stringify(body)}`,
      ],
    ]);
  });
});

group('404', () => {
  test('expectNotFound: an operation that documents no 404 is a defect of the check, thrown', () => {
    expect(() => expectNotFound(judge(), 'updateChaosSettings', exchange(404, {}))).toThrow('updateChaosSettings documents no 404; use expectNotAccepted');
  });

  test('expectNotFound: an operation that documents no 404 nor any 4xx is a defect of the check too', () => {
    expect(() => expectNotFound(judge(), 'getLoggedRequest', exchange(404, {}))).toThrow('getLoggedRequest documents no 404; use expectNotAccepted');
  });

  test('expectNotFound: a body of another shape longer than 300 characters is shown cut at 300', () => {
    const t = judge();
    const body = { code: 400, message: 'm'.repeat(400) };
    expectNotFound(t, 'getOrganisation', exchange(404, body));
    expect(t.violations[0]!.actual).toBe(`/code must be equal to constant (404) in ${JSON.stringify(body).slice(0, 300)}`);
  });

  test('expectNotFound: another status is one violation ERR-404 "status 404", the exchange named', () => {
    const t = judge();
    const ex = exchange(403, { code: 404, message: 'Not Found' });
    expectNotFound(t, 'getOrganisation', ex);
    expect([found(t), t.exchanges]).toEqual([[['ERR-404', 'status 404', describe(ex)]], [ex]]);
  });

  test('expectNotFound: a body that is not JSON is GEN-JSON only', () => {
    const t = judge();
    expectNotFound(t, 'getOrganisation', exchange(404, 'Not Found', 'text/plain'));
    expect(requirements(t)).toEqual(['GEN-JSON', 'GEN-JSON']);
  });

  test('expectNotFound: a body of another shape names the schema error and the body, and the message is not read', () => {
    const t = judge();
    expectNotFound(t, 'getOrganisation', exchange(404, { code: '404', message: 'HTTP 400 Bad Request' }));
    expect(found(t)).toEqual([
      [
        'ERR-404',
        'the not-found body { code: 404, message: string }',
        `/code must be number; /code must be equal to constant (404) in ${JSON.stringify({ code: '404', message: 'HTTP 400 Bad Request' })}`,
      ],
    ]);
  });

  test('expectNotFound: a message naming another status is ERR-404 with the message (300 characters at most) and why', () => {
    const t = judge();
    expectNotFound(t, 'getOrganisation', exchange(404, { code: 404, message: 'HTTP 400 Bad Request' }));
    expect(found(t)).toEqual([
      [
        'ERR-404',
        'a message reporting the HTTP 404 condition: it names 404, or says "not found", and names no other status (the number 404 in any language, or the English reason phrase "Not Found" of RFC 9110 §15.5.5)',
        '"HTTP 400 Bad Request": it names status 400',
      ],
    ]);
    const u = judge();
    const long = 'y'.repeat(400);
    expectNotFound(u, 'getOrganisation', exchange(404, { code: 404, message: long }));
    expect(found(u)[0]![2]).toBe(`${JSON.stringify('y'.repeat(300))}: it names neither 404 nor "not found"`);
  });

  test('expectNotFound: a message with 404 and not "Not Found" passes with its note; "Not Found" passes with none', () => {
    const t = judge();
    expectNotFound(t, 'getOrganisation', exchange(404, { code: 404, message: 'Fehler 404' }));
    expect([t.violations, t.notes]).toEqual([
      [],
      ['the not-found message "Fehler 404" carries 404 but not the phrase "Not Found": read as reporting the 404 condition (a localised message)'],
    ]);
    const u = judge();
    expectNotFound(u, 'getOrganisation', exchange(404, { code: 404, message: 'Not Found' }));
    expect([u.violations, u.notes]).toEqual([[], []]);
  });
});

group('notFoundMessage', () => {
  test('404 only as a number of its own: 1404 or 4045 is no 404', () => {
    expect(notFoundMessage('error 1404').fails).toBe('it names neither 404 nor "not found"');
    expect(notFoundMessage('item 4045').fails).toBe('it names neither 404 nor "not found"');
    expect(notFoundMessage('x404y').fails).toBeUndefined();
  });

  test('"not found" as words, joined by spaces, _ or - or nothing, in any case; not inside other words', () => {
    for (const m of ['not found', 'NotFound', 'not_found', 'not-found', 'not \t found', 'NOT FOUND']) expect(notFoundMessage(m), m).toEqual({});
    for (const m of ['cannot found it', 'not foundation', 'found not']) expect(notFoundMessage(m).fails, m).toBe('it names neither 404 nor "not found"');
  });

  test('a code written as a status fails when HTTP defines it and it is not 404; an undefined code or 404 itself does not', () => {
    expect(notFoundMessage('Not found (status 500)')).toEqual({ fails: 'it names status 500' });
    expect(notFoundMessage('status 404, then HTTP 503: not found')).toEqual({ fails: 'it names status 503' });
    expect(notFoundMessage('code 123 not found')).toEqual({});
    expect(notFoundMessage('code 404 not found')).toEqual({});
  });

  test('a status written as one: after HTTP (with a version or none), status, code or error, with spaces, :, = or # between', () => {
    for (const m of [
      'HTTP/1.1 500 not found',
      'HTTP/2 500 not found',
      'status500 not found',
      'status: 500 not found',
      'code:500 not found',
      'error = 500 not found',
      'Status # 500 not found',
    ]) {
      expect(notFoundMessage(m), m).toEqual({ fails: 'it names status 500' });
    }
  });

  test('not a status: other characters between the word and the number, or a number of four digits', () => {
    for (const m of ['codeX500 not found', 'status:x500 not found', 'status - 500 not found', 'code 5000 not found', 'HTTP/x 500 not found'])
      expect(notFoundMessage(m), m).toEqual({});
  });

  test('another multi-word reason phrase of a 4xx or 5xx fails, naming its code; one-word phrases and those below 400 do not', () => {
    expect(notFoundMessage('404 Bad Request')).toEqual({ fails: 'it names the condition 400 Bad Request' });
    expect(notFoundMessage('not found: internal server error')).toEqual({ fails: 'it names the condition 500 Internal Server Error' });
    // one-word reason phrases (Gone, Conflict) are too plain to name a status
    expect(notFoundMessage('Not found: it is gone, a conflict')).toEqual({});
    // reason phrases of statuses below 400 name no failure
    expect(notFoundMessage('Not found: no content, moved permanently')).toEqual({});
  });

  test('the note quotes at most 120 characters of the message', () => {
    const message = `404 ${'z'.repeat(200)}`;
    expect(notFoundMessage(message).note).toBe(
      `the not-found message ${JSON.stringify(message.slice(0, 120))} carries 404 but not the phrase "Not Found": read as reporting the 404 condition (a localised message)`,
    );
  });
});

group('expectValidAccepted', () => {
  test('a 2xx: true, no violation, the exchange named', () => {
    const t = judge();
    const ex = exchange(299, {});
    expect(expectValidAccepted(t, ex, 'CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 0')).toBe(true);
    expect([t.violations, t.exchanges]).toEqual([[], [ex]]);
  });

  test('a refusal, or 300: false and a violation saying the value is valid', () => {
    for (const status of [400, 300, 199]) {
      const t = judge();
      const ex = exchange(status, {});
      expect(expectValidAccepted(t, ex, 'CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 0')).toBe(false);
      expect(found(t)).toEqual([['CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 0 accepted (a 2xx): it is valid', describe(ex)]]);
    }
  });
});

group('expectRejected', () => {
  test('400 and 499: true, no violation, the exchange named', () => {
    for (const status of [400, 499]) {
      const t = judge();
      const ex = exchange(status, {});
      expect(expectRejected(t, ex, 'CHAOS-PERCENTAGE-LIMIT', 'x')).toBe(true);
      expect([t.violations, t.exchanges]).toEqual([[], [ex]]);
    }
  });

  test('the body of a refusal, whatever its status: JSON (GEN-JSON) and, when it is an error list, of its shape (ERR-ERROR-LIST)', () => {
    const text = judge();
    expect(expectRejected(text, exchange(404, 'no such mock API', 'text/plain'), 'ID-MOCK-API-LENGTH', 'x')).toBe(true);
    expect(requirements(text)).toEqual(['GEN-JSON', 'GEN-JSON']);
    const list = exchange(400, { errors: [{ title: 'Invalid path parameter', code: '400' }] });
    const shape = judge();
    expect(expectRejected(shape, list, 'ID-MOCK-API-LENGTH', 'x')).toBe(true);
    expect(found(shape)).toEqual([['ERR-ERROR-LIST', 'an error list of the documented shape', `/errors/0/code must be number: ${describe(list)}`]]);
  });

  test('the body of a refusal: empty, or a 401, is not judged; another JSON media type is noted; a mock is held to the shape only', () => {
    for (const ex of [exchange(404, ''), exchange(401, 'Credentials are required', 'text/plain')]) {
      const t = judge();
      expectRejected(t, ex, 'ID-MOCK-API-LENGTH', 'x');
      expect([t.violations, t.notes], ex.text).toEqual([[], []]);
    }
    const problem = judge();
    expectRejected(problem, exchange(422, { title: 'Invalid request' }, 'application/problem+json'), 'ID-MOCK-API-LENGTH', 'x');
    expect([problem.violations, problem.notes]).toEqual([
      [],
      ['a 422 refusal served as application/problem+json: JSON, though the interface names application/json'],
    ]);
    const mock = judge('mock');
    expectRejected(mock, exchange(422, { errors: 'x' }, 'text/plain'), 'ID-MOCK-API-LENGTH', 'x');
    expect(requirements(mock)).toEqual(['ERR-ERROR-LIST']);
  });

  test('a 2xx, or no answer at all: false and a violation of the statement, "not accepted (no 2xx)"', () => {
    for (const ex of [exchange(200, {}), exchange(299, {}), { ...exchange(0, ''), error: 'ECONNRESET' }]) {
      const t = judge();
      expect(expectRejected(t, ex, 'CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 101')).toBe(false);
      expect(found(t)).toEqual([['CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 101 is not accepted (no 2xx)', describe(ex)]]);
    }
  });

  test('300, 399, 500 and 199: not accepted, but no 4xx: false and GEN-NO-5XX "a 4xx for ..."', () => {
    for (const status of [300, 399, 500, 199]) {
      const t = judge();
      const ex = exchange(status, {});
      expect(expectRejected(t, ex, 'CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 101'), String(status)).toBe(false);
      expect(found(t)).toEqual([['GEN-NO-5XX', 'a 4xx for percentageFailures 101', describe(ex)]]);
    }
  });
});

group('expectInvalidJson', () => {
  const invalidJson = (ex: ReturnType<typeof exchange>, pointer = '/chaos', type = 'object') => {
    const t = judge();
    expectInvalidJson(t, ex, 'GEN-WRAP-REQUEST', pointer, type);
    return t;
  };
  const entry = (e: object) => exchange(400, { errors: [e] });
  const good = { title: 'Invalid JSON', detail: 'Required property missing at /chaos: expected object', source: {} };

  test('accepted: the statement broken, "a body without <pointer> is not accepted", nothing more', () => {
    const ex = exchange(200, {});
    expect(found(invalidJson(ex))).toEqual([['GEN-WRAP-REQUEST', 'a body without /chaos is not accepted (no 2xx)', describe(ex)]]);
  });

  test('a 4xx that is not JSON: GEN-JSON only', () => {
    expect(requirements(invalidJson(exchange(400, 'bad', 'text/plain')))).toEqual(['GEN-JSON', 'GEN-JSON']);
  });

  test('a JSON body without an errors array: ERR-ERROR-LIST with the body; errors that are no array, once, as the shape', () => {
    const notArray = exchange(400, { errors: {} });
    expect(found(invalidJson(notArray))).toEqual([['ERR-ERROR-LIST', 'an error list of the documented shape', `/errors must be array: ${describe(notArray)}`]]);
    expect(found(invalidJson(exchange(400, 'null')))).toEqual([['ERR-ERROR-LIST', 'an error list body { errors: [...] }', 'null']]);
  });

  test('a JSON body without an errors array, of more than 300 characters: shown cut at 300', () => {
    const body = { message: 'm'.repeat(400) };
    expect(found(invalidJson(exchange(400, body)))).toEqual([['ERR-ERROR-LIST', 'an error list body { errors: [...] }', JSON.stringify(body).slice(0, 300)]]);
  });

  test('a detail that is no string is read as empty: not even an empty type is found in it', () => {
    const ex = entry({ ...good, detail: 1 });
    expect(found(invalidJson(ex, '/chaos', ''))).toEqual([
      ['ERR-ERROR-LIST', 'an error list of the documented shape', `/errors/0/detail must be string: ${describe(ex)}`],
      ['ERR-INVALID-JSON', 'detail naming the missing JSON pointer /chaos', '1'],
      ['ERR-INVALID-JSON', 'detail naming the required type ()', '1'],
    ]);
  });

  test('no entry titled Invalid JSON: ERR-INVALID-JSON listing the titles (a null entry as null), after the shape the entries break', () => {
    expect(requirements(invalidJson(exchange(400, { errors: [null, { title: 'Bad' }, {}] })))).toEqual(['ERR-ERROR-LIST', 'ERR-INVALID-JSON']);
    expect(found(invalidJson(exchange(400, { errors: [{ title: 'Bad' }, { title: 'Worse' }] })))).toEqual([
      ['ERR-INVALID-JSON', 'an error entry titled "Invalid JSON"', 'titles: ["Bad","Worse"]'],
    ]);
  });

  test('the entry titled Invalid JSON is found among others, and passes with pointer, type (any case) and source {}', () => {
    expect(invalidJson(exchange(400, { errors: [{ title: 'Other' }, good] })).violations).toEqual([]);
    expect(invalidJson(entry({ ...good, detail: 'Missing /chaos: expected OBJECT' })).violations).toEqual([]);
  });

  test('a detail that is no string names neither pointer nor type', () => {
    const ex = entry({ ...good, detail: { at: '/chaos object' } });
    expect(found(invalidJson(ex))).toEqual([
      ['ERR-ERROR-LIST', 'an error list of the documented shape', `/errors/0/detail must be string: ${describe(ex)}`],
      ['ERR-INVALID-JSON', 'detail naming the missing JSON pointer /chaos', '{"at":"/chaos object"}'],
      ['ERR-INVALID-JSON', 'detail naming the required type (object)', '{"at":"/chaos object"}'],
    ]);
  });

  test('the type as a whole word: "objects" is not "object"', () => {
    expect(found(invalidJson(entry({ ...good, detail: 'Missing /chaos: expected objects' })))).toEqual([
      ['ERR-INVALID-JSON', 'detail naming the required type (object)', '"Missing /chaos: expected objects"'],
    ]);
  });

  test('a source that is null, an array, not empty, or absent is a violation showing it (null and an array break the shape too)', () => {
    for (const [source, shown] of [
      [null, 'null'],
      [[], '[]'],
      [{ pointer: '/chaos' }, '{"pointer":"/chaos"}'],
      [undefined, 'absent'],
    ] as const) {
      const t = invalidJson(entry({ ...good, source }));
      const shape = source === null || Array.isArray(source) ? ['ERR-ERROR-LIST'] : [];
      expect(requirements(t), shown).toEqual([...shape, 'ERR-INVALID-JSON']);
      expect(found(t).at(-1), shown).toEqual(['ERR-INVALID-JSON', 'source an empty object {}', shown]);
    }
  });
});

group('expectInvalidRejected', () => {
  const missing: Invalid = { rule: 'missing-required', pointer: '/chaos', body: {}, type: 'object' };

  test('a missing wrapper on a live deployment: the Invalid JSON answer is required', () => {
    const t = judge('live');
    expectInvalidRejected(t, 'updateChaosSettings', missing, exchange(400, { errors: [{ title: 'Bad', source: {} }] }));
    expect(requirements(t)).toEqual(['ERR-INVALID-JSON']);
    const u = judge('live');
    expectInvalidRejected(
      u,
      'updateChaosSettings',
      { ...missing, type: undefined },
      exchange(400, { errors: [{ title: 'Invalid JSON', detail: 'at /chaos: Object', source: {} }] }),
    );
    expect(u.violations).toEqual([]);
    const v = judge('live');
    expectInvalidRejected(
      v,
      'updateChaosSettings',
      { ...missing, type: undefined },
      exchange(400, { errors: [{ title: 'Invalid JSON', detail: 'at /chaos: array', source: {} }] }),
    );
    expect(found(v)).toEqual([['ERR-INVALID-JSON', 'detail naming the required type (object)', '"at /chaos: array"']]);
  });

  test('a missing wrapper on a mock: any refusal, its body judged only when it is an error list', () => {
    const t = judge('mock');
    expectInvalidRejected(t, 'updateChaosSettings', missing, exchange(400, { errors: [{ title: 'Bad', source: {} }] }));
    expect(t.violations).toEqual([]);
    const u = judge('mock');
    expectInvalidRejected(u, 'updateChaosSettings', missing, exchange(400, { errors: 'x' }));
    expect(requirements(u)).toEqual(['ERR-ERROR-LIST']);
  });

  test('another rule: accepted is the statement broken, naming the rule and pointer, or "the body"', () => {
    const t = judge();
    const ex = exchange(200, {});
    expectInvalidRejected(t, 'updateChaosSettings', { rule: 'above-limit', pointer: '/chaos/percentageFailures', body: {} }, ex);
    expect(found(t)).toEqual([['CHAOS-PERCENTAGE-LIMIT', 'above-limit at /chaos/percentageFailures is not accepted (no 2xx)', describe(ex)]]);
    const u = judge();
    expectInvalidRejected(u, 'updateChaosSettings', { rule: 'not-json', pointer: '', body: '{' }, exchange(500, {}));
    expect(found(u)).toEqual([['GEN-NO-5XX', 'a 4xx for not-json at the body', describe(exchange(500, {}))]]);
  });

  test('a body that is not JSON refused in the words of its parser passes; refused with a body of another shape, ERR-ERROR-LIST', () => {
    const notJson: Invalid = { rule: 'not-json', pointer: '', body: undefined, raw: 'chaos: {' };
    for (const errors of [
      [{ title: 'Malformed JSON body', detail: `Unexpected token 'c', "chaos: {" is not valid JSON` }],
      [{ title: 'Bad Request', detail: 'Unexpected end of JSON input', code: 400 }],
      [{ title: 'Invalid JSON', detail: 'not JSON at /', source: {} }],
    ]) {
      const t = judge();
      expectInvalidRejected(t, 'updateChaosSettings', notJson, exchange(400, { errors }));
      expect(t.violations, JSON.stringify(errors)).toEqual([]);
    }
    const u = judge();
    expectInvalidRejected(u, 'updateChaosSettings', notJson, exchange(400, { errors: [{ detail: 'no title' }] }));
    expect(requirements(u)).toEqual(['ERR-ERROR-LIST']);
  });

  test('another rule refused with a body carrying errors of another shape: ERR-ERROR-LIST; after a 5xx the body is not judged', () => {
    const t = judge();
    expectInvalidRejected(t, 'updateChaosSettings', { rule: 'above-limit', pointer: '/chaos/percentageFailures', body: {} }, exchange(400, { errors: [{}] }));
    expect(requirements(t)).toEqual(['ERR-ERROR-LIST']);
    const u = judge();
    expectInvalidRejected(u, 'updateChaosSettings', { rule: 'above-limit', pointer: '/chaos/percentageFailures', body: {} }, exchange(500, { errors: [{}] }));
    expect(requirements(u)).toEqual(['GEN-NO-5XX']);
  });
});

group('expectErrorListIfAny', () => {
  test('a body without errors, or none, or no object: nothing to judge', () => {
    for (const ex of [
      exchange(400, { message: 'x' }),
      exchange(400, 'x', 'text/plain'),
      exchange(400, 'null'),
      exchange(400, '"errors"'),
      exchange(400, [{ errors: 1 }]),
    ]) {
      const t = judge();
      expectErrorListIfAny(t, ex);
      expect(t.violations, ex.text).toEqual([]);
    }
  });

  test('errors of the documented shape pass; another shape is ERR-ERROR-LIST with the schema errors and the answer', () => {
    const t = judge();
    expectErrorListIfAny(t, exchange(400, { errors: [{ title: 'Bad' }] }));
    expect(t.violations).toEqual([]);
    const u = judge();
    const ex = exchange(400, { errors: [{ title: 1 }, {}] });
    expectErrorListIfAny(u, ex);
    expect(found(u)).toEqual([
      [
        'ERR-ERROR-LIST',
        'an error list of the documented shape',
        `/errors/0/title must be string; /errors/1 must have required property 'title': ${describe(ex)}`,
      ],
    ]);
  });
});
