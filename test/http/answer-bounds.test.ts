// What an answer costs is bounded by its size, whatever its shape: a few content codings at most are undone,
// a body past a parse budget (depth, keys and values, a string's length) is not parsed, and what the client
// hands on and a check keeps of a long body is its start. Small bodies and small budgets reach every branch.
import { notJudged } from '../../src/http/transient.ts';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerOf, Client, evidenceOf, keptOf, Redactor, type Exchange } from '../../src/http/client.ts';
import { JSON_BUDGET, overBudget, type JsonBudget } from '../../src/http/json-budget.ts';
import { decoded, MAX_CODINGS } from '../../src/http/network.ts';
import { Judge } from '../../src/judge/judge.ts';

const BASE = { method: 'GET', url: 'http://127.0.0.1/v1/x', requestHeaders: {}, requestBody: undefined };
const json = (text: string, budget?: JsonBudget) => answerOf(BASE, 200, { 'content-type': 'application/json' }, Buffer.from(text), undefined, 1, budget);

/** `text` gzipped `times` times over. */
const gzipped = (text: string, times: number) => Array.from({ length: times }).reduce<Buffer>((b) => gzipSync(b), Buffer.from(text));

let server: Server;
let baseUrl: string;
/** /gzip/<n>: {"a":1} gzipped n times, Content-Encoding naming gzip n times; /json/<KiB>: a JSON string of that many KiB */
beforeAll(async () => {
  server = createServer((req, res) => {
    const [, form, n] = (req.url ?? '').split('/');
    if (form === 'gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': Array(Number(n)).fill('gzip').join(', ') });
      res.end(gzipped('{"a":1}', Number(n)));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x'.repeat(Number(n) * 1024) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('stacked content codings', () => {
  test(`more than ${MAX_CODINGS} are not undone: the body is left as it came, and why is said`, () => {
    const body = Readable.from([]);
    const past = decoded(
      body,
      Array(MAX_CODINGS + 1)
        .fill('gzip')
        .join(', '),
    );
    expect(past.body).toBe(body);
    expect(past.tooMany).toBe(`Content-Encoding lists ${MAX_CODINGS + 1} codings; at most ${MAX_CODINGS} are undone, so the body is not read as JSON`);
    expect(decoded(body, Array(MAX_CODINGS).fill('gzip').join(', ')).tooMany).toBeUndefined();
  });

  test('an answer past the bound judges as not JSON, naming it; one at the bound is decoded', async () => {
    const client = new Client({ baseUrl, token: 'k3y-0123456789', forbiddenToken: undefined, timeoutMs: 5000 });
    const at = await client.send({ method: 'GET', path: `/gzip/${MAX_CODINGS}` });
    const past = await client.send({ method: 'GET', path: `/gzip/${MAX_CODINGS + 3}` });
    await client.close();
    expect(at.json).toEqual({ a: 1 });
    expect(at.codings).toHaveLength(MAX_CODINGS);
    expect(past.json).toBeUndefined();
    expect(past.jsonError).toMatch(new RegExp(`^Content-Encoding lists ${MAX_CODINGS + 3} codings; at most ${MAX_CODINGS} are undone`));
    expect(past.codings).toBeUndefined();
  });
});

describe('parse budgets', () => {
  const small: JsonBudget = { depth: 3, items: 6, stringBytes: 5 };

  test('each budget, when gone past, is named; at it, the body is within', () => {
    expect(overBudget(Buffer.from('[[[]]]'), small)).toBeUndefined();
    expect(overBudget(Buffer.from('[[[[]]]]'), small)).toBe('the body nests arrays and objects deeper than 3 levels; it is not read as JSON');
    // a `{`, a `[`, each `:` and each `,`: six here
    expect(overBudget(Buffer.from('{"a":[1,2],"b":3}'), small)).toBeUndefined();
    expect(overBudget(Buffer.from('{"a":[1,2,3],"b":3}'), small)).toMatch(/^the body holds more than 6 keys and values; it is not read as JSON/);
    expect(overBudget(Buffer.from('["12345"]'), small)).toBeUndefined();
    expect(overBudget(Buffer.from('["123456"]'), small)).toMatch(/^the body holds a string longer than 5 bytes; it is not read as JSON/);
  });

  test('what a string holds counts nothing but its length, escapes as written', () => {
    const budget = { ...small, stringBytes: 100 };
    expect(overBudget(Buffer.from('["[[[[,,,,::::{{{{"]'), budget)).toBeUndefined();
    expect(overBudget(Buffer.from('["\\"[[[[\\"", 1]'), budget)).toBeUndefined();
    expect(overBudget(Buffer.from('["\\\\", [[[[]]]]]'), budget)).toMatch(/deeper than 3 levels/);
  });

  test('the default budgets: the deep, the wide and the long answer of under a few MiB are not parsed', () => {
    expect(JSON_BUDGET).toEqual({ depth: 256, items: 100_000, stringBytes: 1024 * 1024 });
    expect(json(`[${'0,'.repeat(100_000)}0]`).jsonError).toMatch(/more than 100000 keys and values/);
    expect(json(JSON.stringify({ id: 'x'.repeat(1024 * 1024 + 1) })).jsonError).toMatch(/a string longer than 1048576 bytes/);
    expect(json('['.repeat(257)).jsonError).toMatch(/deeper than 256 levels/);
    expect(json(JSON.stringify({ id: 'x'.repeat(1024 * 1024), n: Array(1000).fill(0) })).json).toBeDefined();
  });

  test('an answer past a budget is not parsed, and says which', () => {
    const answer = json('{"a":[1,2,3],"b":3}', small);
    expect(answer.json).toBeUndefined();
    expect(answer.jsonError).toMatch(/more than 6 keys and values/);
    expect(json('{"a":[1,2],"b":3}', small).json).toEqual({ a: [1, 2], b: 3 });
  });

  test('past the keys or the string budget an answer judges nothing (a real one may be so); past the depth it is judged', () => {
    const wide = json('{"a":[1,2,3],"b":3}', small);
    expect(notJudged(wide)).toMatch(/more than 6 keys and values.*: nothing is judged of this answer$/);
    expect(notJudged(json('["123456"]', small))).toMatch(/a string longer than 5 bytes.*: nothing is judged of this answer$/);
    const deep = json('['.repeat(257));
    expect(deep.jsonError).toMatch(/deeper than 256 levels/);
    expect(notJudged(deep)).toBeUndefined();
  });
});

describe('what is held of an answer', () => {
  test('the client reads a long body whole for the recording, and hands on its JSON with the start of its bytes', async () => {
    const recorded: number[] = [];
    const client = new Client({
      baseUrl,
      token: 'k3y-0123456789',
      forbiddenToken: undefined,
      timeoutMs: 5000,
      onExchange: (exchange) => recorded.push(exchange.bytes.length),
    });
    const ex = await client.send({ method: 'GET', path: '/json/200' });
    await client.close();
    const length = 200 * 1024 + '{"id":""}'.length;
    expect(recorded).toEqual([length]);
    expect(ex.bytes.length).toBe(64 * 1024);
    expect(ex.bodyBytes).toBe(length);
    expect(ex.text).toBe(ex.bytes.toString('utf8'));
    expect((ex.json as { id: string }).id).toHaveLength(200 * 1024);
  });

  test('a check keeps of each exchange what its evidence shows: a few KiB however long and many the answers', () => {
    const judge = new Judge('GEN-JSON', { profile: 'live', fixtures: {} } as never);
    const answers: Exchange[] = Array.from({ length: 20 }, (_, i) => json(JSON.stringify({ i, pad: 'p'.repeat(256 * 1024) })));
    for (const a of answers) judge.uses(a);
    // the same exchange used again is kept once
    judge.uses(answers[0]!);
    expect(judge.exchanges).toHaveLength(20);
    expect(judge.exchanges.reduce((n, e) => n + e.bytes.length + e.text.length, 0)).toBeLessThanOrEqual(20 * 2 * 4096);
    expect(judge.exchanges.every((e) => e.json === undefined)).toBe(true);
    const evidence = evidenceOf(judge.exchanges[3]!, new Redactor({}));
    expect(evidence.response.body).toMatch(new RegExp(`^\\{"i":3,"pad":"p+… \\(${answers[3]!.bytes.length} bytes in all\\)$`));
    expect(evidence.response.body).toBe(evidenceOf(answers[3]!, new Redactor({})).response.body);
  });

  test('a long body holds no text beside its bytes: its text is decoded when read', () => {
    const long = json(JSON.stringify({ pad: 'é'.repeat(40 * 1024) }));
    expect(Object.getOwnPropertyDescriptor(long, 'text')?.get).toBeTypeOf('function');
    expect(long.text).toBe(long.bytes.toString('utf8'));
    expect(Object.getOwnPropertyDescriptor(json('{"a":1}'), 'text')?.value).toBe('{"a":1}');
  });

  test('a short exchange is kept as it is', () => {
    const short = json('{"a":1}');
    expect(keptOf(short)).toBe(short);
  });
});
