// Each fault must show its deviation, and change nothing that its requirement does not cover: a check
// that fails for the wrong reason proves nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAULT_NAMES, FAULTS, type FaultName } from '../../reference/faults.ts';
import { startReference, type ReferenceOptions } from '../../reference/server.ts';
import { SEED } from '../../reference/store.ts';
import { isRequirementId, type RequirementId } from '../../src/requirements.ts';
import { CREDENTIALS_REQUIRED, NOT_FOUND_BODY, seen, send, type Answer, type Call, type Reference } from './helpers.ts';

async function withReference<T>(options: ReferenceOptions, use: (reference: Reference) => Promise<T>): Promise<T> {
  const deployment = await startReference(options);
  try {
    return await use({ deployment, call: (method, path, call = {}) => send(deployment.baseUrl, method, path, call, deployment.fixtures.token) });
  } finally {
    await deployment.close();
  }
}

const org = `/v1/organisations/${SEED.organisationId}`;
const chaos = (mockApiId: string = SEED.mockApiId) => `/v1/mock-apis/${mockApiId}/settings/chaos`;
const dataSource = (id: string) => `/v1/data-sources/${id}`;
const member = `/v1/teams/${SEED.teamId}/members/${SEED.teamMemberId}`;
const loggedRequest = `/v1/mock-apis/${SEED.mockApiId}/requests/${SEED.requestId}`;
const push = `/v1/mock-apis/${SEED.mockApiId}/open-api/push`;
const configuration = { dataSource: { name: 'N', type: 'CSV', columnsMetadata: [{ name: 'c', type: { name: 'STRING' } }], rows: [['v']] } };

const deviations: Record<FaultName, (r: Reference) => Promise<void>> = {
  'auth-open-get-organisation': async ({ call }) => {
    expect((await call('GET', org, { token: null })).status).toBe(200);
    expect((await call('GET', org, { token: 'unknown' })).status).toBe(401);
    expect((await call('PUT', org, { token: null, body: { organisation: {} } })).status).toBe(401);
  },
  'auth-401-json-body': async ({ call }) => {
    const answer = await call('GET', org, { token: null });
    expect(seen(answer)).toEqual({ status: 401, type: 'application/json', body: { message: CREDENTIALS_REQUIRED } });
  },
  'forbidden-source-not-empty': async ({ call, deployment }) => {
    const answer = await call('GET', org, { token: deployment.fixtures.forbiddenToken });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ errors: [{ title: 'Forbidden', source: { pointer: '' } }] });
  },
  'not-found-code-string': async ({ call }) => {
    expect(seen(await call('GET', '/v1/organisations/none'))).toEqual({ status: 404, type: 'application/json', body: { code: '404', message: 'HTTP 404 Not Found' } });
  },
  'chaos-percentage-above-100-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json).toMatchObject({ chaos: { percentageFailures: 101 } });
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101.5 } } })).status).toBe(400);
  },
  'chaos-wrapper-optional': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { enabled: true } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ chaos: { enabled: true } });
  },
  'invalid-json-detail-without-pointer': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: {} })).json).toEqual({
      errors: [{ code: 400, title: 'Invalid JSON', detail: 'Required property missing: expected object', source: {} }],
    });
  },
  'mock-api-id-length-4-accepted': async ({ call }) => {
    expect((await call('PUT', chaos('abcd'), { body: { chaos: {} } })).status).toBe(200);
    expect((await call('GET', `/v1/mock-apis/abcd/requests/${SEED.requestId}`)).json).toMatchObject({ id: SEED.requestId });
    expect((await call('PUT', chaos('abc'), { body: { chaos: {} } })).status).toBe(404);
  },
  'org-rename-ignored': async ({ call }) => {
    expect((await call('PUT', org, { body: { organisation: { name: 'New' } } })).json).toMatchObject({ organisation: { name: 'Example Ltd' } });
    expect((await call('GET', org)).json).toMatchObject({ organisation: { name: 'Example Ltd' } });
  },
  'data-source-rows-echoed': async ({ call }) => {
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: configuration })).json).toMatchObject({ dataSource: { rows: [['v']] } });
  },
  'data-source-version-frozen': async ({ call }) => {
    for (let i = 0; i < 2; i++) expect((await call('PUT', dataSource(SEED.dataSourceId), { body: configuration })).json).toMatchObject({ dataSource: { version: 1 } });
  },
  'data-source-delete-not-permanent': async ({ call }) => {
    for (let i = 0; i < 2; i++) expect((await call('DELETE', dataSource(SEED.deletableDataSourceId))).status).toBe(204);
    expect((await call('PUT', dataSource(SEED.deletableDataSourceId), { body: configuration })).status).toBe(200);
  },
  'logged-request-wrapped': async ({ call }) => {
    expect((await call('GET', loggedRequest)).json).toEqual({ loggedRequest: expect.objectContaining({ id: SEED.requestId }) });
  },
  'job-started-millisecond-precision': async ({ call }) => {
    const { job } = (await call('PUT', push, { body: { push: {} } })).json as { job: { started: string; finished: string } };
    expect(job.started).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(job.finished).toMatch(/\.\d{9}Z$/);
  },
  'push-status-200': async ({ call }) => {
    const answer = await call('PUT', push, { body: { push: {} } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ job: { status: 'ERROR' } });
  },
  'json-media-type-text-plain': async ({ call }) => {
    expect((await call('GET', org)).headers['content-type']).toBe('text/plain');
    expect((await call('GET', '/v1/organisations/none')).headers['content-type']).toBe('application/json');
  },
};

// One pass over the interface. Each probe names the requirements whose statements its answer shows; the
// kind of answer adds those of its body (see bodyShows). Probes run in this order on every deployment, so
// the state they meet is the same.
const probes: { name: string; shows: RequirementId[]; method: string; path: string; call?: (r: Reference) => Call }[] = [
  { name: 'get organisation, no Authorization', shows: ['AUTH-401-MISSING'], method: 'GET', path: org, call: () => ({ token: null }) },
  { name: 'get organisation, unknown key', shows: ['AUTH-401-INVALID'], method: 'GET', path: org, call: () => ({ token: 'nope' }) },
  { name: 'update chaos, no Authorization', shows: ['AUTH-401-MISSING'], method: 'PUT', path: chaos(), call: () => ({ token: null, body: { chaos: {} } }) },
  { name: 'get organisation, forbidden key', shows: ['AUTH-403'], method: 'GET', path: org, call: (r) => ({ token: r.deployment.fixtures.forbiddenToken }) },
  { name: 'get organisation', shows: ['ORG-RESPONSE'], method: 'GET', path: org },
  { name: 'get unknown organisation', shows: ['ERR-UNKNOWN-ID'], method: 'GET', path: '/v1/organisations/none' },
  { name: 'unknown path', shows: ['ERR-UNKNOWN-ID'], method: 'GET', path: '/v1/none' },
  { name: 'chaos 100', shows: ['CHAOS-ECHO'], method: 'PUT', path: chaos(), call: () => ({ body: { chaos: { percentageFailures: 100 } } }) },
  { name: 'chaos 100.5', shows: ['CHAOS-PERCENTAGE-LIMIT'], method: 'PUT', path: chaos(), call: () => ({ body: { chaos: { percentageFailures: 100.5 } } }) },
  { name: 'chaos status 600', shows: ['CHAOS-HTTP-STATUS-LIMIT'], method: 'PUT', path: chaos(), call: () => ({ body: { chaos: { httpErrors: [{ status: 600 }] } } }) },
  { name: 'chaos without wrapper', shows: ['GEN-WRAP-REQUEST'], method: 'PUT', path: chaos(), call: () => ({ body: { enabled: true } }) },
  { name: 'chaos wrong type', shows: ['CHAOS-TYPES'], method: 'PUT', path: chaos(), call: () => ({ body: { chaos: { enabled: 'yes' } } }) },
  { name: 'chaos not JSON', shows: ['GEN-NOT-JSON'], method: 'PUT', path: chaos(), call: () => ({ body: '{' }) },
  { name: 'chaos, 4-character id', shows: ['ID-MOCK-API-LENGTH'], method: 'PUT', path: chaos('a1b2'), call: () => ({ body: { chaos: {} } }) },
  { name: 'chaos, 11-character id', shows: ['ID-MOCK-API-LENGTH'], method: 'PUT', path: chaos('a1b2c3d4e5f'), call: () => ({ body: { chaos: {} } }) },
  { name: 'state', shows: ['STATE-ECHO'], method: 'PUT', path: `/v1/mock-apis/${SEED.mockApiId}/settings/state`, call: () => ({ body: { state: { defaultContextExpression: 'x' } } }) },
  { name: 'rename organisation', shows: ['ORG-RENAME'], method: 'PUT', path: org, call: () => ({ body: { organisation: { name: 'New' } } }) },
  { name: 'get renamed organisation', shows: ['ORG-RENAME'], method: 'GET', path: org },
  { name: 'update data source', shows: ['DS-NO-ROWS', 'DS-VERSION'], method: 'PUT', path: dataSource(SEED.dataSourceId), call: () => ({ body: configuration }) },
  { name: 'update data source again', shows: ['DS-NO-ROWS', 'DS-VERSION'], method: 'PUT', path: dataSource(SEED.dataSourceId), call: () => ({ body: configuration }) },
  { name: 'rows misfit', shows: ['DS-ROWS-FIT'], method: 'PUT', path: dataSource(SEED.dataSourceId), call: () => ({ body: { dataSource: { ...configuration.dataSource, rows: [[]] } } }) },
  { name: 'delete data source', shows: ['DS-DELETE'], method: 'DELETE', path: dataSource(SEED.deletableDataSourceId) },
  { name: 'delete it again', shows: ['DS-DELETE-PERMANENT'], method: 'DELETE', path: dataSource(SEED.deletableDataSourceId) },
  { name: 'update deleted', shows: ['DS-DELETE-PERMANENT', 'DS-NO-ROWS', 'DS-VERSION'], method: 'PUT', path: dataSource(SEED.deletableDataSourceId), call: () => ({ body: configuration }) },
  { name: 'delete member', shows: ['TEAM-MEMBER-DELETE'], method: 'DELETE', path: member },
  { name: 'delete member again', shows: ['TEAM-MEMBER-GONE'], method: 'DELETE', path: member },
  { name: 'logged request', shows: ['GEN-UNWRAPPED-LOGGED-REQUEST'], method: 'GET', path: loggedRequest },
  { name: 'push', shows: ['PUSH-STATUS', 'JOB-STARTED'], method: 'PUT', path: push, call: () => ({ body: { push: {} } }) },
];

// What differs between two correct deployments (random ids, clocks) is masked; precision is kept.
function mask(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, (timestamp) => timestamp.replace(/\d/g, '9'))
    .replace(/"PT[\d.]+S"/g, '"<duration>"')
    .replace(/"loggedDate":\d+/g, '"loggedDate":0');
}

const observe = (answer: Answer) => ({ status: answer.status, type: answer.headers['content-type'], body: mask(answer.text) });

/** The requirements on the body of an answer of this kind. */
function bodyShows({ status, body }: ReturnType<typeof observe>): RequirementId[] {
  if (status < 300) return body === '' ? [] : ['GEN-JSON'];
  if (status === 401) return ['AUTH-401-BODY'];
  if (status === 403) return ['AUTH-403-BODY'];
  if (status === 404) return ['ERR-404'];
  return body.includes('"Invalid JSON"') ? ['ERR-INVALID-JSON'] : [];
}

async function pass(options: ReferenceOptions): Promise<Map<string, { observed: ReturnType<typeof observe>; shows: RequirementId[] }>> {
  return withReference(options, async (reference) => {
    const seenByProbe = new Map<string, { observed: ReturnType<typeof observe>; shows: RequirementId[] }>();
    for (const probe of probes) {
      const observed = observe(await reference.call(probe.method, probe.path, probe.call?.(reference)));
      seenByProbe.set(probe.name, { observed, shows: [...probe.shows, ...bodyShows(observed)] });
    }
    return seenByProbe;
  });
}

describe('the fault register', () => {
  it('names a requirement of the register and says what it does, for every fault', () => {
    for (const fault of Object.values(FAULTS)) {
      expect(isRequirementId(fault.breaks)).toBe(true);
      expect(fault.description.length).toBeGreaterThan(10);
    }
  });

  it('has a test of its deviation for every fault', () => {
    expect(Object.keys(deviations).sort()).toEqual([...FAULT_NAMES].sort());
  });

  it('refuses an unknown name, naming the known ones', async () => {
    await expect(startReference({ faults: ['push-status-200', 'no-such-fault'] })).rejects.toThrow(
      `unknown fault: no-such-fault (known: ${FAULT_NAMES.join(', ')})`,
    );
  });
});

describe.each(FAULT_NAMES)('fault %s', (name) => {
  it(`shows its deviation (breaks ${FAULTS[name].breaks})`, async () => {
    await withReference({ faults: [name] }, deviations[name]);
  });

  it('changes nothing its requirement does not cover', async () => {
    const [correct, faulty] = await Promise.all([pass({ faults: [] }), pass({ faults: [name] })]);
    const changed = probes.map((p) => p.name).filter((probe) => JSON.stringify(correct.get(probe)?.observed) !== JSON.stringify(faulty.get(probe)?.observed));
    expect(changed.length).toBeGreaterThan(0);
    for (const probe of changed) expect({ probe, shows: correct.get(probe)?.shows }).toEqual({ probe, shows: expect.arrayContaining([FAULTS[name].breaks]) });
  });
});

describe('switching faults on', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads MOCKAPI_REFERENCE_FAULTS when no faults are given', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FAULTS', ' push-status-200 , not-found-code-string ');
    await withReference({}, async ({ call }) => {
      expect((await call('PUT', push, { body: { push: {} } })).status).toBe(200);
      expect((await call('GET', '/v1/none')).json).toEqual({ ...NOT_FOUND_BODY, code: '404' });
    });
  });

  it('lets the faults given win over the environment', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FAULTS', 'push-status-200');
    await withReference({ faults: [] }, async ({ call }) => {
      expect((await call('PUT', push, { body: { push: {} } })).status).toBe(202);
    });
  });

  it('refuses an unknown name in the environment', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FAULTS', 'nope');
    await expect(startReference()).rejects.toThrow(/^unknown fault: nope \(known: /);
  });
});
