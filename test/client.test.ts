// The client hands out no key in clear: not in evidence, not in curl lines, not when the target echoes it.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client, Redactor } from '../src/client.ts';

const KEY = 'k3y-Th4t-Must-N3ver-Leak-0123456789';
const FORBIDDEN = 'f0rbidden-K3y-0123456789';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // answers with every request header it was sent, in a header and in the body
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-echo', String(req.headers.authorization));
    res.end(JSON.stringify({ headers: req.headers }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('sends Token auth, and evidence and curl carry placeholders, even for echoed keys', async () => {
  const client = new Client({ baseUrl, token: KEY, forbiddenToken: FORBIDDEN, timeoutMs: 5000 });
  const ex = await client.send({ method: 'PUT', path: '/v1/x', json: { key: KEY } });
  expect((ex.json as { headers: { authorization: string } }).headers.authorization).toBe(`Token ${KEY}`);
  const evidence = JSON.stringify(client.evidence(ex));
  expect(evidence).not.toContain(KEY);
  expect(evidence).toContain('Token $MOCKAPI_TOKEN');
  expect(client.curl(ex)).toBe(`curl -sS -i -X PUT '${baseUrl}/v1/x' -H "Authorization: Token $MOCKAPI_TOKEN" -H 'Content-Type: application/json' --data-binary '{"key":"$MOCKAPI_TOKEN"}'`);
  const bearer = await client.send({ method: 'GET', path: '/v1/y', credentials: { authorization: `Bearer ${FORBIDDEN}` } });
  expect(JSON.stringify(client.evidence(bearer))).not.toContain(FORBIDDEN);
  expect(client.curl(bearer)).toContain('-H "Authorization: Bearer $MOCKAPI_FORBIDDEN_TOKEN"');
  await client.close();
});

test('a body that is not UTF-8 is reproduced through base64, and quotes are escaped for the shell', async () => {
  const client = new Client({ baseUrl, token: KEY, forbiddenToken: undefined, timeoutMs: 5000 });
  const binary = await client.send({ method: 'PUT', path: '/v1/b', raw: new Uint8Array([0xff, 0xfe, 0x41]) });
  expect(client.curl(binary)).toMatch(/^printf '%s' '\/\/5B' \| base64 -d \| curl .* --data-binary @-$/);
  const quoted = await client.send({ method: 'PUT', path: "/v1/it's", raw: "it's" });
  expect(client.curl(quoted)).toContain(`--data-binary 'it'\\''s'`);
  await client.close();
});

test('a refused connection is an exchange with status 0 and the reason', async () => {
  const client = new Client({ baseUrl: 'http://127.0.0.1:1', token: KEY, forbiddenToken: undefined, timeoutMs: 2000 });
  const ex = await client.send({ method: 'GET', path: '/v1/z' });
  expect(ex.status).toBe(0);
  expect(ex.error).toMatch(/ECONNREFUSED/);
  await client.close();
});

test('the redactor replaces the longer of two overlapping keys whole', () => {
  expect(new Redactor({ $A: 'abc', $B: 'abcdef' }).redact('x abcdef y abc')).toBe('x $B y $A');
});
