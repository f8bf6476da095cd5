// Variations mode: every behaviour the interface allows or leaves open that reference/variations.ts switches
// on, each visible here, beside the default answer it replaces.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_POLICIES } from '../../reference/handlers/push.ts';
import { startReference } from '../../reference/server.ts';
import { SEED } from '../../reference/store.ts';
import { CREDENTIALS_REQUIRED_VARIANT, NOT_FOUND_LOCALISED } from '../../reference/responses.ts';
import { EXTRA_FIELD, variationsOn } from '../../reference/variations.ts';
import { chaos, configuration, dataSource, loggedRequest, member, org, push, state, UNKNOWN_UUID } from './deviations/shared.ts';
import { CREDENTIALS_REQUIRED, useReference, type Answer } from './helpers.ts';

const varied = useReference({ variations: true, faults: [], fresh: true });
const plain = useReference({ variations: false, faults: [] });

const withoutExtra = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutExtra);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== EXTRA_FIELD)
      .map(([key, v]) => [key, withoutExtra(v)]),
  );
};

/** Every key path of a JSON value, objects' keys in the order served (the extra field left out). */
function keyOrder(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyOrder(item, `${path}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([key]) => key !== EXTRA_FIELD)
    .flatMap(([key, v]) => [`${path}/${key}`, ...keyOrder(v, `${path}/${key}`)]);
}

const jsonOf = (answer: Answer) => answer.json as Record<string, any>;

describe('variations mode', () => {
  it('serves every media type with "; charset=utf-8", the 401 text included', async () => {
    const { call, deployment } = varied();
    expect((await call('GET', org)).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await call('GET', org, { token: null })).headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await call('GET', org, { token: deployment.fixtures.forbiddenToken })).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await call('PUT', chaos(), { body: {} })).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await plain().call('GET', org)).headers['content-type']).toBe('application/json');
  });

  it('adds an unknown field to every object: top level, resource, links, error entries, not-found body', async () => {
    const { call, deployment } = varied();
    const organisation = jsonOf(await call('GET', org));
    expect(organisation[EXTRA_FIELD]).toBeDefined();
    expect(organisation.organisation[EXTRA_FIELD]).toBeDefined();
    expect(organisation.organisation.links[EXTRA_FIELD]).toBeDefined();
    const forbidden = jsonOf(await call('GET', org, { token: deployment.fixtures.forbiddenToken }));
    expect(forbidden.errors).toHaveLength(1);
    expect(forbidden.errors[0]).toMatchObject({ [EXTRA_FIELD]: expect.any(String), title: 'Forbidden', source: {} });
    expect(jsonOf(await call('GET', '/v1/organisations/none'))).toEqual({ [EXTRA_FIELD]: expect.any(String), code: 404, message: NOT_FOUND_LOCALISED });
    const job = jsonOf(await call('PUT', push, { body: { push: {} } })).job;
    expect(job[EXTRA_FIELD]).toBeDefined();
    expect(job.links[EXTRA_FIELD]).toBeDefined();
  });

  it('leaves the objects that are data as they are: an error source, headers, cookies, transformer parameters', async () => {
    const { call } = varied();
    expect(jsonOf(await call('PUT', chaos(), { body: {} })).errors[0].source).toEqual({});
    const logged = jsonOf(await call('GET', loggedRequest()));
    expect(logged.request.headers).toEqual({
      Host: `${SEED.mockApiId}.mocklab.io`,
      'Content-Type': 'application/json',
      Accept: '*/*',
      Cookie: 'session=abc123; theme=dark',
    });
    expect(logged.request.cookies).toEqual({ session: 'abc123', theme: 'dark' });
    expect(logged.responseDefinition.transformerParameters).toEqual({});
    expect(logged[EXTRA_FIELD]).toBeDefined();
    expect(logged.request[EXTRA_FIELD]).toBeDefined();
  });

  it('serves every object with its keys in another order, and otherwise the same content', async () => {
    const [variedAnswer, plainAnswer] = [await varied().call('GET', loggedRequest()), await plain().call('GET', loggedRequest())];
    // the two deployments started at different instants
    const instants = { loggedDate: expect.any(Number), loggedDateString: expect.any(String) };
    expect(withoutExtra(variedAnswer.json)).toEqual({ ...jsonOf(plainAnswer), request: { ...jsonOf(plainAnswer).request, ...instants } });
    const order = keyOrder(variedAnswer.json);
    const plainOrder = keyOrder(plainAnswer.json);
    expect(order).not.toEqual(plainOrder);
    expect([...order].sort()).toEqual([...plainOrder].sort());
    expect(Object.keys(jsonOf(variedAnswer).request).filter((key) => key !== EXTRA_FIELD)).toEqual(Object.keys(jsonOf(plainAnswer).request).reverse());
  });

  it('rejects a body with 422 instead of 400; Invalid JSON keeps its title, detail and empty source', async () => {
    const { call } = varied();
    const missing = await call('PUT', chaos(), { body: {} });
    expect(missing.status).toBe(422);
    expect(withoutExtra(missing.json)).toEqual({
      errors: [{ code: 422, title: 'Invalid JSON', detail: 'Required property missing at /chaos: expected object', source: {} }],
    });
    expect((await call('PUT', chaos(), { body: '{' })).status).toBe(422);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).status).toBe(422);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...configuration.dataSource, rows: [[]] } } })).status).toBe(422);
    expect((await plain().call('PUT', chaos(), { body: {} })).status).toBe(400);
  });

  it('answers deletes 200 with a JSON body instead of 204', async () => {
    const { call } = varied();
    const deleted = await call('DELETE', dataSource(SEED.deletableDataSourceId));
    expect({ status: deleted.status, body: withoutExtra(deleted.json) }).toEqual({ status: 200, body: { deleted: { id: SEED.deletableDataSourceId } } });
    expect((await call('DELETE', dataSource(SEED.deletableDataSourceId))).status).toBe(404);
    const removed = await call('DELETE', member());
    expect({ status: removed.status, body: withoutExtra(removed.json) }).toEqual({
      status: 200,
      body: { removed: { teamId: SEED.teamId, userId: SEED.teamMemberId } },
    });
    expect((await call('DELETE', member())).status).toBe(404);
  });

  it('returns the push job while it runs: status RUNNING, no finished, no outcome, started past nine digits, another jobType', async () => {
    const answer = await varied().call('PUT', push, { body: { push: {} } });
    expect(answer.status).toBe(202);
    const job = withoutExtra(jsonOf(answer).job) as Record<string, unknown>;
    expect(job).toEqual({
      id: expect.any(String),
      jobType: 'open-api-git-push',
      status: 'RUNNING',
      started: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{12}Z$/),
      elapsed: expect.stringMatching(/^PT\d+(\.\d+)?S$/),
      links: { self: `/v1/mock-apis/${SEED.mockApiId}/jobs/${job.id}` },
    });
  });

  it('holds outOfSyncPolicy to its own values, listing them when it refuses another', async () => {
    const { call, deployment } = varied();
    expect(PUSH_POLICIES).toContain(deployment.fixtures.pushPolicy);
    for (const outOfSyncPolicy of PUSH_POLICIES) expect((await call('PUT', push, { body: { push: { outOfSyncPolicy } } })).status).toBe(202);
    const refused = await call('PUT', push, { body: { push: { outOfSyncPolicy: 'FAIL' } } });
    expect({ status: refused.status, body: withoutExtra(refused.json) }).toEqual({
      status: 422,
      body: {
        errors: [
          {
            code: 422,
            title: 'Invalid value',
            detail: `Invalid value at /push/outOfSyncPolicy: must be one of the allowed values: ${PUSH_POLICIES.join(', ')}`,
            source: {},
          },
        ],
      },
    });
    expect((await plain().call('PUT', push, { body: { push: { outOfSyncPolicy: 'FAIL' } } })).status).toBe(202);
  });

  it('keeps httpErrors as a set of statuses: highest first, without repeats', async () => {
    const body = { chaos: { enabled: false, httpErrors: [{ status: 500 }, { status: 503 }, { status: 500 }, { status: 418 }] } };
    const answer = await varied().call('PUT', chaos(), { body });
    expect(withoutExtra(jsonOf(answer).chaos.httpErrors)).toEqual([{ status: 503 }, { status: 500 }, { status: 418 }]);
    expect(jsonOf(await plain().call('PUT', chaos(), { body })).chaos.httpErrors).toEqual(body.chaos.httpErrors);
  });

  it('words the 401 text differently, still saying that credentials are required', async () => {
    const answer = await varied().call('GET', org, { token: null });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 401, text: CREDENTIALS_REQUIRED_VARIANT });
    expect(CREDENTIALS_REQUIRED_VARIANT).not.toBe(CREDENTIALS_REQUIRED);
    expect(CREDENTIALS_REQUIRED_VARIANT).toMatch(/credentials/);
  });

  it('raises a data source version by 7 per update, and shows lastUpdatedTime with microseconds', async () => {
    const { call } = varied();
    const versions: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const { dataSource: ds } = jsonOf(await call('PUT', dataSource(SEED.dataSourceId), { body: configuration }));
      versions.push(ds.version);
      expect(ds.lastUpdatedTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    }
    expect(versions).toEqual([8, 15]);
  });

  it('answers 404 without a body where the interface shows no 404, and with the not-found body where it does', async () => {
    const { call } = varied();
    for (const path of [loggedRequest(UNKNOWN_UUID), `/v1/mock-apis/zzzzzz/requests/${SEED.requestId}`]) {
      const answer = await call('GET', path);
      expect({ status: answer.status, bytes: answer.bytes.length, type: answer.headers['content-type'] }).toEqual({ status: 404, bytes: 0, type: undefined });
    }
    expect((await call('PUT', chaos('zzzzzz'), { body: { chaos: {} } })).bytes.length).toBe(0);
    expect((await call('PUT', state.replace(SEED.mockApiId, 'zzzzzz'), { body: { state: {} } })).bytes.length).toBe(0);
    expect((await call('PUT', push.replace(SEED.mockApiId, 'zzzzzz'), { body: { push: {} } })).bytes.length).toBe(0);
    expect((await call('PUT', dataSource('none'), { body: configuration })).bytes.length).toBe(0);
    for (const [method, path] of [
      ['GET', '/v1/organisations/none'],
      ['DELETE', dataSource('none')],
      ['DELETE', member('user-nobody')],
      ['GET', '/v1/none'],
    ]) {
      expect(withoutExtra((await call(method!, path!)).json)).toEqual({ code: 404, message: NOT_FOUND_LOCALISED });
    }
  });

  it('answers a path whose mockApiId is out of range 405, before the credentials: its routes hold the id to its length', async () => {
    const { call } = varied();
    for (const id of ['abcd', 'abcdefghijk']) {
      for (const token of [undefined, null]) {
        const answer = await call('GET', `/v1/mock-apis/${id}/requests/${SEED.requestId}`, { token });
        expect({ status: answer.status, allow: answer.headers.allow }).toEqual({ status: 405, allow: 'OPTIONS' });
      }
    }
    expect((await call('PUT', chaos(), { body: { chaos: {} } })).status).toBe(200);
  });

  it('matches the Token scheme case-insensitively; other schemes stay 401', async () => {
    const { call, deployment } = varied();
    const as = (authorization: string) => ({ token: null, headers: { Authorization: authorization } });
    expect((await call('GET', org, as(`token ${deployment.fixtures.token}`))).status).toBe(200);
    expect((await call('GET', org, as(`TOKEN ${deployment.fixtures.token}`))).status).toBe(200);
    expect((await call('GET', org, as(`tOkEn ${deployment.fixtures.forbiddenToken}`))).status).toBe(403);
    expect((await call('GET', org, as(`Bearer ${deployment.fixtures.token}`))).status).toBe(401);
    expect((await call('GET', org, as('token unknown'))).status).toBe(401);
    expect((await plain().call('GET', org, as(`token ${plain().deployment.fixtures.token}`))).status).toBe(401);
  });
});

describe('switching variations on', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['1', true],
    ['true', true],
    [' ON ', true],
    ['0', false],
    ['false', false],
    ['', false],
    [undefined, false],
  ])('reads MOCKAPI_REFERENCE_VARIATIONS=%j as %s', (value, on) => {
    expect(variationsOn(undefined, value)).toBe(on);
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => variationsOn(undefined, 'maybe')).toThrow("MOCKAPI_REFERENCE_VARIATIONS must be 1 or 0, not 'maybe'");
  });

  it('reads the environment when the option is left out, and lets the option win', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_VARIATIONS', '1');
    for (const [options, type] of [
      [{}, 'application/json; charset=utf-8'],
      [{ variations: false }, 'application/json'],
    ] as const) {
      const deployment = await startReference({ faults: [], ...options });
      try {
        const answer = await fetch(`${deployment.baseUrl}${org}`, { headers: { Authorization: `Token ${deployment.fixtures.token}` } });
        expect(answer.headers.get('content-type')).toBe(type);
      } finally {
        await deployment.close();
      }
    }
  });

  it('combines with faults', async () => {
    const deployment = await startReference({ faults: ['push-status-200'], variations: true });
    try {
      const answer = await fetch(`${deployment.baseUrl}${push}`, {
        method: 'PUT',
        headers: { Authorization: `Token ${deployment.fixtures.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ push: {} }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ job: { status: 'RUNNING' } });
    } finally {
      await deployment.close();
    }
  });
});
