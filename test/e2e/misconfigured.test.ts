// A misconfiguration is never a verdict: every fixture named wrong ends the checks that use it errored, naming its
// variable, whichever area they are of, and none fails; a base URL that is not the interface's root (it ends in /v1,
// or sits under another path) is one line naming the one to set, exit 5, before any check.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
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
afterAll(() => reference?.close());

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
