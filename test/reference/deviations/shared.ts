// What the deviations of every area read: the paths of the reference's seed data, bodies it accepts, and
// small readers of its answers; one place, so that a probe (test/reference/probes.ts) and a deviation name a
// resource alike.
import { expect, vi } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import type { Answer, Reference } from '../helpers.ts';

export const org = `/v1/organisations/${SEED.organisationId}`;
export const chaos = (mockApiId: string = SEED.mockApiId) => `/v1/mock-apis/${mockApiId}/settings/chaos`;
export const state = `/v1/mock-apis/${SEED.mockApiId}/settings/state`;
export const dataSource = (id: string) => `/v1/data-sources/${id}`;
export const member = (userId: string = SEED.teamMemberId, teamId: string = SEED.teamId) => `/v1/teams/${teamId}/members/${userId}`;
export const loggedRequest = (requestId: string = SEED.requestId) => `/v1/mock-apis/${SEED.mockApiId}/requests/${requestId}`;
export const push = `/v1/mock-apis/${SEED.mockApiId}/open-api/push`;
export const configuration = { dataSource: { name: 'N', type: 'CSV', columnsMetadata: [{ name: 'c', type: { name: 'STRING' } }], rows: [['v']] } };
/** A mockApiId of the allowed length that names no mock API of the deployment. */
export const UNKNOWN_MOCK_API = 'zz9y8x7w';
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

export const twoColumns = {
  dataSource: {
    ...configuration.dataSource,
    columnsMetadata: [
      { name: 'a', type: { name: 'STRING' } },
      { name: 'b', type: { name: 'INTEGER' } },
    ],
    rows: [['x', '1']],
  },
};
/** A configuration with one column of each type name the interface lists (Data source, column type names). */
export const everyColumnType = {
  dataSource: {
    ...configuration.dataSource,
    columnsMetadata: [
      { name: 's', type: { name: 'STRING' } },
      { name: 'd', type: { name: 'DATE', format: 'iso8601' } },
      { name: 'b', type: { name: 'BOOLEAN' } },
      { name: 'i', type: { name: 'INTEGER' } },
    ],
    rows: [['x', '2026-01-02T03:04:05Z', 'true', '7']],
  },
};
export const UTC_NANOS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

export type Job = {
  id: string;
  status: unknown;
  jobType: unknown;
  started: string;
  finished: string;
  elapsed: string;
  links: { self: string };
  outcome: { errors: { code: unknown }[] };
};
export type Logged = {
  id: string;
  request: {
    url: string;
    absoluteUrl: string;
    method: string;
    clientIp?: string;
    headers: Record<string, string>;
    cookies: Record<string, string>;
    loggedDate: number;
    loggedDateString: string;
    body: string;
    bodyAsBase64: string;
  };
  responseDefinition: { status: number };
};

export const jobOf = async ({ call }: Reference): Promise<Job> => ((await call('PUT', push, { body: { push: {} } })).json as { job: Job }).job;
export const loggedOf = async ({ call }: Reference, requestId?: string): Promise<Logged> => (await call('GET', loggedRequest(requestId))).json as Logged;
export const updated = async ({ call }: Reference, body: unknown = configuration) =>
  (await call('PUT', dataSource(SEED.dataSourceId), { body })).json as { dataSource: Record<string, any> };
export const jsonOf = (answer: { json: unknown }) => answer.json as Record<string, any>;
export const errorsOf = (json: unknown) => (json as { errors: Record<string, unknown>[] }).errors;

/** Runs `then` with the clock (Date, as the deployment reads it in this process) moved on by ms: no sleep. */
export async function later(ms: number, then: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  try {
    await then();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * An operation served elsewhere (Patch.route): its documented method and path, with the key and without, are answered
 * 405 naming only other methods; where it moved, the request is the operation's. Returns that answer.
 */
export async function servedElsewhere({ call }: Reference, documented: [string, string], moved: [string, string], body?: unknown): Promise<Answer> {
  for (const credentials of [{}, { token: null }]) {
    const refused = await call(documented[0], documented[1], { body, ...credentials });
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).not.toContain(documented[0]);
  }
  const served = await call(moved[0], moved[1], { body });
  expect(served.status).toBeLessThan(300);
  return served;
}
