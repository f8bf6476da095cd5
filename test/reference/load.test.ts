// The reference deployment under load: 16 clients for at most 3 s (and at most 1,500 requests each), a mix
// of reads and writes. No error, no lost update (the version rises by exactly the updates answered 200).
// Throughput and heap are printed for the record; timing and memory are not asserted here.
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';

const CLIENTS = 16;
const SECONDS = 3;
const MAX_PER_CLIENT = 1500;

let reference: ReferenceDeployment;
let agent: Agent;
beforeAll(async () => {
  reference = await startReference({ port: 0, faults: [], variations: false });
  agent = new Agent({ connections: CLIENTS });
});
afterAll(async () => {
  await agent.close();
  await reference.close();
});

async function call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await request(`${reference.baseUrl}${path}`, {
    method,
    dispatcher: agent,
    headers: { authorization: `Token ${reference.fixtures.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
}

test(`${CLIENTS} clients for ${SECONDS} s: no error, no lost update`, async () => {
  const ds = `/v1/data-sources/${reference.fixtures.dataSourceId}`;
  const configuration = { dataSource: { name: 'Load', type: 'CSV', columnsMetadata: [{ name: 'n', type: { name: 'INTEGER' } }], rows: [['1']] } };
  const before = (await call('PUT', ds, configuration)).json.dataSource.version as number;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const until = performance.now() + SECONDS * 1000;
  const statuses = new Map<number, number>();
  let updates = 0;
  let requests = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < MAX_PER_CLIENT && performance.now() < until; i++) {
        const kind = (client + i) % 4;
        const answer =
          kind === 0 ? await call('PUT', ds, configuration)
          : kind === 1 ? await call('GET', `/v1/organisations/${reference.fixtures.organisationId}`)
          : kind === 2 ? await call('PUT', `/v1/mock-apis/${reference.fixtures.mockApiId}/settings/chaos`, { chaos: { enabled: false, percentageFailures: i % 101 } })
          : await call('GET', `/v1/mock-apis/${reference.fixtures.mockApiId}/requests/${reference.fixtures.requestId}`);
        requests++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (kind === 0 && answer.status === 200) updates++;
      }
    }),
  );
  const after = (await call('PUT', ds, configuration)).json.dataSource.version as number;
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.info(
    `load: ${requests} requests from ${CLIENTS} clients in ${SECONDS} s (${Math.round(requests / SECONDS)}/s), ` +
      `${updates} data source updates; heap ${(heapBefore / 1e6).toFixed(1)} MB before, ${(heapAfter / 1e6).toFixed(1)} MB after`,
  );
  expect([...statuses.keys()]).toEqual([200]);
  expect(requests).toBeGreaterThan(CLIENTS);
  // every update answered 200 raised the version by one, and the last one by one more
  expect(after - before).toBe(updates + 1);
});
