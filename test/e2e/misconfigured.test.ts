// A misconfiguration is never a verdict: every fixture named wrong ends the checks that use it errored, naming its
// variable, whichever area they are of, and none fails; a base URL that is not the interface's root (it ends in /v1,
// or sits under another path), or is another JSON service, is one line, exit 5, before any check; a key that may read
// but not write ends the run's writes unjudged, its reads judged, with one line and exit 5; and the preflight's lines
// quote a deployment with the keys redacted in every form the redactor knows.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { configOfOptions } from '../../src/run/run-options.ts';
import { notOpenedReason, openTarget } from '../../src/run/open-target.ts';
import { useRunners } from '../support/runners.ts';

const runners = useRunners(1);
let reference: ReferenceDeployment;
let env: Record<string, string>;

beforeAll(async () => {
  reference = await startReference({ port: 0, faults: [] });
  const f = reference.fixtures;
  env = {
    MOCKAPI_TOKEN: f.token,
    MOCKAPI_FORBIDDEN_TOKEN: f.forbiddenToken,
    MOCKAPI_ORGANISATION_ID: f.organisationId,
    MOCKAPI_MOCK_API_ID: f.mockApiId,
    MOCKAPI_DATA_SOURCE_ID: f.dataSourceId,
    MOCKAPI_TEAM_ID: f.teamId,
    MOCKAPI_REQUEST_ID: f.requestId,
  };
});
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
  await reference?.close();
});

/** A server on loopback that answers each request as `answer` does; its base URL. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<string> {
  const server = createServer((req, res) => void Promise.resolve(answer(req, res)).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Another JSON service's answer to every path: 404 with a body of its own (a Spring Boot application's). */
function elsewhere(req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ timestamp: '2026-01-01T00:00:00.000+00:00', status: 404, error: 'Not Found', path: req.url });
  res.writeHead(404, { 'content-type': 'application/json' }).end(body);
}

test('every fixture named wrong ends its checks errored, each naming its variable, and no check fails', async () => {
  const wrong = {
    ...env,
    MOCKAPI_BASE_URL: reference.baseUrl,
    MOCKAPI_ORGANISATION_ID: 'org-none',
    MOCKAPI_MOCK_API_ID: 'mk-none',
    MOCKAPI_DATA_SOURCE_ID: 'ds-none',
    MOCKAPI_DELETABLE_DATA_SOURCE_ID: 'ds-none-2',
    MOCKAPI_TEAM_MEMBER_ID: 'user-none',
    MOCKAPI_REQUEST_ID: '00000000-0000-4000-8000-000000000000',
    MOCKAPI_PUSH_POLICY: reference.fixtures.pushPolicy,
  };
  const r = await runners.run(['--runs', '3'], wrong);
  const failed = r.report!.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'warned');
  expect(
    failed.map((c) => `${c.id}: ${c.message.slice(0, 300)}`),
    r.stdout.slice(-2000),
  ).toEqual([]);
  expect(r.code).toBe(4);
  const messages = r.report!.checks.filter((c) => c.outcome === 'errored').map((c) => c.message);
  for (const variable of [
    'MOCKAPI_ORGANISATION_ID',
    'MOCKAPI_MOCK_API_ID',
    'MOCKAPI_DATA_SOURCE_ID',
    'MOCKAPI_DELETABLE_DATA_SOURCE_ID',
    'MOCKAPI_TEAM_MEMBER_ID',
    'MOCKAPI_REQUEST_ID',
  ]) {
    expect(
      messages.some((m) => m.includes(`set ${variable} `) || m.includes(`and ${variable} `) || m.includes(`set ${variable} (`)),
      variable,
    ).toBe(true);
  }
  // the authentication and identifier checks that send to a fixture end errored too, for the same reason
  for (const area of ['authentication', 'identifiers']) {
    expect(r.report!.checks.some((c) => c.area === area && c.outcome === 'errored' && c.message.startsWith('the fixture does not exist'))).toBe(true);
  }
});

test('a base URL ending in /v1: one line that names the root to set, exit 5, before any check', async () => {
  const r = await runners.run([], { ...env, MOCKAPI_BASE_URL: `${reference.baseUrl}/v1` });
  expect(r.code, r.stderr + r.stdout).toBe(5);
  expect(r.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      new RegExp(`ends in /v1, which every path of the interface begins with .*: set MOCKAPI_BASE_URL or --base-url to "${reference.baseUrl}"$`),
    ),
  ]);
  expect(r.stdout).not.toMatch(/passed/);
});

test('a base URL under a path where the interface is not: one line that names where the fixtures are, exit 5', async () => {
  const r = await runners.run([], { ...env, MOCKAPI_BASE_URL: `${reference.baseUrl}/api/mock` });
  expect(r.code, r.stderr + r.stdout).toBe(5);
  expect(r.stderr.trim()).toMatch(
    new RegExp(
      `the fixtures are not found under ".*/api/mock" but are under "${reference.baseUrl}" .*: set MOCKAPI_BASE_URL or --base-url to "${reference.baseUrl}"$`,
    ),
  );
});

test('a base URL that is another JSON service (404 with its own body everywhere): one line, exit 5, before any check', async () => {
  const r = await runners.run([], { ...env, MOCKAPI_BASE_URL: await serve(elsewhere) });
  expect(r.code, r.stderr + r.stdout).toBe(5);
  expect(r.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^mockapi-conformance: http:\/\/127\.0\.0\.1:\d+ answers as some other service, not the interface: every fixture read was answered 404, and no 404 to a GET of an organisation has the interface's not-found body \{code: 404, message\} \(GET \/v1\/organisations\/conformance-reachability-probe answered 404 "application\/json" "\{\\"timestamp\\".*: check MOCKAPI_BASE_URL or --base-url/,
    ),
  ]);
  expect(r.report!.checks).toEqual([]);
  expect(r.stdout).not.toMatch(/passed/);
});

test('another service under a path whose root is the interface: the line names the root, as for any path the interface is not under', async () => {
  const gateway = await serve(async (req, res) => {
    if (req.url!.startsWith('/api/')) return elsewhere(req, res);
    const answer = await request(reference.baseUrl + req.url!, { method: req.method as 'GET', headers: { authorization: req.headers.authorization ?? '' } });
    res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type']) }).end(Buffer.from(await answer.body.arrayBuffer()));
  });
  const r = await runners.run([], { ...env, MOCKAPI_BASE_URL: `${gateway}/api/mock` });
  expect(r.code, r.stderr + r.stdout).toBe(5);
  expect(r.stderr.trim()).toMatch(
    new RegExp(`the fixtures are not found under ".*/api/mock" but are under "${gateway}" .*: set MOCKAPI_BASE_URL or --base-url to "${gateway}"$`),
  );
});

/** A key with characters that percent-encoding changes. */
const KEY = 'Kz9+mock/Secret=Value_0123456789';
const KEY_FORMS = [KEY, encodeURIComponent(KEY), Buffer.from(KEY).toString('base64'), Buffer.from(KEY).toString('base64url')];

test.each([
  ['in clear', `token=${KEY}`],
  ['percent-encoded', `token=${encodeURIComponent(KEY)}`],
  ['in base64', `state=${Buffer.from(KEY).toString('base64')}`],
])('a redirect to a Location that carries the key %s: the one line quotes it redacted, on stderr and in the setup error', async (_form, query) => {
  const url = await serve((_req, res) => void res.writeHead(302, { location: `https://sso.example.test/login?${query}&next=%2Fv1` }).end());
  const r = await runners.run([], { ...env, MOCKAPI_BASE_URL: url, MOCKAPI_TOKEN: KEY });
  expect(r.code, r.stderr).toBe(5);
  expect(r.stderr).toMatch(/answered 302 without a Content-Type to "https:\/\/sso\.example\.test\/login\?(token=\$MOCKAPI_TOKEN|.*<\$MOCKAPI_TOKEN )/);
  // conformanceProject's global setup ends vitest with this line (src/vitest/project-setup.ts)
  const opened = await openTarget(configOfOptions({ baseUrl: url, token: KEY }, {}, { dotenv: false }));
  expect('misconfigured' in opened).toBe(true);
  const setupError = notOpenedReason(opened as Exclude<typeof opened, { target: unknown }>);
  for (const form of KEY_FORMS) expect(r.stdout + r.stderr + r.reportText + setupError, form).not.toContain(form);
  expect(setupError).toMatch(/\$MOCKAPI_TOKEN/);
});

test('a key that may read but not write: one line that names the permission, exit 5, the reads judged, no check failed, nothing changed', async () => {
  const f = reference.fixtures;
  const organisation = `/v1/organisations/${f.organisationId}`;
  const nameBefore = (
    (await (await request(reference.baseUrl + organisation, { headers: { authorization: `Token ${f.token}` } })).body.json()) as {
      organisation: { name: string };
    }
  ).organisation.name;
  const all = {
    ...env,
    MOCKAPI_BASE_URL: reference.baseUrl,
    MOCKAPI_TOKEN: f.readOnlyToken,
    MOCKAPI_DELETABLE_DATA_SOURCE_ID: f.deletableDataSourceId,
    MOCKAPI_TEAM_MEMBER_ID: f.teamMemberId,
    MOCKAPI_PUSH_POLICY: f.pushPolicy,
  };
  const r = await runners.run(['--runs', '3'], all);
  const report = r.report!;
  const failed = report.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'warned');
  expect(
    failed.map((c) => `${c.id}: ${c.message.slice(0, 300)}`),
    r.stdout.slice(-2000),
  ).toEqual([]);
  expect(r.code, r.stderr).toBe(5);
  expect(r.stderr.trim().split('\n').at(-1)).toBe(
    `mockapi-conformance: the key lacks the permission to write: a write with it was answered 403, and so was renaming the organisation "${f.organisationId}" to its own name, though reads with it are answered. The checks that write ended errored, not judged; the reads were judged. Give MOCKAPI_TOKEN or --token a key that may change the fixtures`,
  );
  // the reads were judged: the organisation's, the logged request's, and the 403s of the forbidden key the user named
  for (const id of ['organisations/get-2xx-organisation-organisation', 'logged-requests/get-2xx-logged-request-unwrapped'])
    expect(report.checks.find((c) => c.id === id)?.outcome, id).toBe('passed');
  const forbidden = report.checks.filter((c) => c.id.endsWith('/valid-key-without-permission-403'));
  expect(forbidden.filter((c) => c.outcome !== 'passed').map((c) => `${c.id} ${c.outcome} ${c.message.slice(0, 300)}`)).toEqual([]);
  const errored = report.checks.filter((c) => c.outcome === 'errored');
  expect(errored.length).toBeGreaterThan(20);
  for (const c of errored) expect(c.message, c.id).toMatch(/^not judged: the key may read but not write/);
  expect(report.errors).toEqual([expect.stringMatching(/^the key lacks the permission to write/)]);
  // the one confirming write renamed the organisation to its own name: it is as it was
  const after = await request(reference.baseUrl + organisation, { headers: { authorization: `Token ${f.token}` } });
  expect(((await after.body.json()) as { organisation: { name: string } }).organisation.name).toBe(nameBefore);
});
