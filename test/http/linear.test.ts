// Every parser of deployment text is linear (docs/untrusted.md): 1 MiB of adversarial text takes each a small
// bound. Apart from test/contract/untrusted.test.ts so that the mutation run (vitest.mutation.config.ts) leaves it
// out: it reaches nearly every module of the judging core, and would cost each mutant there seconds a case.
import { describe, expect, test } from 'vitest';
import { answerOf, curlOf } from '../../src/http/client.ts';
import { Redactor } from '../../src/http/redactor.ts';
import { inert, inertLine } from '../../contract/untrusted.ts';
import { FORBIDDEN, KEY } from '../support/keys.ts';

const redactor = new Redactor({ $MOCKAPI_TOKEN: KEY, $MOCKAPI_FORBIDDEN_TOKEN: FORBIDDEN });

describe('every parser of deployment text is linear: 1 MiB of adversarial text takes each a small bound', () => {
  const MiB = 1024 * 1024;
  const fill = (unit: string, before = '', after = '') => `${before}${unit.repeat(Math.ceil(MiB / unit.length))}${after}`;
  /** Inputs that make a backtracking pattern, a recursive walk or a per-character search quadratic. */
  const ADVERSARIAL: [string, string][] = [
    ['allowed values and spaces', fill(' ', 'allowed values', 'x')],
    ['allowed values and empty list items', fill(' , ', 'allowed values: ')],
    ['repeated phrases', fill('one of: allowed value ')],
    ['one of and a bracket never closed', fill(' or ', 'one of [')],
    ['deep arrays', fill('[')],
    ['deep objects', fill('{"a":')],
    ['a string of backslashes', fill('\\', '"')],
    ['letters then a stop', fill('a', '', '!')],
    ['digits then a stop', fill('1', '', 'x')],
    ['a duration of digits', fill('1', 'P', 'Y1')],
    ['a timestamp with a long fraction', fill('1', '2024-01-01T00:00:00.', 'Q')],
    ['spaces then a digit', fill(' ', '', '1 x')],
    ['a prefix of the key, again and again', fill(KEY.slice(0, 9))],
    ['the key with one character changed, again and again', fill(`${KEY.slice(0, -1)}! `)],
    ['percent escapes of the key', fill(`${encodeURIComponent(KEY).slice(0, -3)} `)],
    ['a near key as one word', fill(KEY.slice(0, 12), '', '+')],
    ['escape characters', fill('\x1b[')],
    ['path segments', fill('/v1/organisations/')],
  ];
  // what the bound proves is linearity: a quadratic walk of 1 MiB takes minutes. A linear one takes a second,
  // five on two loaded cores or under Stryker's instrumentation (npm run mutation), so the bound leaves room for that
  const BOUND_MS = 20_000;
  const within = (what: string, run: () => unknown) => {
    const started = performance.now();
    run();
    const took = performance.now() - started;
    expect(took, `${what} took ${Math.round(took)} ms`).toBeLessThan(BOUND_MS);
  };

  test.each(ADVERSARIAL)('%s', async (_, text) => {
    const { allowedValues } = await import('../../src/judge/allowed-values.ts');
    const { retryAfterSeconds } = await import('../../src/http/transient.ts');
    const { parseUtcTimestamp, isIsoDuration, durationSeconds } = await import('../../src/judge/iso8601.ts');
    const { checkExchange, operationOf } = await import('../../src/judge/exchange.ts');
    const { readHar } = await import('../../src/recorded/har.ts');
    within('allowedValues', () => allowedValues({ json: undefined, text, headers: { 'sl-violations': text } }));
    within('answerOf', () =>
      answerOf(
        { method: 'GET', url: 'http://127.0.0.1:1/v1/x', requestHeaders: {}, requestBody: undefined },
        400,
        { 'content-type': text, location: text },
        Buffer.from(text),
        undefined,
        0,
      ),
    );
    within('the redactor', () => redactor.redact(text));
    within('inert', () => inertLine(inert(text)));
    within('retryAfterSeconds', () => retryAfterSeconds(text));
    within('the ISO 8601 readers', () => [parseUtcTimestamp(text), isIsoDuration(text), durationSeconds(text)]);
    within('operationOf', () => operationOf('PUT', `http://127.0.0.1:1/v1/organisations/${text}`));
    within('readHar', () => {
      try {
        readHar(text);
      } catch {
        // not HAR: said in one line
      }
    });
    const exchange = answerOf(
      { method: 'PUT', url: `http://127.0.0.1:1/v1/x/${text}`, requestHeaders: { 'if-match': text }, requestBody: Buffer.from(text) },
      400,
      {},
      Buffer.alloc(0),
      undefined,
      0,
    );
    within('curlOf', () => curlOf(exchange, redactor));
    // checkExchange: the body, a header and an id of each kind of answer, judged whole
    for (const [method, path, status] of [
      ['PUT', '/v1/organisations/o1', 200],
      ['PUT', '/v1/mock-apis/m1/open-api/push', 400],
      ['GET', '/v1/organisations/o1', 401],
    ] as const) {
      within(`checkExchange ${method} ${path} ${status}`, () =>
        checkExchange({
          request: { method, url: `http://127.0.0.1:1${path}`, headers: { authorization: `Token ${KEY}`, 'content-type': 'application/json' }, body: text },
          response: { status, headers: { 'content-type': 'application/json', location: text, etag: text }, body: text },
        }),
      );
    }
  });
});
