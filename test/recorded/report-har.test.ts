// --report-har (src/http/har-log.ts): a run's own traffic as HAR 1.2, judged again by check-har. A full run
// against the embedded reference gives a HAR of one entry per request the summary counts, judged with nothing
// failed; a run against a reference fault gives one whose exchanges check-har fails under the fault's
// requirement; a deployment that echoes the key in every encoding gives one that holds none of them. One run
// each. Then single entries read back as check-har reads them: a body left out, a request with no answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Redactor, type Exchange } from '../../src/http/client.ts';
import { harEntry } from '../../src/http/har-log.ts';
import { readHar } from '../../src/recorded/har.ts';
import { judgeRecorded } from '../../src/recorded/recorded.ts';
import { emptyDirectory, runCli } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';
import { keyForms, leakForms } from '../support/fuzzed.ts';

interface HarEntry {
  _checkId?: string;
  _preflight?: boolean;
  _putBack?: boolean;
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { text?: string } };
  response: { status: number; content: { size: number; mimeType: string; text?: string; encoding?: string } };
  timings: { send: number; wait: number; receive: number };
  comment: string;
}

const dir = emptyDirectory();
const readHarFile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { log: { version: string; creator: unknown; entries: HarEntry[] } };

/** What HAR 1.2 requires of a log and of each entry (http://www.softwareishard.com/blog/har-12-spec/); the problems found. */
function har12Problems(har: unknown): string[] {
  const problems: string[] = [];
  const is = (value: unknown, type: string, where: string) => {
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    if (actual !== type) problems.push(`${where} is ${actual}, not ${type}`);
  };
  const log = (har as { log?: Record<string, any> }).log ?? {};
  if (log.version !== '1.2') problems.push(`log.version is ${log.version}`);
  is(log.creator?.name, 'string', 'log.creator.name');
  is(log.creator?.version, 'string', 'log.creator.version');
  is(log.entries, 'array', 'log.entries');
  (log.entries ?? []).forEach((e: any, i: number) => {
    const at = `entries[${i}]`;
    if (Number.isNaN(Date.parse(e.startedDateTime))) problems.push(`${at}.startedDateTime is not a date`);
    for (const [k, t] of Object.entries({ time: 'number', request: 'object', response: 'object', cache: 'object', timings: 'object' }))
      is(e[k], t, `${at}.${k}`);
    for (const [k, t] of Object.entries({ method: 'string', url: 'string', httpVersion: 'string', cookies: 'array', headers: 'array', queryString: 'array' }))
      is(e.request?.[k], t, `${at}.request.${k}`);
    for (const [k, t] of Object.entries({
      status: 'number',
      statusText: 'string',
      httpVersion: 'string',
      cookies: 'array',
      headers: 'array',
      redirectURL: 'string',
    }))
      is(e.response?.[k], t, `${at}.response.${k}`);
    for (const side of ['request', 'response']) {
      is(e[side]?.headersSize, 'number', `${at}.${side}.headersSize`);
      is(e[side]?.bodySize, 'number', `${at}.${side}.bodySize`);
      for (const h of e[side]?.headers ?? [])
        if (typeof h.name !== 'string' || typeof h.value !== 'string') problems.push(`${at}.${side}.headers: ${JSON.stringify(h)}`);
    }
    is(e.response?.content?.size, 'number', `${at}.response.content.size`);
    is(e.response?.content?.mimeType, 'string', `${at}.response.content.mimeType`);
    const { send, wait, receive } = e.timings ?? {};
    if (![send, wait, receive].every((t) => typeof t === 'number' && t >= 0)) problems.push(`${at}.timings: ${JSON.stringify(e.timings)}`);
    else if (Math.abs(send + wait + receive - e.time) > 0.01) problems.push(`${at}.time ${e.time} is not the sum of its timings`);
  });
  return problems;
}

// runs through one long-lived runner (test/support/runners.ts), one at a time, but where the process matters
const runner = useRunners(1);

describe('--report-har against the embedded reference', () => {
  test('a full run writes HAR 1.2 with an entry per request the summary counts, and check-har judges it with nothing failed', async () => {
    const file = join(dir, 'reference.har');
    const run = await runner.run(['--report-har', file], {}, { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`HAR: ${run.report!.summary.requests + run.report!.summary.preflightRequests!} exchanges: ${file}`);
    const har = readHarFile(file);
    expect(har12Problems(har)).toEqual([]);
    const { entries } = har.log;
    // the probe and the preflight's reads first, then every request of the checks
    const { requests, preflightRequests } = run.report!.summary;
    expect(entries).toHaveLength(requests + preflightRequests!);
    expect(entries.slice(0, preflightRequests).every((e) => e._preflight && e.comment.startsWith('sent by the preflight'))).toBe(true);
    const ids = new Set(run.report!.checks.map((c) => c.id));
    const rest = entries.slice(preflightRequests);
    expect(rest.filter((e) => !ids.has(e._checkId!))).toEqual([]);
    expect(rest.every((e) => e.comment.startsWith(`sent by the check ${e._checkId}`))).toBe(true);
    expect([...entries].sort((a, b) => Date.parse(a.startedDateTime) - Date.parse(b.startedDateTime))).toEqual(entries);
    // the key never, its placeholder where it was sent
    expect(entries[0]!.request.headers).toContainEqual({ name: 'authorization', value: 'Token $MOCKAPI_TOKEN' });
    // the one body past the cap says so, and check-har judges its answer by the status alone
    expect(entries.filter((e) => / body left out/.test(e.comment)).map((e) => e._checkId)).toEqual(['identifiers/updatechaossettings-body-2-mib-without-5xx']);

    const judged = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(judged.code, judged.stdout).toBe(0);
    expect(judged.report!.recorded).toMatchObject({ exchanges: entries.length, judged: entries.length });
    expect(judged.report!.summary).toMatchObject({ passed: entries.length, failed: 0, warned: 0, errored: 0 });
  });

  test("a run against a fault one exchange shows: check-har fails the HAR's exchanges under the requirement the run failed", async () => {
    const file = join(dir, 'fault.har');
    const run = await runner.run(['--only', 'chaos-settings', '--report-har', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' }, { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    const failedInRun = run.report!.checks.filter((c) => c.outcome === 'failed');
    expect(failedInRun.length).toBeGreaterThan(0);
    expect(failedInRun.every((c) => c.violated.includes('CHAOS-STATUS'))).toBe(true);

    const judged = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(judged.code).toBe(1);
    const failed = judged.report!.checks.filter((c) => c.outcome === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(failed.flatMap((c) => c.violated))).toEqual(new Set(['CHAOS-STATUS']));
    // each exchange check-har fails was sent by a check the run failed (recorded/<n>-… is the HAR's nth entry)
    const entries = readHarFile(file).log.entries;
    const failedIds = new Set(failedInRun.map((c) => c.id));
    for (const c of failed) expect(failedIds, c.id).toContain(entries[Number(/^recorded\/(\d+)-/.exec(c.id)![1]) - 1]!._checkId);
  });
});

describe('--report-har against a deployment that echoes the key', () => {
  const KEY = 'Hk7+/=distinctive_HAR~key42b9e1';
  /** Every form of the key that would give it away (as test/e2e/fuzzed-deployment.test.ts looks for them). */
  const leaks = leakForms(KEY);
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    let n = 0;
    // to a read (the preflight's too), JSON that quotes the key it received in every form, and headers that do;
    // to a write, by turns, bytes that are not text with the key among them, and bytes that are not text without it
    server = createServer((req, res) => {
      const key = /^Token (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? 'no-key';
      const forms: Record<string, string> = { ...keyForms(key), hex: Buffer.from(key).toString('hex'), base64: Buffer.from(key).toString('base64') };
      req.resume();
      req.on('end', () => {
        const turn = req.method === 'GET' ? 0 : 1 + (n++ % 2);
        if (turn === 0) {
          res.writeHead(200, { 'content-type': 'application/json', 'x-echo': forms['{AUTH_B64}'], location: `/v1/x?k=${forms['{AUTH_URL}']}` });
          res.end(JSON.stringify({ organisation: { id: 'org-1', name: Object.values(forms).join(' ') } }));
        } else {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end(Buffer.concat([Buffer.from([0xff, 0xfe, 0x00]), turn === 1 ? Buffer.from(key) : Buffer.from([0x80, 0x81])]));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('the HAR holds the echoes redacted (base64, hex, URL-encoded, JSON-escaped), and no bytes that hold the key', async () => {
    const file = join(dir, 'echo.har');
    // the command as a process: only it holds the organisation's name against Ctrl-C (the read this test looks for)
    const run = await runCli(['--base-url', baseUrl, '--only', 'organisations', '--runs', '1', '--report-har', file], {
      MOCKAPI_TOKEN: KEY,
      MOCKAPI_ORGANISATION_ID: 'org-1',
    });
    const text = readFileSync(file, 'utf8');
    for (const form of leaks) expect(text.includes(form) ? text.slice(text.indexOf(form) - 200, text.indexOf(form) + 50) : '', form).toBe('');
    const { entries } = readHarFile(file).log;
    expect(entries.length, `${run.stdout}${run.stderr}`).toBeGreaterThan(6);
    // the read of the organisation's name that Ctrl-C would put back, beside the preflight's and the checks'
    expect(entries.filter((e) => e._putBack).map((e) => `${e.request.method} ${e.comment}`)).toEqual([
      "GET sent to put the organisation's name back should the run be interrupted",
    ]);
    expect(entries.filter((e) => !e._putBack && !e._preflight && !e._checkId)).toEqual([]);
    // the echoes were recorded, as the redactor's markers
    expect(text).toContain('<$MOCKAPI_TOKEN as base64>');
    expect(text).toContain('<$MOCKAPI_TOKEN as hex>');
    expect(text).toMatch(/<\$MOCKAPI_TOKEN URL-encoded or JSON-escaped>|\$MOCKAPI_TOKEN/);
    // bytes that are not text: Base64 where they hold no key, left out where they do
    expect(
      entries.some((e) => e.response.content.encoding === 'base64' && e.response.content.text === Buffer.from([0xff, 0xfe, 0, 0x80, 0x81]).toString('base64')),
    ).toBe(true);
    const withKey = entries.filter((e) => e.response.content.size === 3 + KEY.length && e.response.content.mimeType === 'application/octet-stream');
    expect(withKey.length).toBeGreaterThan(0);
    for (const e of withKey) {
      expect(e.response.content.text).toBeUndefined();
      expect(e.comment).toContain('response body left out: bytes that are not text and hold a form of a key');
    }
  });
});

describe('an entry as check-har reads it back', () => {
  const redactor = new Redactor({ $MOCKAPI_TOKEN: 'a-key-of-some-length' });
  const sent: Exchange = {
    method: 'PUT',
    url: 'http://deployment.test/v1/mock-apis/a1b2c3d4/settings/chaos',
    requestHeaders: { authorization: 'Token $MOCKAPI_TOKEN', 'content-type': 'application/json' },
    requestBody: Buffer.from(JSON.stringify({ chaos: { enabled: false, pad: 'x'.repeat(70_000) } })),
    status: 200,
    headers: { 'content-type': 'application/json' },
    mediaType: 'application/json',
    bytes: Buffer.from('{"chaos":{"enabled":false}}'),
    truncated: false,
    text: '{"chaos":{"enabled":false}}',
    json: { chaos: { enabled: false } },
    durationMs: 5,
  };
  const readBack = (exchange: Exchange) => {
    const entry = harEntry(exchange, { startedAt: Date.parse('2026-11-24T12:00:00Z'), headersMs: 4, statusText: 'OK', sentBy: 'x/y' }, redactor);
    return { entry, judged: judgeRecorded(readHar(JSON.stringify({ log: { entries: [entry] } })), 'live').checks[0]! };
  };

  test('a request body past the cap is left out, saying so, and the answer is judged by its status, not as one to an empty body', () => {
    const { entry, judged } = readBack(sent);
    expect(entry.comment).toBe(`sent by the check x/y; request body left out: ${sent.requestBody!.length} bytes, longer than the 65536 a HAR entry holds`);
    expect(entry.request).toMatchObject({ postData: { mimeType: 'application/json' }, bodySize: sent.requestBody!.length });
    expect(judged).toMatchObject({ outcome: 'passed', notes: ["the request's body was not recorded: only the answer's status is judged"] });
  });

  test('every string of an entry is redacted: a header name, an error, a content coding, a query decoded from the URL', () => {
    const key = 'a-key-of-some-length';
    const bytes = Buffer.from(key);
    // the forms the redactor knows, each in a place the deployment or the transport chooses
    const forms = [
      key,
      key.toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('hex'),
      encodeURIComponent(key),
      [...bytes].map((b) => `%${b.toString(16)}`).join(''),
    ];
    for (const form of forms) {
      const entry = harEntry(
        {
          ...sent,
          requestBody: undefined,
          url: `http://deployment.test/v1/organisations/o-1?q=${encodeURIComponent(form)}`,
          headers: { [`x-${encodeURIComponent(form).replace(/%/g, '_')}`]: '1', 'content-type': 'application/json' },
          status: 0,
          error: `reset by ${form}`,
          undecodable: form,
          bytes: Buffer.alloc(0),
        },
        { startedAt: 0, statusText: form },
        redactor,
      );
      const text = JSON.stringify(entry);
      const strings: string[] = [];
      JSON.parse(text, (_, v: unknown) => (typeof v === 'string' && strings.push(v), v));
      // as written, and as a reader of the HAR decodes it
      for (const seen of [text, ...strings])
        for (const leak of [key, bytes.toString('hex'), bytes.toString('base64').slice(2, -2)])
          expect(seen.toLowerCase(), form).not.toContain(leak.toLowerCase());
    }
  });

  test('a request that got no answer is status 0 with the reason, and check-har reports it errored', () => {
    const { entry, judged } = readBack({
      ...sent,
      requestBody: undefined,
      method: 'GET',
      url: 'http://deployment.test/v1/organisations/o-1',
      status: 0,
      error: 'the connection was reset (ECONNRESET)',
      bytes: Buffer.alloc(0),
    });
    expect(entry.response).toMatchObject({ status: 0, httpVersion: '', _error: 'the connection was reset (ECONNRESET)' });
    expect(judged).toMatchObject({ outcome: 'errored', message: 'no HTTP answer was recorded: the connection was reset (ECONNRESET); nothing to judge' });
  });
});

describe("a logged request's recorded credentials of third parties", () => {
  const KEY = 'Run-key-of-the-logged-request-test-41c7';
  /** What the mock API's own callers sent it, recorded in the logged request: theirs, not the run's. */
  const THEIRS = {
    bearer: 'eyJhbGciOiJIUzI1NiJ9.third-party-bearer.9d2f7c',
    session: 'sess-third-party-77aa01c3',
    apiKey: 'tp-api-key-5c3e9b71d0',
    query: 'tp-query-token-8e1f2a64',
    password: 'tp-body-password-31f0a9',
  };
  const body = JSON.stringify({ user: 'them', password: THEIRS.password });
  const logged = {
    id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    request: {
      url: `/orders?access_token=${THEIRS.query}&page=2`,
      absoluteUrl: `https://mock.example.com/orders?access_token=${THEIRS.query}&page=2`,
      method: 'POST',
      clientIp: '203.0.113.9',
      headers: { Authorization: `Bearer ${THEIRS.bearer}`, Cookie: `session=${THEIRS.session}; theme=dark`, 'X-API-Key': THEIRS.apiKey },
      cookies: { session: THEIRS.session, theme: 'dark' },
      browserProxyRequest: false,
      loggedDate: 1_700_000_000_000,
      loggedDateString: '2023-11-14T22:13:20Z',
      body,
      bodyAsBase64: Buffer.from(body).toString('base64'),
    },
    responseDefinition: { status: 200, transformers: [], fromConfiguredStub: true, transformerParameters: {} },
  };
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    // the logged request to the run's key, 401 without it, and a not-found body to everything else
    server = createServer((req, res) => {
      req.resume();
      if (req.headers.authorization !== `Token ${KEY}`)
        res.writeHead(401, { 'content-type': 'text/plain' }).end('Credentials are required to access this resource.');
      else if (req.url === `/v1/mock-apis/a1b2c3d4/requests/${logged.id}`)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(logged));
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"HTTP 404 Not Found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('are in no HAR entry, no report and no line printed, in any form (Authorization of any scheme, cookies, key-like headers, query and body fields)', async () => {
    const cwd = emptyDirectory();
    const files = { har: join(cwd, 'run.har'), junit: join(cwd, 'r.xml'), markdown: join(cwd, 'r.md'), html: join(cwd, 'r.html') };
    const reports = Object.entries(files).flatMap(([format, file]) => [`--report-${format}`, file]);
    const run = await runCli(
      ['--base-url', baseUrl, '--only', '^logged-requests/', '--runs', '1', ...reports],
      { MOCKAPI_TOKEN: KEY, MOCKAPI_MOCK_API_ID: 'a1b2c3d4', MOCKAPI_REQUEST_ID: logged.id },
      { cwd },
    );
    const har = readFileSync(files.har, 'utf8');
    // the logged request was recorded, and read by checks
    expect(har, `${run.stdout}${run.stderr}`).toContain('203.0.113.9');
    expect(run.report?.checks.some((c) => c.outcome === 'passed')).toBe(true);
    const outputs = {
      stdout: run.stdout,
      stderr: run.stderr,
      json: run.reportText,
      har,
      ...Object.fromEntries(Object.entries(files).map(([k, f]) => [k, readFileSync(f, 'utf8')])),
    };
    for (const [name, text] of Object.entries(outputs))
      for (const secret of Object.values(THEIRS))
        for (const form of leakForms(secret))
          expect(text.includes(form) ? text.slice(text.indexOf(form) - 120, text.indexOf(form) + 40) : '', `${name}: ${form}`).toBe('');
  }, 120_000);
});
