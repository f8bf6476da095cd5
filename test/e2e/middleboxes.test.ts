// Once against the middleboxes users really have: the reference behind Debian's nginx (a reverse proxy that
// gzips JSON, also when proxied, and closes idle connections after a short keep-alive) reached through
// Debian's squid as HTTP_PROXY. The whole suite passes, and squid's access log shows its requests went
// through it. Then the same nginx over TLS speaking HTTP/2, ending each connection with a GOAWAY after 100
// requests (keepalive_requests), as it does after 1,000 by default: the whole suite passes, and its log
// counts the connections. .ci/run installs nginx and squid when they are missing, as it does Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { useRunners } from '../support/runners.ts';
import { certificates } from '../support/certificates.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

/** Debian puts daemons in /usr/sbin, which a user's PATH may leave out. */
function program(name: string): string {
  const found = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin'].map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found) throw new Error(`${name} is not installed: apt-get install -y nginx-light squid (.ci/run does)`);
  return found;
}

/** A port nothing listens on now, for a daemon that takes its port from its configuration file. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port (the daemon is ready), polling; rejects if it exits first. */
function listening(port: number, daemon: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the daemon exited (${code}) before it listened: ${log()}`));
    daemon.once('exit', exited);
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), daemon.off('exit', exited), resolve()));
      socket.once('error', () => setTimeout(attempt, 25));
    };
    attempt();
  });
}

function stopped(daemon: ChildProcess): Promise<void> {
  if (daemon.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    daemon.once('exit', () => resolve());
    daemon.kill('SIGTERM');
  });
}

const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-middleboxes-'));
// squid drops its privileges to its own user, which writes its logs here
chmodSync(dir, 0o777);
let reference: ReferenceDeployment;
/** the reference behind nginx's HTTP/2 server: a whole run deletes its fixtures, so each run has its own */
let h2Reference: ReferenceDeployment;
let nginx: ChildProcess;
let squid: ChildProcess;
let nginxPort: number;
let squidPort: number;
/** nginx's port over TLS, where it speaks HTTP/2 (ALPN) and ends each connection after 100 requests */
let h2Port: number;

beforeAll(async () => {
  reference = await startReference({ port: 0, faults: [] });
  h2Reference = await startReference({ port: 0, faults: [] });
  [nginxPort, squidPort, h2Port] = [await freePort(), await freePort(), await freePort()];
  const { key, cert } = certificates();
  writeFileSync(join(dir, 'server.key'), key);
  writeFileSync(join(dir, 'server.pem'), cert);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log;
events { worker_connections 256; }
http {
  log_format coded '$request $status gzip=$gzip_ratio';
  access_log ${dir}/nginx-access.log coded;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  # gzip for JSON, also when the request came through a proxy (squid adds Via)
  gzip on; gzip_types application/json text/plain; gzip_proxied any; gzip_min_length 1; gzip_vary on;
  # a short keep-alive, not announced (no second value: no Keep-Alive header)
  keepalive_timeout 100ms;
  client_max_body_size 0;
  server {
    listen 127.0.0.1:${nginxPort};
    location / { proxy_pass ${reference.baseUrl}; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
  # each connection, and the number of its request, in a log of its own
  log_format connections '$connection $connection_requests $server_protocol $status';
  server {
    listen 127.0.0.1:${h2Port} ssl http2;
    ssl_certificate ${dir}/server.pem; ssl_certificate_key ${dir}/server.key;
    access_log ${dir}/nginx-h2.log connections;
    keepalive_requests 100; keepalive_timeout 75s;
    location / { proxy_pass ${h2Reference.baseUrl}; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
  );
  writeFileSync(
    join(dir, 'squid.conf'),
    `http_port 127.0.0.1:${squidPort}
http_access allow all
cache deny all
access_log stdio:${dir}/squid-access.log
cache_log ${dir}/squid-cache.log
pid_filename ${dir}/squid.pid
coredump_dir ${dir}
visible_hostname localhost
shutdown_lifetime 0 seconds
request_body_max_size 0
`,
  );
  nginx = spawn(program('nginx'), ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'nginx-error.log')], { stdio: 'ignore' });
  squid = spawn(program('squid'), ['-N', '-f', join(dir, 'squid.conf')], { stdio: 'ignore' });
  const log = (file: string) => () => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').slice(-2000) : '');
  await Promise.all([listening(nginxPort, nginx, log('nginx-error.log')), listening(squidPort, squid, log('squid-cache.log'))]);
});

afterAll(async () => {
  await Promise.all([nginx && stopped(nginx), squid && stopped(squid)]);
  await reference?.close();
  await h2Reference?.close();
});

test("the whole suite through squid (HTTP_PROXY) to the reference behind nginx (gzip, short keep-alive): 0 failed, 0 errored, every request in squid's log", async () => {
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  const r = await runner.run(['--runs', '10'], {
    ...runEnvironment(reference),
    MOCKAPI_BASE_URL: baseUrl,
    HTTP_PROXY: `http://127.0.0.1:${squidPort}`,
    NO_PROXY: '',
  });
  const report = r.report!;
  expect(report.summary, r.stdout + r.stderr).toMatchObject({ failed: 0, errored: 0 });
  expect(r.code).toBe(0);
  // squid writes its log as it stops
  await stopped(squid);
  const through = readFileSync(join(dir, 'squid-access.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(`${baseUrl}/v1/`));
  expect(through.length).toBeGreaterThanOrEqual(report.summary.requests + (report.summary.preflightRequests ?? 0));
  // nginx compressed what it sent back: the run saw gzip and judged the decoded JSON
  expect(readFileSync(join(dir, 'nginx-access.log'), 'utf8')).toMatch(/GET \/v1\/organisations\/\S+ HTTP\/1\.1 200 gzip=\d/);
});

test('the whole suite over HTTP/2 to nginx ending each connection after 100 requests (GOAWAY): exit 0, every check judged, few connections', async () => {
  const r = await runner.run(['--ca-file', certificates().ca], { ...runEnvironment(h2Reference), MOCKAPI_BASE_URL: `https://127.0.0.1:${h2Port}` });
  const { summary, checks } = r.report!;
  expect(summary, r.stdout + r.stderr).toMatchObject({ failed: 0, errored: 0, skipped: 0 });
  expect(r.code).toBe(0);
  expect(checks.every((c) => c.outcome === 'passed' || c.outcome === 'warned')).toBe(true);
  const lines = readFileSync(join(dir, 'nginx-h2.log'), 'utf8').trim().split('\n');
  const requests = summary.requests + (summary.preflightRequests ?? 0);
  expect(lines.length).toBeGreaterThanOrEqual(requests);
  expect(lines.every((line) => / HTTP\/2\.0 /.test(line))).toBe(true);
  // nginx ended connections at 100 requests, and the run opened a few more than the requests needed, not one per GOAWAY's loss
  const connections = new Set(lines.map((line) => line.split(' ')[0]));
  expect(lines.some((line) => line.split(' ')[1] === '100')).toBe(true);
  expect(connections.size).toBeLessThanOrEqual(3 * Math.ceil(requests / 100));
});
