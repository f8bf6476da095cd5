// A hostile deployment whose answers fast-check generates (test/e2e/fuzzed-deployment.test.ts): random bytes,
// terminal escapes, workflow-command lines, deep nesting, huge strings, the key echoed in every encoding, wrong
// lengths and resets mid-body. Request n gets answer n modulo their number. Binds 127.0.0.1 on a free port.
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { INVISIBLE_PIECES } from './invisible.ts';

export interface FuzzedAnswer {
  status: number;
  contentType: string;
  /** put in ETag, Location and a header of its own: bytes, written as latin1 */
  header: string;
  body: string | Uint8Array;
  /** exact: as long as said; short: Content-Length says more, then the connection ends; long: says less; reset: half, then RST */
  framing: 'exact' | 'short' | 'long' | 'reset';
  /** in place of body: an answer shaped to cost decoding, parsing or holding (costlyShape) */
  costly?: CostlyShape;
}

// ---- Invisible characters, C1 and OSC sequences, and open answers that `diff` shows (docs/untrusted.md) ----------

/** A piece that looks like nothing, or like another text, or acts: zero-width, tag, filler, C1 and OSC 52 sequences. */
const invisiblePiece = fc.constantFrom(...INVISIBLE_PIECES);

/**
 * The text of an open answer a check keeps as a note (a Content-Type, links.subscription), and so `diff` shows:
 * invisible characters, C1 and OSC sequences, workflow commands at a line's start, Markdown and HTML that would act.
 */
export const openAnswerText = fc
  .array(
    fc.oneof(
      invisiblePiece,
      fc.constantFrom(
        '\n::error title=forged::forged\n',
        '::add-mask::passed',
        '\r\n  ::warning::x',
        '<img src=x onerror=alert(1)>',
        '[pwned](javascript:alert(1))',
        '<javascript:alert(1)>',
        '| --- |',
        '\r',
        'X',
      ),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** Text as a header a deployment sends: its UTF-8 bytes read as latin1 (as undici gives them), without what HTTP refuses in a header. */
export const asHeaderValue = (text: string) => Buffer.from(text.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' '), 'utf8').toString('latin1');

/** A JSON media type whose parameter is an open answer: a check that passes keeps it as a note (`answered 200 with a body (…)`). */
const hostileContentType = openAnswerText.map((text) => asHeaderValue(`application/json; x="${text}"`));

/** Text a deployment could send to reach a terminal, a CI log or a shell; {AUTH…} are the key it received, encoded. */
const piece = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\x1b]0;pwned\x07',
      '\x1b[2J',
      '\x1b]8;;http://evil.example/\x07',
      '\n::error title=forged::forged\n',
      '\n::add-mask::passed\n',
      '\n::stop-commands::abc\n',
      '\r\n  ::warning::x\r\n',
      '\u202egnp.exe',
      '\u2028',
      '\x9b31m',
      '\x07',
      '\r',
      '$(touch pwned1)',
      '`touch pwned2`',
      "'; touch pwned3; '",
      '"$(touch pwned4)"',
      '{AUTH}',
      '{AUTH_B64}',
      '{AUTH_B64URL}',
      '{AUTH_HEX}',
      '{AUTH_URL}',
      '{KEY_JSON}',
      'allowed values: a, b',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: invisiblePiece },
);
export const hostileText = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));

const body: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  hostileText,
  hostileText.map((t) =>
    JSON.stringify({
      organisation: { id: t, name: t, links: { self: t } },
      errors: [{ title: t, detail: t, source: {} }],
      code: 404,
      message: t,
      id: t,
      jobType: t,
      status: t,
    }),
  ),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => `${'{"errors":'.repeat(n)}[]${'}'.repeat(n)}`),
  fc.constantFrom(1, 3).map((mib) => JSON.stringify({ organisation: { id: 'i'.repeat(mib * 1024 * 1024), name: 'n' }, id: 'd'.repeat(mib * 1024 * 1024) })),
  fc.uint8Array({ maxLength: 300 }),
);

// ---- answers shaped to cost decoding, parsing and holding (docs/untrusted.md#bounds) ----

/** A body and the Content-Encoding it is in, if any. */
export interface CostlyShape {
  body: Uint8Array;
  contentEncoding?: string;
}

/** `body` gzipped `times` times over, and the Content-Encoding that says so (sometimes with identity between). */
const stacked = (body: Buffer, times: number): CostlyShape => ({
  body: Array.from({ length: times }).reduce<Buffer>((b) => gzipSync(b), body),
  contentEncoding: Array.from({ length: times }, (_, i) => (i % 7 === 3 ? 'gzip, identity' : 'gzip')).join(', '),
});

/** Codings stacked past the bound and up to it; JSON past each parse budget, wide, deep and long; and under the cap. */
const costlyShape: fc.Arbitrary<CostlyShape> = fc.oneof(
  fc.tuple(hostileText, fc.integer({ min: 1, max: 60 })).map(([t, times]) => stacked(Buffer.from(JSON.stringify({ message: t })), times)),
  fc.integer({ min: 100_001, max: 150_000 }).map((n) => ({ body: Buffer.from(`{"errors":[${'0,'.repeat(n)}0]}`) })),
  fc.integer({ min: 20_000, max: 60_000 }).map((n) => ({ body: Buffer.from(`{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`) })),
  fc.constantFrom(1, 2).map((mib) => ({ body: Buffer.from(JSON.stringify({ organisation: { id: 'i', name: 'n'.repeat(mib * 1024 * 1024 + 1) } })) })),
  fc.integer({ min: 257, max: 5_000 }).map((n) => stacked(Buffer.from(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`), 2)),
);

export const fuzzedAnswer: fc.Arbitrary<FuzzedAnswer> = fc.record({
  status: fc.constantFrom(200, 201, 202, 204, 400, 401, 403, 404, 409, 500),
  contentType: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('application/json', 'text/plain', 'application/problem+json; charset=utf-8', 'text/html') },
    { weight: 1, arbitrary: hostileContentType },
  ),
  // as its UTF-8 bytes (a bidirectional override arrives as C1 bytes), without the controls HTTP refuses in a
  // header: with them every answer would be a transport fault, and nothing would reach a report
  header: hostileText.map((t) => Buffer.from(t.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' '), 'utf8').toString('latin1')),
  body,
  // mostly whole answers: five faults in a row stop a run's requests (the client's breaker), judging nothing more
  framing: fc.oneof(
    { weight: 12, arbitrary: fc.constant('exact' as const) },
    { weight: 1, arbitrary: fc.constantFrom('short' as const, 'long' as const, 'reset' as const) },
  ),
  costly: fc.option(costlyShape, { freq: 5, nil: undefined }),
});

/** The forms of the key a fuzzed answer echoes, and the test looks for in every output. */
export function keyForms(key: string): Record<string, string> {
  const auth = Buffer.from(`Token ${key}`);
  return {
    '{AUTH}': `Token ${key}`,
    '{AUTH_B64}': auth.toString('base64'),
    '{AUTH_B64URL}': Buffer.from(key).toString('base64url'),
    '{AUTH_HEX}': Buffer.from(key).toString('hex').toUpperCase(),
    '{AUTH_URL}': encodeURIComponent(`Token ${key}`),
    '{KEY_JSON}': JSON.stringify(key).slice(1, -1),
  };
}

/** Every form of the key that would give it away: plain, its echoed forms, base64 (cut so any alignment matches), hex, URL-encoded. */
export function leakForms(key: string): string[] {
  return [key, ...Object.values(keyForms(key)), Buffer.from(key).toString('base64').slice(2, -2), Buffer.from(key).toString('hex'), encodeURIComponent(key)];
}

export interface Fuzzed {
  baseUrl: string;
  requests(): number;
  close(): Promise<void>;
}

export async function startFuzzed(answers: readonly FuzzedAnswer[]): Promise<Fuzzed> {
  const sockets = new Set<Socket>();
  let n = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.slice(end + 4 + length);
        const key = /\r\nauthorization: *Token (\S+)/i.exec(head)?.[1] ?? 'no-key';
        answer(socket, answers[n++ % answers.length]!, key);
        if (socket.destroyed) return;
      }
    });
  });

  function answer(socket: Socket, a: FuzzedAnswer, key: string): void {
    const fill = (text: string) => text.replace(/\{(?:AUTH|AUTH_B64|AUTH_B64URL|AUTH_HEX|AUTH_URL|KEY_JSON)\}/g, (name) => keyForms(key)[name]!);
    // a 204 has no body: one sent would be read as the next answer on the connection
    const body = a.costly?.body ?? (typeof a.body === 'string' ? Buffer.from(fill(a.body), 'utf8') : Buffer.from(a.body));
    const bytes = a.status === 204 ? Buffer.alloc(0) : Buffer.from(body);
    const header = fill(a.header);
    const said = a.framing === 'short' ? bytes.length + 100 : a.framing === 'long' ? Math.floor(bytes.length / 2) : bytes.length;
    const coding = a.costly?.contentEncoding && bytes.length > 0 ? `Content-Encoding: ${a.costly.contentEncoding}\r\n` : '';
    const head = `HTTP/1.1 ${a.status} X\r\nContent-Type: ${a.contentType}\r\nContent-Length: ${said}\r\n${coding}ETag: "${header}"\r\nLocation: ${header}\r\nX-Hostile: ${header}\r\n\r\n`;
    socket.write(Buffer.from(head, 'latin1'));
    if (a.framing === 'reset') {
      socket.write(bytes.subarray(0, bytes.length >> 1));
      socket.resetAndDestroy();
      return;
    }
    socket.write(bytes);
    if (a.framing === 'short') socket.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests: () => n,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
