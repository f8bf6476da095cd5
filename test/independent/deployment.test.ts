import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type IndependentDeployment, startIndependent } from './deployment.ts';

let deployment: IndependentDeployment;
let env: Record<string, string>;

beforeAll(async () => {
  deployment = await startIndependent();
  env = deployment.env;
});

afterAll(async () => {
  await deployment.close();
});

interface Options {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
}

// Sends one request; the valid key is used unless a test names another key or none (null).
function call(method: string, path: string, options: Options = {}): Promise<Response> {
  const token = options.token === undefined ? env.MOCKAPI_TOKEN : options.token;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Token ${token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return fetch(`${deployment.baseUrl}${path}`, { method, headers, body });
}

const chaos = {
  enabled: true,
  percentageFailures: 12.5,
  socketClose: { enabled: false },
  socketReset: { enabled: true },
  invalidHttp: { enabled: false },
  longDelay: { enabled: true, durationMillis: 2000 },
  httpErrors: [{ status: 500 }, { status: 503 }],
};

describe('configuration and authentication', () => {
  test('env names exactly the configuration variables, with the base address (deployment brief)', () => {
    expect(Object.keys(env).sort()).toEqual(
      [
        'MOCKAPI_BASE_URL',
        'MOCKAPI_TOKEN',
        'MOCKAPI_FORBIDDEN_TOKEN',
        'MOCKAPI_MOCK_API_ID',
        'MOCKAPI_REQUEST_ID',
        'MOCKAPI_PUSH_POLICY',
        'MOCKAPI_ORGANISATION_ID',
        'MOCKAPI_DATA_SOURCE_ID',
        'MOCKAPI_DELETABLE_DATA_SOURCE_ID',
        'MOCKAPI_TEAM_ID',
        'MOCKAPI_TEAM_MEMBER_ID',
      ].sort(),
    );
    expect(env.MOCKAPI_BASE_URL).toBe(deployment.baseUrl);
  });

  test('Authentication: missing or invalid credentials get 401 with a plain-text body', async () => {
    for (const token of [null, 'not-a-key']) {
      const res = await call('GET', `/v1/organisations/${env.MOCKAPI_ORGANISATION_ID}`, { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(/credentials are required to access this resource/i);
    }
  });

  test('Authentication: a valid key without permission gets 403 with one Forbidden entry and empty source', async () => {
    const res = await call('GET', `/v1/organisations/${env.MOCKAPI_ORGANISATION_ID}`, { token: env.MOCKAPI_FORBIDDEN_TOKEN });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { errors: { title: string; source: unknown }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ title: 'Forbidden', source: {} });
  });
});

describe('errors and limits', () => {
  test('Errors, Not-found body: a missing organisation gets 404 {code, message}', async () => {
    const res = await call('GET', '/v1/organisations/no-such-org');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(404);
    expect(body.message).toMatch(/404/);
  });
});

describe('mock API settings', () => {
  test('Update chaos settings: 200 with the updated settings wrapped in chaos', async () => {
    const res = await call('PUT', `/v1/mock-apis/${env.MOCKAPI_MOCK_API_ID}/settings/chaos`, { body: { chaos } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ chaos });
  });

  test('Errors and Limits: a body without chaos is Invalid JSON; limits are enforced', async () => {
    const path = `/v1/mock-apis/${env.MOCKAPI_MOCK_API_ID}/settings/chaos`;
    const missing = await call('PUT', path, { body: {} });
    expect(missing.status).toBe(400);
    const entry = ((await missing.json()) as { errors: { title: string; detail: string; source: unknown }[] }).errors[0];
    expect(entry).toMatchObject({ title: 'Invalid JSON', source: {} });
    expect(entry?.detail).toContain("'/chaos'");
    expect(entry?.detail).toContain('object');
    for (const bad of [{ percentageFailures: 100.5 }, { httpErrors: [{ status: 600 }] }]) {
      const res = await call('PUT', path, { body: { chaos: { ...chaos, ...bad } } });
      expect(res.status).toBe(400);
    }
  });

  test('Errors: a body that is not JSON reports what the JSON parser says', async () => {
    const res = await call('PUT', `/v1/organisations/${env.MOCKAPI_ORGANISATION_ID}`, { rawBody: '{"organisation":' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { title: string; detail: string }[] };
    expect(body.errors[0]?.title).toBe('Invalid JSON');
    expect(body.errors[0]?.detail).toMatch(/JSON/);
  });

  test('Limits: a mockApiId outside 5 to 10 characters is refused', async () => {
    const res = await call('PUT', '/v1/mock-apis/abcd/settings/state', { body: { state: { defaultContextExpression: 'x' } } });
    expect(res.status).toBe(400);
  });

  test('Update state settings: the updated settings come back wrapped in state', async () => {
    const state = { defaultContextExpression: '{{request.headers.X-Tenant}}' };
    const res = await call('PUT', `/v1/mock-apis/${env.MOCKAPI_MOCK_API_ID}/settings/state`, { body: { state } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ state });
  });
});

describe('organisations', () => {
  test('Get and update organisation: wrapped in organisation, with links of the given shapes', async () => {
    const id = env.MOCKAPI_ORGANISATION_ID;
    const res = await call('PUT', `/v1/organisations/${id}`, { body: { organisation: { name: 'Renamed Ltd' } } });
    expect(res.status).toBe(200);
    const { organisation } = (await res.json()) as { organisation: Record<string, any> };
    expect(organisation).toMatchObject({ id, name: 'Renamed Ltd' });
    expect(organisation.links.self).toBe(`/v1/organisations/${id}`);
    expect(organisation.links.acl).toBe(`/v1/organisations/${id}/acl{?subjectId}`);
    expect(organisation.links.aclSubject).toBe(`/v1/acl/subjects/${organisation.aclSubject}`);
    const read = (await (await call('GET', `/v1/organisations/${id}`)).json()) as { organisation: { name: string } };
    expect(read.organisation.name).toBe('Renamed Ltd');
  });

  test('Update organisation: a query parameter gets Invalid query parameter format', async () => {
    const res = await call('PUT', `/v1/organisations/${env.MOCKAPI_ORGANISATION_ID}?dryRun=yes`, { body: { organisation: { name: 'X' } } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { title: string; detail: string }[] };
    expect(body.errors[0]?.title).toBe('Invalid query parameter format');
    expect(body.errors[0]?.detail).toContain('dryRun');
  });
});

describe('data sources and teams', () => {
  test('Update data source: the response is wrapped in dataSource, has no rows and a new version', async () => {
    const dataSource = {
      name: 'Products',
      type: 'CSV',
      columnsMetadata: [
        { name: 'sku', type: { name: 'STRING' } },
        { name: 'price', type: { name: 'INTEGER' } },
      ],
      rows: [
        ['A-1', '100'],
        ['B-2', '250'],
      ],
    };
    const res = await call('PUT', `/v1/data-sources/${env.MOCKAPI_DATA_SOURCE_ID}`, { body: { dataSource } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { dataSource: Record<string, unknown> };
    expect(body.dataSource).toMatchObject({ id: env.MOCKAPI_DATA_SOURCE_ID, name: 'Products', type: 'CSV', state: 'ENABLED', version: 2 });
    expect(body.dataSource).not.toHaveProperty('rows');
    expect(body.dataSource.lastUpdatedTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/);
  });

  test('Delete data source by ID: the data source is gone afterwards', async () => {
    const path = `/v1/data-sources/${env.MOCKAPI_DELETABLE_DATA_SOURCE_ID}`;
    expect((await call('DELETE', path, { token: env.MOCKAPI_FORBIDDEN_TOKEN })).status).toBe(403);
    expect((await call('DELETE', path)).status).toBe(204);
    expect((await call('DELETE', path)).status).toBe(404);
  });

  test('Delete a team member: the user is removed from the team', async () => {
    const path = `/v1/teams/${env.MOCKAPI_TEAM_ID}/members/${env.MOCKAPI_TEAM_MEMBER_ID}`;
    expect((await call('DELETE', path)).status).toBe(204);
    expect((await call('DELETE', path)).status).toBe(404);
  });
});

describe('logged requests and jobs', () => {
  test('Get request by ID: the logged request is returned unwrapped', async () => {
    const res = await call('GET', `/v1/mock-apis/${env.MOCKAPI_MOCK_API_ID}/requests/${env.MOCKAPI_REQUEST_ID}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; request: Record<string, unknown>; responseDefinition: Record<string, unknown> };
    expect(body.id).toBe(env.MOCKAPI_REQUEST_ID);
    expect(body.request.loggedDateString).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Buffer.from(body.request.bodyAsBase64 as string, 'base64').toString()).toBe(body.request.body);
    expect(typeof body.responseDefinition.status).toBe('number');
  });

  test('Push OpenAPI document to Git: 202 with a job that may already be ERROR', async () => {
    const path = `/v1/mock-apis/${env.MOCKAPI_MOCK_API_ID}/open-api/push`;
    const res = await call('PUT', path, { body: { push: { outOfSyncPolicy: env.MOCKAPI_PUSH_POLICY } } });
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: Record<string, any> };
    expect(job).toMatchObject({ jobType: 'open-api-git-pull', status: 'ERROR', outcome: { errorCode: 'NO_LOCAL_HEAD' } });
    expect(job.started).toMatch(/\.\d{9}Z$/);
    expect(job.elapsed).toMatch(/^PT[\d.]+S$/);
    expect(job.links.self).toBe(`/v1/mock-apis/${env.MOCKAPI_MOCK_API_ID}/jobs/${job.id}`);
  });
});
