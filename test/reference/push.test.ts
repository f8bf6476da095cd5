import { describe, expect, it } from 'vitest';
import { operation } from '../../contract/schemas.ts';
import { SEED } from '../../reference/store.ts';
import { invalidJson, NOT_FOUND_BODY, seen, useReference } from './helpers.ts';

const reference = useReference();

const path = (mockApiId: string = SEED.mockApiId) => `/v1/mock-apis/${mockApiId}/open-api/push`;

const NANOS_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{9})Z$/;

/** Nanoseconds since the epoch of a timestamp with nine fractional digits. */
function nanos(timestamp: string): bigint {
  const [, seconds, fraction] = NANOS_UTC.exec(timestamp) ?? [];
  return BigInt(Date.parse(`${seconds}Z`)) * 1_000_000n + BigInt(fraction ?? 'x');
}

describe('push the OpenAPI document to Git', () => {
  it('answers 202 with a job that has failed with NO_LOCAL_HEAD, as no repository is connected', async () => {
    const before = Date.now();
    const answer = await reference().call('PUT', path(), { body: operation('pushOpenApiToGit').requestBody!.examples[0] });
    expect(seen(answer)).toEqual({
      status: 202,
      type: 'application/json',
      body: {
        job: {
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          jobType: 'open-api-git-pull',
          status: 'ERROR',
          started: expect.stringMatching(NANOS_UTC),
          finished: expect.stringMatching(NANOS_UTC),
          elapsed: expect.stringMatching(/^PT\d+(\.\d{1,9})?S$/),
          links: { self: expect.any(String) },
          outcome: { errorCode: 'NO_LOCAL_HEAD', errors: [{ code: expect.any(Number), title: expect.any(String), detail: expect.any(String) }] },
        },
      },
    });
    const { job } = answer.json as {
      job: { id: string; started: string; finished: string; elapsed: string; links: { self: string }; outcome: { errors: { code: number }[] } };
    };
    expect(job.links.self).toBe(`/v1/mock-apis/${SEED.mockApiId}/jobs/${job.id}`);
    expect(Number.isInteger(job.outcome.errors[0]?.code)).toBe(true);
    const started = nanos(job.started);
    const finished = nanos(job.finished);
    expect(finished).toBeGreaterThanOrEqual(started);
    // elapsed is finished - started, to the nanosecond
    const [, whole, fraction = ''] = /^PT(\d+)(?:\.(\d+))?S$/.exec(job.elapsed) ?? [];
    expect(BigInt(whole ?? 'x') * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'))).toBe(finished - started);
    // the wall clock agrees to within the test's own run
    expect(Number(started / 1_000_000n)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(started / 1_000_000n)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('gives every job its own id and a later start', async () => {
    const { call } = reference();
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(((await call('PUT', path(), { body: { push: {} } })).json as { job: { id: string; started: string } }).job);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(3);
    const starts = jobs.map((job) => nanos(job.started));
    expect([...starts].sort((a, b) => (a < b ? -1 : 1))).toEqual(starts);
  });

  it('links the job to the mock API of the path', async () => {
    const answer = await reference().call('PUT', path(SEED.otherMockApiId), { body: { push: { outOfSyncPolicy: 'OVERWRITE' } } });
    expect((answer.json as { job: { links: { self: string } } }).job.links.self).toMatch(new RegExp(`^/v1/mock-apis/${SEED.otherMockApiId}/jobs/`));
  });

  it('answers 404 for an unknown mock API', async () => {
    const answer = await reference().call('PUT', path('zzzzzzzz'), { body: { push: {} } });
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  });

  it.each([
    ['the wrapper is missing', { outOfSyncPolicy: 'FAIL' }, 'Required property missing at /push: expected object'],
    ['outOfSyncPolicy is not a string', { push: { outOfSyncPolicy: true } }, 'Wrong type at /push/outOfSyncPolicy: expected string'],
  ])('400 Invalid JSON when %s', async (_, body, detail) => {
    const answer = await reference().call('PUT', path(), { body });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidJson(detail) });
  });
});
