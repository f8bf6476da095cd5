// Recorded traffic judged without sending a request: check-har on HAR files recorded here against the
// reference (correct, and with a fault one exchange shows), and the validating proxy in front of it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { cleanEnvironment } from '../../bench/measure.ts';
import { BIN, emptyDirectory } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';
import { record, writeHar, type Recording, type Sent } from '../support/har.ts';
import { judgeOne } from '../../src/recorded/recorded.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

let correct: ReferenceDeployment;
let faulty: ReferenceDeployment;
let dir: string;

/** Requests of several operations, one without a key, and one of no operation. */
function traffic(d: ReferenceDeployment): Sent[] {
  const auth = { authorization: `Token ${d.fixtures.token}` };
  return [
    { method: 'GET', path: `/v1/organisations/${d.fixtures.organisationId}`, headers: auth },
    { method: 'GET', path: `/v1/organisations/${d.fixtures.organisationId}` },
    { method: 'PUT', path: `/v1/mock-apis/${d.fixtures.mockApiId}/settings/state`, headers: auth, body: { state: { defaultContextExpression: 'x' } } },
    { method: 'PUT', path: `/v1/mock-apis/${d.fixtures.mockApiId}/open-api/push`, headers: auth, body: { push: { outOfSyncPolicy: d.fixtures.pushPolicy } } },
    { method: 'GET', path: `/v1/mock-apis/${d.fixtures.mockApiId}/requests/${d.fixtures.requestId}`, headers: auth },
    { method: 'GET', path: '/favicon.ico', headers: auth },
  ];
}

const harFile = (name: string, recordings: Recording[]) => {
  const file = join(dir, name);
  writeFileSync(file, writeHar(recordings));
  return file;
};

beforeAll(async () => {
  [correct, faulty] = await Promise.all([startReference({ faults: [] }), startReference({ faults: ['push-status-200'] })]);
  dir = emptyDirectory();
});

afterAll(async () => {
  await Promise.all([correct?.close(), faulty?.close()]);
});

describe('check-har', () => {
  it('passes a recording of a correct deployment, listing what is none of the nine operations as ignored (exit 0)', async () => {
    const file = harFile('correct.har', await record(correct.baseUrl, traffic(correct)));
    const r = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.report!.summary).toMatchObject({ passed: 5, failed: 0, errored: 0, requests: 0 });
    expect(r.report!.recorded).toMatchObject({ exchanges: 6, judged: 5, ignored: [{ method: 'GET', path: '/favicon.ico', count: 1 }] });
    expect(r.report!.checks.map((c) => c.operation)).toEqual([
      'getOrganisation',
      'getOrganisation',
      'updateStateSettings',
      'pushOpenApiToGit',
      'getLoggedRequest',
    ]);
    expect(r.stdout).toMatch(/Ignored 1 exchange of none of the nine operations:\n {2}1 × GET \/favicon\.ico/);
    // the summary says what it judged: the file and the exchanges, not a seed nor requests never sent
    expect(r.stdout).toContain(`Conformance of 6 exchanges recorded in ${file}: 5 judged, 1 of no operation ignored, profile live`);
    expect(r.stdout).toMatch(/^5 passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of 5 checks judged, 0% skipped; 5 exchanges judged in /m);
    expect(r.stdout).not.toMatch(/seed 0|0 requests/);
  });

  it('says what a pattern stands for, never the regular expression', async () => {
    const [organisation] = await record(correct.baseUrl, traffic(correct).slice(0, 1));
    const body = JSON.parse(organisation!.response.body.toString());
    body.organisation.links.self = '/v2/elsewhere';
    const file = harFile('pattern.har', [{ ...organisation!, response: { ...organisation!.response, body: JSON.stringify(body) } }]);
    const r = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(r.code).toBe(1);
    const message = r.report!.checks.find((c) => c.outcome === 'failed')!.message;
    expect(message).toContain('/organisation/links/self is not a path of the form /v1/organisations/{id}');
    expect(message).not.toMatch(/must match pattern|\[\^\/\]\+/);
  });

  it('fails a recording with a broken answer, under the statement it breaks, and never shows the key (exit 1)', async () => {
    const file = harFile('broken.har', await record(faulty.baseUrl, traffic(faulty)));
    const r = await runner.run([file, '--report-junit', join(dir, 'junit.xml')], {}, { command: 'check-har', cwd: dir });
    expect(r.code).toBe(1);
    const failed = r.report!.checks.filter((c) => c.outcome === 'failed');
    expect(failed.map((c) => c.violated)).toEqual([['PUSH-STATUS']]);
    // no MOCKAPI_BASE_URL of yours names the recording's host: the key shows inert, never as your $MOCKAPI_TOKEN
    expect(failed[0]!.evidence[0]!.curl).toContain("'Authorization: Token <MOCKAPI_TOKEN>'");
    for (const text of [r.stdout, r.stderr, r.reportText, readFileSync(join(dir, 'junit.xml'), 'utf8')]) expect(text).not.toContain(faulty.fixtures.token);
    expect(readFileSync(file, 'utf8')).toContain(faulty.fixtures.token);
  });

  it('says an exchange without an answer could not be judged (exit 4 when nothing failed)', async () => {
    const [one] = await record(correct.baseUrl, traffic(correct).slice(0, 1));
    const file = harFile('no-answer.har', [{ ...one!, response: { ...one!.response, status: 0 } }]);
    const r = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(r.code).toBe(4);
    expect(r.report!.checks.map((c) => c.outcome)).toEqual(['errored']);
  });

  it('says a recorded 429 or 503 could not be judged: a transient answer a recording cannot send again; a 500 is judged', () => {
    const exchange = (status: number) => ({
      request: { method: 'PUT', url: 'http://h.example/v1/organisations/org-1', headers: {}, body: '{}' },
      response: { status, headers: { 'content-type': 'text/html', 'retry-after': '1' }, body: '<html>Down for maintenance</html>' },
    });
    for (const status of [429, 503]) {
      const { result, violations } = judgeOne(exchange(status), 0, 'live')!;
      expect(violations).toEqual([]);
      expect(result).toMatchObject({ outcome: 'errored', title: `ORG-RESPONSE PUT /v1/organisations/org-1 answered ${status}`, violated: [] });
      expect(result.message).toMatch(new RegExp(`^answered ${status}, a transient answer .* a recording cannot send it again; nothing to judge$`));
    }
    expect(judgeOne(exchange(500), 0, 'live')!.result).toMatchObject({ outcome: 'failed', violated: ['AUTH-401-MISSING'] });
  });

  it('judges a sanitized recording (no Authorization anywhere, as Chrome exports HAR) as sent with a key, saying so', async () => {
    const recorded = (await record(correct.baseUrl, traffic(correct))).filter((r) => r.request.headers.authorization);
    const file = harFile(
      'sanitized.har',
      recorded.map((r) => ({
        ...r,
        request: { ...r.request, headers: Object.fromEntries(Object.entries(r.request.headers).filter(([name]) => name !== 'authorization')) },
      })),
    );
    const r = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('the recording was sanitized');
    expect(r.report!.summary).toMatchObject({ passed: 4, failed: 0 });
  });

  it('judges only the status of an answer whose body was not recorded', async () => {
    const [org] = await record(correct.baseUrl, traffic(correct).slice(0, 1));
    const har = JSON.parse(writeHar([org!]));
    delete har.log.entries[0].response.content.text;
    const file = join(dir, 'no-body.har');
    writeFileSync(file, JSON.stringify(har));
    const r = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(r.code).toBe(0);
    expect(r.report!.checks[0]!.notes).toContain("the answer's body was not recorded: only its status is judged");
  });

  it('refuses a file that is not HAR with one line (exit 2)', async () => {
    const file = join(dir, 'not.har');
    writeFileSync(file, '{"log": {}}');
    const r = await runner.run([file], {}, { command: 'check-har', cwd: dir });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mockapi-conformance check-har: .*not\.har: not a HAR file: it has no log\.entries array\n$/);
  });
});

/** `mockapi-conformance proxy ARGS` in a child process, ready once it says where it listens. */
async function startProxy(args: string[]): Promise<{ url: string; stdout(): string; stderr(): string; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, 'proxy', ...args], { cwd: dir, env: cleanEnvironment({ NO_COLOR: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /Proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.once('close', () => reject(new Error(`the proxy stopped: ${stderr}`)));
  });
  return {
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('proxy', () => {
  it('forwards unchanged, prints each violation as it passes, and writes the report at the end (exit 1)', async () => {
    const reportFile = join(dir, 'proxy.json');
    const proxy = await startProxy(['--upstream', faulty.baseUrl, '--port', '0', '--report-json', reportFile]);
    const sent = traffic(faulty);
    const [viaProxy, direct] = await Promise.all([record(proxy.url, sent), record(faulty.baseUrl, sent)]);
    // the same status, media type and body; a push starts a job of its own each time, so its ids and times differ
    const unchanging = (r: Recording) => ({
      status: r.response.status,
      type: r.response.headers['content-type'],
      body: r.request.url.endsWith('/open-api/push') ? '(a new job)' : r.response.body.toString(),
    });
    expect(viaProxy.map(unchanging)).toEqual(direct.map(unchanging));
    // the violation is printed before the proxy ends
    await expect.poll(() => proxy.stdout()).toMatch(/^FAIL PUT \/v1\/mock-apis\/[^ ]+\/open-api\/push 200: \[PUSH-STATUS\]/m);
    expect(await proxy.stop()).toBe(1);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.recorded).toMatchObject({ judged: 5, ignored: [{ path: '/favicon.ico' }] });
    expect(proxy.stdout()).toMatch(
      new RegExp(
        `^Conformance of 6 exchanges forwarded to ${faulty.baseUrl.replace(/[.]/g, '\\.')}/?: 5 judged, 1 of no operation ignored, profile live$`,
        'm',
      ),
    );
    expect(report.checks.filter((c: { outcome: string }) => c.outcome === 'failed')).toHaveLength(1);
    expect(proxy.stdout() + proxy.stderr()).not.toContain(faulty.fixtures.token);
  });

  it('answers 502 when the upstream gives no answer, and counts the exchange as errored', async () => {
    const gone = await startReference({ faults: [] });
    const upstream = gone.baseUrl;
    await gone.close();
    const proxy = await startProxy(['--upstream', upstream]);
    const answer = await request(`${proxy.url}/v1/organisations/org-1`, { headers: { authorization: 'Token k' } });
    expect(answer.statusCode).toBe(502);
    await answer.body.text();
    await expect.poll(() => proxy.stdout()).toMatch(/^ERR {2}GET \/v1\/organisations\/org-1: no HTTP answer was recorded: the upstream gave no answer/m);
    expect(await proxy.stop()).toBe(4);
  });

  it("writes curl lines to the deployment: no Host of the proxy's, and no body for a GET that sent none", async () => {
    const upstream = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const reportFile = join(dir, 'proxy-curl.json');
      const base = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
      const proxy = await startProxy(['--upstream', base, '--report-json', reportFile]);
      const answer = await request(`${proxy.url}/v1/organisations/org-1`, { headers: { authorization: 'Token key-of-the-proxy-test' } });
      await answer.body.text();
      await expect.poll(() => proxy.stdout()).toMatch(/^FAIL GET /m);
      expect(await proxy.stop()).toBe(1);
      const { curl } = JSON.parse(readFileSync(reportFile, 'utf8')).checks[0].evidence[0];
      // the upstream is no base URL you gave for your key (MOCKAPI_BASE_URL): the client's key shows inert
      expect(curl).toBe(`curl -sS -i -X GET '${base}/v1/organisations/org-1' -H 'Authorization: Token <MOCKAPI_TOKEN>'`);
    } finally {
      upstream.close();
    }
  });

  it("answers only its own Host, and refuses a cross-origin request: a DNS-rebinding page reads nothing of the upstream's", async () => {
    let forwarded = 0;
    const upstream = createServer((req, res) => {
      forwarded++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{"secret":"of the upstream"}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const proxy = await startProxy(['--upstream', `http://127.0.0.1:${(upstream.address() as { port: number }).port}`]);
      const port = Number(new URL(proxy.url).port);
      const raw = (headers: string) =>
        new Promise<string>((resolve) => {
          // written, not ended: the answer to a request forwarded comes after the request's end, and closes the connection
          const socket = connect(port, '127.0.0.1', () => socket.write(`GET /v1/organisations/org-1 HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`));
          let got = '';
          socket.on('data', (d) => (got += d));
          socket.on('close', () => resolve(got));
        });
      // a page of attacker.test whose name now resolves to 127.0.0.1: the browser sends its own name as Host
      expect(await raw(`Host: attacker.test:${port}\r\n`)).toMatch(/^HTTP\/1\.1 421 /);
      expect(await raw(`Host: 127.0.0.1:${port}\r\nOrigin: http://attacker.test\r\n`)).toMatch(/^HTTP\/1\.1 403 /);
      expect(await raw(`Host: 127.0.0.1:${port}\r\nSec-Fetch-Site: cross-site\r\n`)).toMatch(/^HTTP\/1\.1 403 /);
      expect(forwarded).toBe(0);
      for (const own of [`Host: 127.0.0.1:${port}\r\n`, `Host: localhost:${port}\r\nOrigin: http://localhost:${port}\r\n`]) {
        expect(await raw(own), own).toMatch(/^HTTP\/1\.1 200 /);
      }
      expect(forwarded).toBe(2);
      await proxy.stop();
    } finally {
      upstream.close();
    }
  });

  it('refuses an absolute-form or * request target with 400 and goes on', async () => {
    const proxy = await startProxy(['--upstream', correct.baseUrl]);
    const port = Number(new URL(proxy.url).port);
    const raw = (line: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(`${line}\r\nHost: x\r\nConnection: close\r\n\r\n`));
        let got = '';
        socket.on('data', (d) => (got += d));
        socket.on('close', () => resolve(got));
      });
    expect(await raw('GET http://evil.example/v1/organisations/org-1 HTTP/1.1')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw('OPTIONS * HTTP/1.1')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw('GET //evil.example/v1/organisations/org-1 HTTP/1.1')).toMatch(/^HTTP\/1\.1 400 /);
    const after = await request(`${proxy.url}/v1/organisations/${correct.fixtures.organisationId}`, {
      headers: { authorization: `Token ${correct.fixtures.token}` },
    });
    expect(after.statusCode).toBe(200);
    await after.body.text();
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stderr()).not.toMatch(/ERR_STREAM_WRITE_AFTER_END|^\s+at /m);
  });

  it('forwards an answer past its cap as it comes, judges it too large, and on SIGTERM during an endless one writes the report and exits', async () => {
    let endless = false;
    const upstream = createServer((_req, res) => {
      // a 500 is printed as it passes: the test knows it was judged
      res.writeHead(endless ? 200 : 500, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let left = endless ? Infinity : (12 * 1024 * 1024) / chunk.length;
      const pump = () => {
        while (left-- > 0) if (!res.write(chunk)) return void res.once('drain', pump);
        res.end();
      };
      res.on('close', () => (left = 0));
      pump();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const reportFile = join(dir, 'proxy-large.json');
      const proxy = await startProxy(['--upstream', `http://127.0.0.1:${(upstream.address() as { port: number }).port}`, '--report-json', reportFile]);
      const large = await request(`${proxy.url}/v1/organisations/org-1`, { headers: { authorization: 'Token k' } });
      expect((await large.body.arrayBuffer()).byteLength).toBe(12 * 1024 * 1024);
      await expect.poll(() => proxy.stdout() + proxy.stderr()).toMatch(/^(FAIL|WARN|ERR )/m);
      endless = true;
      const forever = await request(`${proxy.url}/v1/organisations/org-1`, { headers: { authorization: 'Token k' } });
      forever.body.resume();
      forever.body.on('error', () => {});
      const code = await proxy.stop();
      expect([0, 1, 4]).toContain(code);
      const report = JSON.parse(readFileSync(reportFile, 'utf8'));
      expect(report.checks[0].notes[0]).toMatch(/^the answer's body is longer than 8388608 bytes \(12582912 passed\): forwarded as it came, too large to hold/);
    } finally {
      upstream.closeAllConnections();
      upstream.close();
    }
  });
});
