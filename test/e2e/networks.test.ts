// Real networks and first contact: what stands between the tool and a deployment (compression, a proxy, a
// private CA, idle connections closed, interim answers, trailers, IPv6, a path, a cold start) gives verdicts,
// never false failures; a misconfiguration (wrong key, a URL that is not the interface, a missing fixture,
// an untrusted certificate, a failing proxy) is one line. Each against a loopback server that does it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { constants as http2, createSecureServer, type Http2Session } from 'node:http2';
import { createServer as createTcp, type AddressInfo, type Socket } from 'node:net';
import { createServer as createTls } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { Client, cutByRunStop } from '../../src/http/client.ts';
import { RunGate } from '../../src/http/run-gate.ts';
import { request as undiciRequest } from 'undici';
import { networkReason, withoutInternals, type Network } from '../../src/http/network.ts';
import { runCli, unjudgedReports, type CliResult } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';
import { certificates, chainedCertificates } from '../support/certificates.ts';
import { startFront, startTestProxy, type Front } from '../support/front.ts';
import { MANY_CONNECTIONS } from '../../reporters/summary.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time; the process's own where Node reads the variable
const runner = useRunners(1);

let reference: ReferenceDeployment;
beforeAll(async () => {
  reference = await startReference({ port: 0, faults: [] });
});
afterAll(() => reference.close());

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
async function front(options: Parameters<typeof startFront>[1]): Promise<Front> {
  const f = await startFront(reference.baseUrl, options);
  stops.push(() => f.close());
  return f;
}
function clientOf(baseUrl: string, network?: Network): Client {
  const c = new Client({ baseUrl, token: reference.fixtures.token, forbiddenToken: undefined, timeoutMs: 5000, network });
  stops.push(() => c.close());
  return c;
}
const organisation = () => ({ method: 'GET' as const, path: `/v1/organisations/${reference.fixtures.organisationId}` });
/** The reference's run environment with the base URL of what stands before it. */
const through = (baseUrl: string, extra: Record<string, string> = {}) => ({ ...runEnvironment(reference), MOCKAPI_BASE_URL: baseUrl, ...extra });
/** What a user reads: stdout and stderr. */
const printed = (r: CliResult) => r.stdout + r.stderr;
/** The line a run says its connections are far beyond its requests with (reporters/summary.ts connectionsSaid): connections, requests, requests on each. */
const CONNECTIONS_SAID =
  /^Connections: the run opened (\d+) for (\d+) requests \(([\d.]+) on each\): the deployment, or what stands before it, ends its connections/m;

/** A server that answers every request with what `answer` writes on the socket (raw HTTP/1.1). */
async function rawServer(answer: (socket: Socket, onSocket: number) => void): Promise<string> {
  const server = createTcp((socket) => {
    let n = 0;
    socket.on('error', () => {});
    socket.on('data', (d) => d.includes('\r\n\r\n') && answer(socket, n++));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<Socket>();
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  stops.push(() => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), server.close(resolve))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('content codings', () => {
  test('gzip, x-gzip, deflate, br and two stacked are decoded before judging; the evidence and the curl line say so', async () => {
    const codings = ['gzip', 'x-gzip', 'deflate', 'br', 'gzip, br'];
    const f = await front({ coding: (n) => codings[n % codings.length] });
    const c = clientOf(f.baseUrl);
    for (const coding of codings) {
      const ex = await c.send(organisation());
      expect(ex.requestHeaders['accept-encoding']).toBe('gzip, deflate, br');
      expect(ex.codings).toEqual(coding.split(', '));
      expect((ex.json as { organisation: { id: string } }).organisation.id).toBe(reference.fixtures.organisationId);
      const evidence = c.evidence(ex);
      expect(evidence.coding).toContain(coding);
      expect(evidence.curl).toMatch(/^curl -sS -i --compressed /);
      expect(evidence.curl).not.toContain('accept-encoding');
    }
    expect(Object.keys(f.counts)).toEqual(expect.arrayContaining(codings));
  });

  test('a coding not decoded here is a failed check that names it', async () => {
    const f = await front({ coding: () => 'zstd' });
    const ex = await clientOf(f.baseUrl).send(organisation());
    expect(ex.status).toBe(200);
    expect(ex.json).toBeUndefined();
    expect(ex.jsonError).toMatch(/content coding "zstd"/);
    expect(ex.codings).toBeUndefined();
    const r = await runner.run(['--only', '^ORG-IDENTITY'], through(f.baseUrl));
    const [check] = r.report!.checks;
    expect(check!.outcome).toBe('failed');
    expect(check!.message).toMatch(/Content-Encoding zstd, which this client cannot decode/);
  });

  test('a compression bomb is cut at the body cap in decoded bytes: judged too large, never held whole', async () => {
    // 64 MiB of zeros in 64 KiB of gzip, sent again and again
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    let sent = 0;
    const url = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${bomb.length}\r\n\r\n`);
      sent = bomb.length;
      socket.write(bomb);
    });
    const c = new Client({ baseUrl: url, token: 'k', forbiddenToken: undefined, timeoutMs: 5000, maxBodyBytes: 1024 * 1024 });
    stops.push(() => c.close());
    const ex = await c.send(organisation());
    expect(sent).toBeGreaterThan(0);
    expect(ex.truncated).toBe(true);
    // read up to the cap in decoded bytes, then only the start the evidence shows is kept (src/http/capped-read.ts TRUNCATED_KEPT_BYTES)
    expect(ex.bytes.length).toBe(64 * 1024);
    expect(ex.jsonError).toMatch(/longer than 1048576 bytes/);
  });

  test('a body that is not the coding it names is an answer that says so, not a lost connection', async () => {
    const url = await rawServer((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 7\r\n\r\n{"a":1}'),
    );
    const ex = await clientOf(url).send(organisation());
    expect(ex.status).toBe(200);
    expect(ex.jsonError).toMatch(/not valid gzip/);
  });
});

describe('a kept-alive connection closed before the answer', () => {
  test('is sent again once on a new connection, and the evidence says so', async () => {
    // the second request on any connection finds it closed: the idle-close race, made certain
    const url = await rawServer((socket, onSocket) => {
      if (onSocket === 1) return void socket.destroy();
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    });
    const c = clientOf(url);
    expect((await c.send(organisation())).status).toBe(200);
    // the connection is back among the idle ones once its answer is read to the end
    await new Promise((resolve) => setImmediate(resolve));
    const again = await c.send(organisation());
    expect(again.status, again.error).toBe(200);
    expect(c.evidence(again).retried).toMatch(/sent again on a new connection/);
  });

  test('a new connection closed without an answer is not sent again', async () => {
    const url = await rawServer((socket) => socket.destroy());
    const ex = await clientOf(url).send(organisation());
    expect(ex.status).toBe(0);
    expect(ex.retried).toBeUndefined();
  });

  test('the whole suite against a front that closes idle connections after 50 ms, unannounced: 0 failed, 0 errored', async () => {
    const f = await front({ idleCloseMs: 50 });
    const r = await runner.run(['--runs', '10'], through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.code).toBe(0);
    expect(f.counts['idle-closed']).toBeGreaterThan(0);
  });
});

describe('connections far beyond the requests', () => {
  test('a deployment that ends every connection after its answer: the run says so, as an observation, and judges as over keep-alive', async () => {
    const only = ['--only', '^ORG-', '--runs', '40'];
    const kept = await front({});
    const overKeepAlive = await runner.run(only, through(kept.baseUrl));
    const closing = await front({ answersPerConnection: 1 });
    const r = await runner.run(only, through(closing.baseUrl));
    const { connections, requests } = r.report!.summary;
    // every request its own connection (the front also saw the preflight's), and none of it a verdict
    expect(connections, printed(r)).toBe(requests);
    expect(closing.counts.connections).toBeGreaterThanOrEqual(requests);
    expect(connections).toBeGreaterThan(MANY_CONNECTIONS);
    expect(r.stdout.match(CONNECTIONS_SAID)?.slice(1), r.stdout).toEqual([String(connections), String(requests), '1.0']);
    expect(r.stdout).toContain('which the interface says nothing about: no check judged it, and it changes no verdict.');
    expect(r.code, printed(r)).toBe(0);
    expect(r.report!.checks.map((c) => [c.id, c.outcome])).toEqual(overKeepAlive.report!.checks.map((c) => [c.id, c.outcome]));
    // the same checks over keep-alive: no more connections than requests in flight (16 at most), and nothing said
    const keptAlive = overKeepAlive.report!.summary;
    expect(keptAlive.requests).toBeGreaterThan(MANY_CONNECTIONS);
    expect(keptAlive.connections).toBeLessThanOrEqual(16);
    expect(overKeepAlive.stdout).not.toMatch(CONNECTIONS_SAID);
  });
});

test('a generated input whose request got no answer is never "answered inconsistently": the check ends errored', async () => {
  // the third and fourth state update are lost (the fourth is the one sent again on a new connection)
  let puts = 0;
  const f = await front({ drops: (method, path) => method === 'PUT' && path.endsWith('/settings/state') && [3, 4].includes(++puts) });
  const r = await runner.run(['--only', 'generated valid state settings', '--runs', '10'], through(f.baseUrl));
  const [check] = r.report!.checks;
  expect(f.counts.dropped).toBe(2);
  expect(check!.outcome, check!.message).toBe('errored');
  expect(check!.message).toMatch(/the deployment gave no HTTP answer/);
  expect(check!.message).not.toMatch(/inconsistently/);
});

describe('what keeps working', () => {
  test('100 Continue unasked, 102 and 103 before every answer: skipped, the same verdicts as without them', async () => {
    const only = ['--only', '^ORG-RESPONSE|^ORG-TYPES'];
    const plain = await runner.run(only, through((await front({})).baseUrl));
    const f = await front({ interim: true });
    const r = await runner.run(only, through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0, passed: plain.report!.summary.passed });
    expect(r.code).toBe(0);
    expect(f.counts.interim).toBeGreaterThanOrEqual(r.report!.summary.requests);
  });

  test('103 Early Hints, trailers, IPv6, a path, a cold-start 503 (Retry-After as an HTTP-date) and every coding, in one run', async () => {
    const codings = ['gzip', 'x-gzip', 'deflate', 'br'];
    const f = await front({
      host: '::1',
      prefix: '/api/mock',
      earlyHints: true,
      trailers: true,
      coding: (n) => codings[n % codings.length],
      coldStart: () => new Date(Date.now() + 1000).toUTCString(),
    });
    expect(f.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/api\/mock$/);
    const r = await runner.run(['--only', '^ORG-|^AUTH-401-MISSING'], through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.report!.summary.passed).toBeGreaterThan(5);
    expect(r.code).toBe(0);
    expect(f.counts).toMatchObject({ 'cold-start': 1 });
    for (const what of ['early-hints', 'trailers', ...codings]) expect(f.counts[what], what).toBeGreaterThan(0);
  });
});

describe('proxies', () => {
  const TRUST: [string, string] = ['x-through-test-proxy', 'yes'];
  const PROXY_PASSWORD = 'pr0xy-Pa55word-4f7c1e';

  test('HTTP_PROXY is honoured: a deployment only the proxy reaches is verified, and the proxy password is printed nowhere', async () => {
    const f = await front({ trusts: TRUST });
    const proxy = await startTestProxy(TRUST, `builder:${PROXY_PASSWORD}`);
    stops.push(() => proxy.close());
    const r = await runner.run(['--only', '^ORG-'], through(f.baseUrl, { HTTP_PROXY: proxy.url, NO_PROXY: 'example.test' }));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.code).toBe(0);
    expect(proxy.forwarded).toBeGreaterThan(5);
    expect(f.counts.refused).toBeUndefined();
    expect(printed(r) + r.reportText).not.toContain(PROXY_PASSWORD);
  });

  test('a proxy that refuses the credentials given is named in the one line, exit 3', async () => {
    const f = await front({ trusts: TRUST });
    const proxy = await startTestProxy(TRUST, `builder:${PROXY_PASSWORD}`);
    stops.push(() => proxy.close());
    const r = await runner.run(['--proxy', proxy.url.replace(PROXY_PASSWORD, 'wrong-password')], through(f.baseUrl));
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr.trim()).toMatch(
      /^mockapi-conformance: cannot reach \S+: the proxy http:\/\/\*\*\*@127\.0\.0\.1:\d+ \(--proxy\) failed: it answered 407: proxy credentials missing or refused/,
    );
    expect(printed(r)).not.toMatch(/wrong-password|builder/);
  });

  test('without the proxy the same URL is not the interface: one line, exit 5', async () => {
    const f = await front({ trusts: TRUST });
    const r = await runner.run([], through(f.baseUrl));
    expect(r.code).toBe(5);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/does not answer as the interface: GET \/v1\/organisations\/\S+ answered 403 "text\/html"/);
  });

  test('a proxy that cannot be reached is named in the one line, without its password', async () => {
    // a port that was free a moment ago: nothing listens there
    const spare = createTcp();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise((resolve) => spare.close(resolve));
    const r = await runner.run(
      [],
      through('http://deployment.example.test:8080', {
        HTTPS_PROXY: `http://builder:${PROXY_PASSWORD}@127.0.0.1:${port}`,
        HTTP_PROXY: `http://builder:${PROXY_PASSWORD}@127.0.0.1:${port}`,
      }),
    );
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/the proxy http:\/\/\*\*\*@127\.0\.0\.1:\d+ \(HTTP_PROXY\) failed: it refused the connection \(ECONNREFUSED\)/i);
    expect(printed(r)).not.toContain(PROXY_PASSWORD);
  });

  test('--proxy sends through the proxy named, NO_PROXY is honoured for the variables, and https goes through CONNECT', async () => {
    const { key, cert, ca } = certificates();
    const tlsFront = await front({ tls: { key, cert } });
    const plain = await front({ trusts: TRUST });
    const proxy = await startTestProxy(TRUST);
    stops.push(() => proxy.close());
    expect((await clientOf(plain.baseUrl, { proxy: proxy.url }).send(organisation())).status).toBe(200);
    expect(proxy.forwarded).toBe(1);
    expect((await clientOf(tlsFront.baseUrl, { proxy: proxy.url, caFile: ca }).send(organisation())).status).toBe(200);
    expect(proxy.tunnels).toBe(1);
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
      const direct = await clientOf(plain.baseUrl, {}).send(organisation());
      expect(direct.status).toBe(403);
      expect(proxy.forwarded).toBe(1);
    } finally {
      for (const name of ['HTTP_PROXY', 'NO_PROXY']) if (saved[name] === undefined) delete process.env[name];
    }
  });
});

describe('a private CA', () => {
  test('a chain that leaves out its intermediate is named as such, its root trusted or not; the whole chain sent is verified', async () => {
    const { key, cert, intermediate, root } = chainedCertificates();
    const alone = await front({ tls: { key, cert } });
    const ran = await runner.run(['--ca-file', root, '--only', '^AUTH-401-MISSING getOrganisation: a request without'], through(alone.baseUrl));
    expect(ran.code).toBe(3);
    expect(ran.stderr.trim().split('\n')).toHaveLength(1);
    expect(ran.stderr).toMatch(/TLS: the certificate came without its issuer's, .*the server's chain leaves out its intermediate certificate/);
    const whole = await front({ tls: { key, cert: `${cert}${intermediate}` } });
    const verified = await runner.run(['--ca-file', root, '--only', '^AUTH-401-MISSING getOrganisation: a request without'], through(whole.baseUrl));
    expect(verified.report!.summary, printed(verified)).toMatchObject({ failed: 0, errored: 0, passed: 1 });
  });

  test('untrusted: one line in words, no OpenSSL internals, exit 3; trusted by --ca-file or NODE_EXTRA_CA_CERTS: verified', async () => {
    const { key, cert, ca } = certificates();
    const f = await front({ tls: { key, cert } });
    const untrusted = await runner.run([], through(f.baseUrl));
    expect(untrusted.code).toBe(3);
    expect(untrusted.stderr.trim().split('\n')).toHaveLength(1);
    expect(untrusted.stderr).toMatch(/TLS: the certificate came without its issuer's.* or a CA not trusted here signed it \(--ca-file FILE/);
    expect(untrusted.stderr).not.toMatch(/SSL routines|:error:/);
    const byFlag = await runner.run(['--ca-file', ca, '--only', '^ORG-IDENTITY|^AUTH-401-MISSING getOrganisation'], through(f.baseUrl));
    expect(byFlag.report!.summary, printed(byFlag)).toMatchObject({ failed: 0, errored: 0 });
    expect(byFlag.report!.summary.passed).toBeGreaterThan(0);
    // a process of its own: Node reads NODE_EXTRA_CA_CERTS as it starts
    const byVariable = await runCli(['--only', '^AUTH-401-MISSING getOrganisation: a request without'], through(f.baseUrl, { NODE_EXTRA_CA_CERTS: ca }));
    expect(byVariable.report!.summary, printed(byVariable)).toMatchObject({ failed: 0, errored: 0, passed: 1 });
  });

  test('words for what OpenSSL and DNS say, the code kept at the end', () => {
    const openssl = Object.assign(
      new Error('808C4713267F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:355:\n'),
      { code: 'ERR_SSL_WRONG_VERSION_NUMBER' },
    );
    expect(networkReason(openssl, [])).toBe('TLS: the server did not answer in TLS (is it http, not https, on this port?) (ERR_SSL_WRONG_VERSION_NUMBER)');
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND api.example.test'), { code: 'ENOTFOUND' });
    expect(networkReason(dns, [])).toBe('the host name was not found (DNS) (ENOTFOUND api.example.test)');
    // a port that has 407 in it is no 407
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:44073'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 44073 });
    expect(networkReason(refused, [{ url: 'http://127.0.0.1:44073', source: 'HTTP_PROXY' }])).toBe(
      'the proxy http://127.0.0.1:44073 (HTTP_PROXY) failed: it refused the connection (ECONNREFUSED)',
    );
  });
});

describe('HTTP/2 and TLS failures', () => {
  test('an h2-only TLS deployment is reached by ALPN and judged; the HAR says HTTP/2', async () => {
    const { key, cert, ca } = certificates();
    const f = await front({ tls: { key, cert }, h2: true });
    const har = join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-h2-')), 'run.har');
    const r = await runner.run(['--ca-file', ca, '--only', '^ORG-IDENTITY|^AUTH-401-MISSING getOrganisation', '--report-har', har], through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.report!.summary.passed).toBeGreaterThan(1);
    expect(r.code).toBe(0);
    expect(f.counts.h2).toBeGreaterThan(5);
    const entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: { response: { httpVersion: string } }[] } }).log.entries;
    expect(new Set(entries.map((e) => e.response.httpVersion))).toEqual(new Set(['HTTP/2']));
  });

  test('an answer over HTTP/2, direct or through a tunnel, has plain string headers, no pseudo-header, and a curl line like any other', async () => {
    const { key, cert, ca } = certificates();
    const f = await front({ tls: { key, cert }, h2: true });
    const c = clientOf(f.baseUrl, { caFile: ca });
    const ex = await c.send(organisation());
    expect(ex.status, ex.error).toBe(200);
    expect(Object.keys(ex.headers).filter((k) => k.startsWith(':'))).toEqual([]);
    expect(Object.values(ex.headers).every((v) => typeof v === 'string')).toBe(true);
    expect(ex.mediaType).toBe('application/json');
    expect(c.evidence(ex).curl).toMatch(/^curl -sS -i -X GET 'https:\/\/127\.0\.0\.1:\d+\/v1\/organisations\//);
    // through a proxy's CONNECT tunnel too: ALPN is offered on the TLS inside it
    const proxy = await startTestProxy(['x-through-test-proxy', 'yes']);
    stops.push(() => proxy.close());
    const tunnelled = await clientOf(f.baseUrl, { proxy: proxy.url, caFile: ca }).send(organisation());
    expect(tunnelled.status, tunnelled.error).toBe(200);
    expect(proxy.tunnels).toBe(1);
    expect(f.counts.h2).toBe(2);
  });

  test('a TLS deployment that speaks neither HTTP/2 nor HTTP/1.1: one line in words with the code, no OpenSSL path, exit 3', async () => {
    const { key, cert, ca } = certificates();
    const server = createTls({ key, cert, ALPNProtocols: ['acme-tls/1'] }, (socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    const r = await runner.run(['--ca-file', ca], through(`https://127.0.0.1:${(server.address() as AddressInfo).port}`));
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /cannot reach \S+: TLS: the server ended the handshake: it speaks neither HTTP\/2 nor HTTP\/1\.1, the protocols this client offers \(ALPN\) \(TLS alert 120\) \(ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL\)/,
    );
    expect(printed(r)).not.toMatch(/\.c:\d|SSL routines|:error:/);
  });

  test('OpenSSL errors in words with their code; no source path reaches a line, whatever the error', () => {
    const openssl = (code: string, reason: string, alert?: number) =>
      Object.assign(
        new Error(
          `807C8289D87F0000:error:0A000460:SSL routines:ssl3_read_bytes:${reason}:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:${alert ? `SSL alert number ${alert}` : ''}\n`,
        ),
        { code, reason },
      );
    expect(networkReason(openssl('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'tlsv1 alert protocol version', 70), [])).toBe(
      'TLS: the server ended the handshake: it accepts no TLS version this client speaks (TLS alert 70) (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION)',
    );
    expect(networkReason(openssl('ERR_SSL_TLSV1_ALERT_DECODE_ERROR', 'tlsv1 alert decode error', 50), [])).toBe(
      'TLS: the server ended the handshake: alert "decode error" (TLS alert 50) (ERR_SSL_TLSV1_ALERT_DECODE_ERROR)',
    );
    expect(networkReason(openssl('ERR_SSL_PACKET_LENGTH_TOO_LONG', 'packet length too long'), [])).toBe(
      'TLS: the handshake failed: packet length too long (ERR_SSL_PACKET_LENGTH_TOO_LONG)',
    );
    // an OpenSSL message under another code
    expect(networkReason(openssl('EOTHER', 'bad record mac'), [])).toBe('TLS: bad record mac (EOTHER)');
    expect(
      withoutInternals(
        'write EPROTO 80A0C1F1A67F0000:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:ssl/record/rec_layer_s3.c:1605:',
      ),
    ).toBe('write EPROTO sslv3 alert handshake failure');
  });
});

/** An HTTP/2 deployment that closes connections gracefully (goawayFront): what it did, and what the next request meets. */
interface GoawayFront {
  baseUrl: string;
  ca: string;
  /** the requests it processed (forwarded): method, path and body */
  processed: string[];
  goaways: number;
  /**
   * The next request to arrive meets a GOAWAY: naming the stream before it (it is never processed; a stream of a
   * kept-alive connection, so that there is one before it), or its own stream once processed (the answer follows).
   */
  next?: 'goaway-before-it' | 'goaway-after-it';
}

/**
 * An HTTP/2-only deployment over TLS (node:http2) that forwards to the reference and closes connections gracefully:
 * the kth connection as it opens when `atOpen(k)` (a GOAWAY naming no stream: the request on it was never processed),
 * and where `next` says. `before` runs as each GOAWAY goes out. With `phasedEvery`, each connection is shut down
 * after that many streams in two phases (RFC 9113 §6.8): a GOAWAY naming the highest stream id there can be, a
 * PING, then, once it is acknowledged, a close whose GOAWAY names the last stream processed.
 */
async function goawayFront(atOpen: (k: number) => boolean = () => false, before?: () => void, phasedEvery?: number): Promise<GoawayFront> {
  const { key, cert, ca } = certificates();
  const server = createSecureServer({ key, cert });
  const front: GoawayFront = { baseUrl: '', ca, processed: [], goaways: 0 };
  const goaway = (session: Http2Session | undefined, last: number) => {
    front.goaways++;
    before?.();
    session?.goaway(http2.NGHTTP2_NO_ERROR, last);
  };
  let opened = 0;
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session.on('error', () => {}).on('close', () => sessions.delete(session)));
    // no stream has arrived: the GOAWAY names none (last stream 0), and the connection ends once it is sent
    if (atOpen(++opened)) {
      goaway(session, 0);
      session.close();
    }
  });
  const streams = new WeakMap<Http2Session, number>();
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    const { session } = stream;
    const count = (streams.get(session!) ?? 0) + 1;
    streams.set(session!, count);
    if (count === phasedEvery) {
      goaway(session, 2 ** 31 - 1);
      session!.ping(() => session!.close());
    }
    const what = front.next;
    front.next = undefined;
    if (what === 'goaway-before-it') {
      goaway(session, (stream.id ?? 1) - 2);
      return void setImmediate(() => session?.destroy());
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', async () => {
      const [method, path] = [String(headers[':method']), String(headers[':path'])];
      front.processed.push(`${method} ${path} ${Buffer.concat(chunks).toString()}`);
      if (what === 'goaway-after-it') goaway(session, stream.id ?? 1);
      const forwarded = Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(':') && k !== 'accept-encoding')) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await undiciRequest(reference.baseUrl + path, { method: method as 'GET', headers: forwarded, body });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      if (stream.destroyed) return;
      stream.respond({ ':status': answer.statusCode, 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
      stream.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => (sessions.forEach((session) => session.destroy()), server.close(resolve))));
  front.baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return front;
}

describe('a graceful HTTP/2 close (GOAWAY)', () => {
  const rename = (name: string) => ({
    method: 'PUT' as const,
    path: `/v1/organisations/${reference.fixtures.organisationId}`,
    json: { organisation: { name } },
  });
  const processedOf = (f: GoawayFront, name: string) => f.processed.filter((p) => p.includes(`"${name}"`));

  test('a request above the last stream id is sent again, a write too, and processed once; one at or below it is never sent again', async () => {
    // the third connection to open is closed as it opens, while its request is in flight
    const f = await goawayFront((k) => k === 3);
    const c = clientOf(f.baseUrl, { caFile: f.ca });
    expect((await c.send(organisation())).status).toBe(200);
    // on the kept-alive connection (stream 3), closed naming stream 1
    f.next = 'goaway-before-it';
    const resent = await c.send(rename('Acme A'));
    expect(resent.status, resent.error).toBe(200);
    expect(c.evidence(resent).retried).toMatch(
      /^sent again on another connection: the deployment closed the HTTP\/2 connection with GOAWAY \(last stream 1\) before processing this request \(stream 3\)/,
    );
    expect(processedOf(f, 'Acme A')).toHaveLength(1);
    // three in flight together, each on a connection of its own: the one on the connection closed as it opens is sent again
    const together = await Promise.all(['Acme B', 'Acme C', 'Acme D'].map((name) => c.send(rename(name))));
    for (const ex of together) expect(ex.status, ex.error).toBe(200);
    expect(together.map((ex) => ex.retried ?? '').filter((r) => /GOAWAY \(last stream 0\) before processing this request \(stream 1\)/.test(r))).toHaveLength(
      1,
    );
    for (const name of ['Acme B', 'Acme C', 'Acme D']) expect(processedOf(f, name), name).toHaveLength(1);
    // processed, then the GOAWAY names its own stream: its answer comes, and the request is not sent again
    f.next = 'goaway-after-it';
    const processed = await c.send(rename('Acme E'));
    expect(processed.status, processed.error).toBe(200);
    expect(processed.retried).toBeUndefined();
    expect(processedOf(f, 'Acme E')).toHaveLength(1);
    expect(f.goaways).toBe(3);
  });

  test('sent again twice at most, and never once the run has stopped', async () => {
    const always = await goawayFront(() => true);
    const ex = await clientOf(always.baseUrl, { caFile: always.ca }).send(rename('Acme F'));
    expect(ex.status).toBe(0);
    expect(ex.error).toMatch(
      /^the deployment ended the HTTP\/2 stream before its answer \(NGHTTP2_REFUSED_STREAM\); it had been sent again on another connection: .*; and again: the deployment closed the HTTP\/2 connection with GOAWAY/,
    );
    expect(always.goaways).toBe(3);
    expect(always.processed).toEqual([]);
    const gate = new RunGate();
    stops.push(async () => gate.close());
    const stopping = await goawayFront(
      () => true,
      () => gate.stop('interrupted'),
    );
    const c = new Client({
      baseUrl: stopping.baseUrl,
      token: reference.fixtures.token,
      forbiddenToken: undefined,
      timeoutMs: 5000,
      network: { caFile: stopping.ca },
      gate,
    });
    stops.push(() => c.close());
    const stopped = await c.send(rename('Acme G'));
    expect(stopped.status).toBe(0);
    expect(cutByRunStop(stopped)).toBe(true);
    expect(stopping.goaways).toBe(1);
  });

  test('a deployment shutting each connection down after 50 streams in two phases: none errored, exit 0', async () => {
    const f = await goawayFront(undefined, undefined, 50);
    // as many runs per property whatever latency the run measures: several hundred requests, a dozen shutdowns
    const r = await runner.run(['--ca-file', f.ca, '--only', '^ORG-', '--runs', '100'], through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.code, printed(r)).toBe(0);
    expect(f.goaways).toBeGreaterThan(2);
    // about 50 requests on each connection: nothing said of them
    expect(r.report!.summary.connections).toBeLessThan(r.report!.summary.requests / 10);
    expect(r.stdout).not.toMatch(CONNECTIONS_SAID);
  });

  test("a deployment that sends GOAWAY on each connection's second stream: none errored, and the run says its connections are far beyond its requests", async () => {
    const f = await goawayFront(undefined, undefined, 2);
    const r = await runner.run(['--ca-file', f.ca, '--only', '^ORG-', '--runs', '40'], through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.code, printed(r)).toBe(0);
    const { connections = 0, requests } = r.report!.summary;
    expect(connections).toBeGreaterThan(MANY_CONNECTIONS);
    expect(requests / connections).toBeLessThanOrEqual(2);
    expect(f.goaways).toBeGreaterThan(0);
    expect(r.stdout.match(CONNECTIONS_SAID)?.slice(1), r.stdout).toEqual([String(connections), String(requests), (requests / connections).toFixed(1)]);
  });

  test('the organisation checks through a deployment that closes every third connection as it opens: none errored, exit 0', async () => {
    const f = await goawayFront((k) => k % 3 === 0);
    const r = await runner.run(['--ca-file', f.ca, '--only', '^ORG-'], through(f.baseUrl));
    expect(r.report!.summary, printed(r)).toMatchObject({ failed: 0, errored: 0 });
    expect(r.code).toBe(0);
    expect(f.goaways).toBeGreaterThan(1);
  });
});

describe('first contact: the preflight', () => {
  test('a wrong key is one line and exit 5, not a failed check; the reports asked for say so', async () => {
    const junit = join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-junit-')), 'r.xml');
    const r = await runner.run(['--report-junit', junit], through(reference.baseUrl, { MOCKAPI_TOKEN: 'wrong-token-123' }));
    expect(r.code).toBe(5);
    expect(r.stdout.split('\n')).toEqual([expect.stringMatching(/^JSON report: /), `JUnit report: ${junit}`, '']);
    expect(r.stderr.trim()).toBe(
      `mockapi-conformance: the deployment answers 401 to GET /v1/organisations/${reference.fixtures.organisationId} with the key given: check MOCKAPI_TOKEN or --token (if the key is right, the deployment refuses valid keys)`,
    );
    const { said, exit, junit: cases } = await unjudgedReports(r, junit);
    expect(exit).toEqual({ code: 5, reason: said });
    expect(cases).toEqual([{ name: 'nothing judged (exit 5)', error: said }]);
    expect(r.reportText + readFileSync(junit, 'utf8')).not.toContain('wrong-token-123');
  });

  test.each<[string, Parameters<typeof createServer>[1]]>([
    [
      'a static file server',
      (req, res) =>
        req.url === '/'
          ? res.writeHead(200, { 'content-type': 'text/html' }).end('<html>index</html>')
          : res.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 Not Found</html>'),
    ],
    [
      'a login page',
      (req, res) =>
        req.url!.startsWith('/login')
          ? res.writeHead(200, { 'content-type': 'text/html' }).end('<form>sign in</form>')
          : res.writeHead(302, { location: '/login?next=%2Fv1' }).end(),
    ],
    [
      'a web app that answers every path with its page',
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><div id=app></div></html>'),
    ],
  ])('%s is not the interface: one line, exit 5', async (_what, answer) => {
    const server: Server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    const r = await runner.run([], through(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    expect(r.code).toBe(5);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/does not answer as the interface: .*no answer is JSON: check MOCKAPI_BASE_URL/);
  });

  test('an organisation that does not exist: its checks end errored with one reason naming the variable, none failed', async () => {
    const r = await runner.run(['--only', '^ORG-'], through(reference.baseUrl, { MOCKAPI_ORGANISATION_ID: 'no-such-organisation' }));
    const report = r.report!;
    expect(report.summary.failed, printed(r)).toBe(0);
    expect(report.summary.errored).toBeGreaterThan(0);
    for (const c of report.checks.filter((c) => c.outcome === 'errored')) expect(c.message).toMatch(/set MOCKAPI_ORGANISATION_ID to one the deployment has/);
    expect(r.stdout).toMatch(/Preflight: the fixture does not exist: GET \/v1\/organisations\/no-such-organisation was answered 404/);
    // three probes, the organisation's read and the logged request's (the reads are latency samples too)
    expect(report.summary.preflightRequests).toBe(5);
    expect(r.code).toBe(4);
  });

  test('--only ^AUTH- goes on with a refused key: the AUTH-* checks judge a deployment that refuses valid keys', async () => {
    const r = await runner.run(['--token', 'wrong-token-123', '--only', '^AUTH-401-MISSING getOrganisation: a request without'], through(reference.baseUrl));
    expect(r.stdout).toMatch(/Preflight: the deployment answers 401 .*only AUTH-\* checks run/);
    expect(r.report!.summary).toMatchObject({ passed: 1, failed: 0 });
  });
});
