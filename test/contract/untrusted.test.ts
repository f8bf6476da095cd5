// The deployment is untrusted (docs/untrusted.md): its text is shown inert, a curl line built from it runs
// nothing but curl with exactly what was sent, and the key shows in none of its encodings.
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { answerOf, curlOf, type Exchange, shellArgument } from '../../src/http/client.ts';
import { Redactor, type Redacted } from '../../src/http/redactor.ts';
import { bounded, inert, inertLine, routeWarnings } from '../../contract/untrusted.ts';
import { curlRecorder } from '../support/curl.ts';
import { INVISIBLE_PIECES, RAW_SHOWN_ESCAPED } from '../support/invisible.ts';
import { encodedForms, FORBIDDEN, KEY } from '../support/keys.ts';
import { propertySeed } from '../support/seed.ts';

const redactor = new Redactor({ $MOCKAPI_TOKEN: KEY, $MOCKAPI_FORBIDDEN_TOKEN: FORBIDDEN });

test('inert shows escaped every character a terminal acts on or shows as nothing, and keeps line ends where a message has several lines', () => {
  const hostile = '\x1b]0;pwned\x07\x1b[2J\x1b]8;;http://evil.example/\x07 a\rb c\r\nd \u202egnp.exe \u2028 \x9b1m \x7f \x00 X\u200b\u{e0041}\u3164\xad';
  expect(inert(hostile)).toBe(
    '\\x1b]0;pwned\\x07\\x1b[2J\\x1b]8;;http://evil.example/\\x07 a\\rb c\r\nd \\u202egnp.exe \\u2028 \\x9b1m \\x7f \\x00 X\\u200b\\u{e0041}\\u3164\\xad',
  );
  expect(inertLine('a\nb\tc')).toBe('a\\nb\\tc');
  expect(bounded('x'.repeat(7_000_000))).toMatch(/^x{2000}… \(7000000 characters in all\)$/);
});

test('the key is redacted base64, base64url, hex in both cases, URL-encoded and JSON-escaped, alone and as Token <key>', () => {
  const key = 'a+b/c=d"e\\f~g h?i&j';
  const r = new Redactor({ $MOCKAPI_TOKEN: key });
  for (const text of [key, `Token ${key}`, `user:${key}`, `xx${key}`, `y${key}`]) {
    const forms = [
      ...encodedForms(text),
      encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
      new URLSearchParams({ q: text }).toString().slice(2),
      JSON.stringify(text).slice(1, -1),
      JSON.stringify(text),
    ];
    for (const form of forms) {
      const shown = r.redact(`echoed: ${form} .`);
      // no four characters of the key's own form in a row, past what the echo adds
      expect(shown, form).not.toContain(form);
      expect(shown, form).toMatch(/\$MOCKAPI_TOKEN|\{MOCKAPI_TOKEN/);
    }
  }
});

test('a near-miss key a check sends (cut short, one character changed, another case, more after it) is redacted in every encoding too', () => {
  const nearMisses = [KEY.slice(0, -1), `X${KEY.slice(1)}`, `${KEY.slice(0, 12)}X${KEY.slice(13)}`, KEY.toUpperCase().slice(0, -2), `${KEY}extra`];
  for (const near of nearMisses) {
    for (const text of [near, `Token ${near}`]) {
      const forms = [...encodedForms(text), JSON.stringify(text).replace(/[^a-z]/gi, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)];
      for (const form of forms) {
        const shown = redactor.redact(`"${form}"`);
        // nothing of the form is left: a decoder would get no more than a few characters
        expect(shown, `${near} as ${form}`).toMatch(/^"(?:<\$MOCKAPI_TOKEN [^>]+>|.{0,12}<\$MOCKAPI_TOKEN [^>]+>.{0,12})"$/);
      }
    }
  }
});

/** What bash makes of a placeholder the redactor writes, given the key. */
function expand(placeholder: string, env: Record<string, string>): string {
  const m = /^\$\{?(MOCKAPI_[A-Z_]+?)(?:(~~|\^\^|,,)|:(\d+)(?::(\d+))?)?\}?$/.exec(placeholder)!;
  const value = env[m[1]!]!;
  if (m[2] === '^^') return value.toUpperCase();
  if (m[2] === ',,') return value.toLowerCase();
  if (m[2] === '~~') return [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  if (m[3] !== undefined) return m[4] !== undefined ? value.slice(Number(m[3]), Number(m[3]) + Number(m[4])) : value.slice(Number(m[3]));
  return value;
}

const ENV = { MOCKAPI_TOKEN: KEY, MOCKAPI_FORBIDDEN_TOKEN: FORBIDDEN };
const shownAs = (pieces: Redacted[]) => pieces.map((p) => (typeof p === 'string' ? p : expand(p.placeholder, ENV))).join('');

const recorder = curlRecorder(ENV);
afterAll(() => recorder.close());
const record = (line: string) => recorder.record(line);

/** Text a deployment, a HAR or a proxied client could put anywhere: shell syntax, controls, the key and its near forms. */
const fragment = fc.oneof(
  fc.constantFrom(
    "'",
    '"',
    '\\',
    '`',
    '$',
    '!',
    '@',
    '#',
    ';',
    '&',
    '|',
    '\n',
    '\r',
    '\t',
    '\x1b]0;pwned\x07',
    '\u202e',
    '\u2028',
    '\x9b',
    '\x7f',
    '*',
    '?',
    '[a]',
    '{a,b}',
    '~',
    '$(touch inj1)',
    '`touch inj2`',
    "'; touch inj3; '",
    '"; touch inj4; "',
    '$MOCKAPI_TOKEN',
    '${MOCKAPI_TOKEN:0:3}',
    '"$ETAG$(touch inj5)"',
    '\\$(touch inj6)',
    '@/etc/passwd',
    KEY,
    KEY.toUpperCase(),
    KEY.slice(0, 10),
    FORBIDDEN,
    `Token ${KEY}`,
    '::error::forged',
    'é',
    '😀',
    ...INVISIBLE_PIECES,
  ),
  fc.string({ maxLength: 6, unit: 'binary' }).map((s) => s.replace(/\0/g, '')),
);
const hostile = fc.array(fragment, { maxLength: 8 }).map((parts) => parts.join(''));
/** An HTTP header name: a token. */
const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/).filter((n) => n !== 'accept');

test('every printed curl line, run by bash, passes curl exactly what was sent and runs nothing else', () => {
  const seed = propertySeed('curl lines');
  fc.assert(
    fc.property(hostile, hostile, hostile, fc.dictionary(headerName, hostile, { maxKeys: 3 }), fc.option(hostile), (method, path, query, headers, body) => {
      const url = `http://127.0.0.1:1/v1/${path}?${query}`;
      const sent = { ...headers, authorization: `Token ${KEY}` };
      const base = {
        method,
        url,
        requestHeaders: Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, redactor.redact(v)])),
        requestPieces: Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, redactor.pieces(v)])),
        requestBody: body === null ? undefined : Buffer.from(body),
      };
      const exchange: Exchange = answerOf(base, 200, {}, Buffer.alloc(0), undefined, 0);
      const line = curlOf(exchange, redactor);
      expect(line).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028\u2029\u202e]/);
      expect(RAW_SHOWN_ESCAPED.exec(line)?.[0], line).toBeUndefined();
      const { args, stdin, status, stderr, traces } = record(line);
      expect(traces, line).toEqual([]);
      expect(status, stderr).toBe(0);
      const expected = ['-sS', '-i', ...(/[[\]{}]/.test(url) ? ['-g'] : []), '-X', method, shownAs(redactor.pieces(url))];
      for (const [name, value] of Object.entries(sent))
        expected.push('-H', `${name === 'authorization' ? 'Authorization' : name}: ${shownAs(redactor.pieces(value))}`);
      if (body !== null && !body.includes('\0')) expected.push(body.startsWith('@') ? '--data-raw' : '--data-binary', shownAs(redactor.pieces(body)));
      expect(args, line).toEqual(expected);
      expect(stdin.length).toBe(0);
      // where the redactor put only expansions in (no marker of an encoded or near key), curl gets the bytes sent
      if (!redactor.redact(url).includes('<')) expect(args[expected.indexOf(shownAs(redactor.pieces(url)))]).toBe(url);
      expect(args).toContain(`Authorization: Token ${KEY}`);
    }),
    { seed, numRuns: 150 },
  );
});

test('a body that is not UTF-8 reaches curl byte for byte through base64', () => {
  const bytes = Buffer.from([0xff, 0x00, 0x1b, 0x27, 0x0a, 0x80]);
  const exchange = answerOf({ method: 'PUT', url: 'http://127.0.0.1:1/v1/x', requestHeaders: {}, requestBody: bytes }, 200, {}, Buffer.alloc(0), undefined, 0);
  const { args, stdin } = record(curlOf(exchange, redactor));
  expect(args.slice(-2)).toEqual(['--data-binary', '@-']);
  expect(stdin.equals(bytes)).toBe(true);
});

test('deep JSON is judged, never a crash: an answer, a request body and an object too deep to write out each get a verdict that says why', async () => {
  const { checkExchange } = await import('../../src/judge/exchange.ts');
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const request = { method: 'GET', url: 'http://127.0.0.1:1/v1/organisations/o1', headers: { authorization: `Token ${KEY}` } };
  const json = { 'content-type': 'application/json' };
  const notFound = checkExchange({ request, response: { status: 404, headers: json, body: deep } });
  expect(notFound.outcome).toBe('failed');
  expect(notFound.violations[0]!.actual).toContain('the body nests arrays and objects deeper than 256 levels; it is not read as JSON');
  let value: unknown = [];
  for (let i = 0; i < 100_000; i++) value = [value];
  const asObject = checkExchange({ request, response: { status: 200, headers: json, body: value as object } });
  expect(asObject.outcome).toBe('failed');
  expect(asObject.violations[0]!.actual).toContain('deeper than 256 levels');
  // a request body that deep is not taken for what was sent: the refusal of it is judged, and nothing throws
  const refused = checkExchange({
    request: { ...request, method: 'PUT', headers: { ...request.headers, ...json }, body: deep },
    response: { status: 400, headers: json, body: '{"errors":[]}' },
  });
  expect(refused.operation).toBe('updateOrganisation');
});

test("a library's warning is one inert line, redacted, in place of Node's printer", async () => {
  const before = process.listeners('warning');
  const lines: string[] = [];
  try {
    routeWarnings(
      (line) => lines.push(line),
      (text) => text.replaceAll('s3cr3t-key', '$MOCKAPI_TOKEN'),
    );
    const printed = new Promise<void>((resolve) => process.once('warning', () => resolve()));
    process.emitWarning('answered s3cr3t-key\n::error::forged', 'LibraryWarning');
    await printed;
    expect(lines).toEqual(['mockapi-conformance: warning: LibraryWarning: answered $MOCKAPI_TOKEN\\n::error::forged\n']);
  } finally {
    process.removeAllListeners('warning');
    for (const listener of before) process.on('warning', listener);
  }
});

test('a path in a printed command is one shell argument: as it is when plain, else quoted', () => {
  expect(shellArgument('/home/ci/.mockapi-conformance-state.jsonl')).toBe('/home/ci/.mockapi-conformance-state.jsonl');
  expect(shellArgument('/tmp/my runs/state.jsonl')).toBe("'/tmp/my runs/state.jsonl'");
  expect(shellArgument("/tmp/$(touch x)'s")).toBe("'/tmp/$(touch x)'\\''s'");
});
