// The reference deployment under load: 16 clients for at most 3 s (and at most 1,500 requests each), a mix
// of reads and writes. No error, no lost update (the version rises by exactly the updates answered 200).
// Throughput and heap are printed for the record; timing and memory are not asserted here.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';

// A real collection before each heap reading, so that the figures compare live objects, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

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
  const statuses = new Map<number, number>();
  let updates = 0;
  let requests = 0;
  /** One load phase of SECONDS / 2; the heap after it, collected. */
  const phase = async (): Promise<number> => {
    const until = performance.now() + (SECONDS * 1000) / 2;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < MAX_PER_CLIENT / 2 && performance.now() < until; i++) {
          const kind = (client + i) % 4;
          const answer =
            kind === 0
              ? await call('PUT', ds, configuration)
              : kind === 1
                ? await call('GET', `/v1/organisations/${reference.fixtures.organisationId}`)
                : kind === 2
                  ? await call('PUT', `/v1/mock-apis/${reference.fixtures.mockApiId}/settings/chaos`, {
                      chaos: { enabled: false, percentageFailures: i % 101 },
                    })
                  : await call('GET', `/v1/mock-apis/${reference.fixtures.mockApiId}/requests/${reference.fixtures.requestId}`);
          requests++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (kind === 0 && answer.status === 200) updates++;
        }
      }),
    );
    gc();
    return process.memoryUsage().heapUsed;
  };
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const heapMiddle = await phase();
  const heapAfter = await phase();
  const after = (await call('PUT', ds, configuration)).json.dataSource.version as number;
  console.info(
    `load: ${requests} requests from ${CLIENTS} clients in ${SECONDS} s (${Math.round(requests / SECONDS)}/s), ` +
      `${updates} data source updates; heap after collection ${(heapBefore / 1e6).toFixed(1)} MB before, ` +
      `${(heapMiddle / 1e6).toFixed(1)} MB after the first half, ${(heapAfter / 1e6).toFixed(1)} MB after the second`,
  );
  expect([...statuses.keys()]).toEqual([200]);
  expect(requests).toBeGreaterThan(CLIENTS);
  // every update answered 200 raised the version by one, and the last one by one more
  expect(after - before).toBe(updates + 1);
});
