// What each fault of push and jobs visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { SEED } from '../../../reference/store.ts';
import type { Reference } from '../helpers.ts';
import { org, chaos, state, dataSource, loggedRequest, push, twoColumns, UTC_NANOS, jobOf, loggedOf, servedElsewhere, jsonOf } from './shared.ts';

export const pushJobs: Record<string, (r: Reference) => Promise<void>> = {
  'push-under-post': async (r) => {
    const answer = await servedElsewhere(r, ['PUT', push], ['POST', push], { push: {} });
    expect(answer.status).toBe(202);
    expect(jsonOf(answer).job).toMatchObject({ jobType: 'open-api-git-pull' });
  },
  'push-status-200': async ({ call }) => {
    const answer = await call('PUT', push, { body: { push: {} } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ job: { status: 'ERROR' } });
  },
  'job-error-without-finished': async (r) => {
    const job = await jobOf(r);
    expect(job).toMatchObject({ status: 'ERROR', outcome: { errorCode: 'NO_LOCAL_HEAD' } });
    expect(job).not.toHaveProperty('finished');
  },
  'job-status-number': async (r) => {
    expect((await jobOf(r)).status).toBe(3);
  },
  'job-type-not-a-string': async (r) => {
    expect((await jobOf(r)).jobType).toEqual(['open-api-git-pull']);
  },
  'job-times-local-with-z': async (r) => {
    const job = await jobOf(r);
    // an hour ahead of this clock, in the reference's own form, and as far apart as before
    expect(Date.parse(`${job.started.slice(0, 23)}Z`) - Date.now()).toBeGreaterThan(3_600_000 - 60_000);
    expect(job.started).toMatch(UTC_NANOS);
    expect(job.finished).toMatch(UTC_NANOS);
    expect(Date.parse(`${job.finished!.slice(0, 23)}Z`) - Date.parse(`${job.started.slice(0, 23)}Z`)).toBeLessThan(60_000);
  },
  'job-started-millisecond-precision': async (r) => {
    const job = await jobOf(r);
    expect(job.started).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(job.finished).toMatch(UTC_NANOS);
  },
  'job-finished-local-offset': async (r) => {
    const job = await jobOf(r);
    expect(job.finished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}\+01:00$/);
    // the same instant as a UTC timestamp would give: a little after started
    const finished = Date.parse(job.finished.replace(/(\.\d{3})\d{6}/, '$1'));
    expect(finished - Date.parse(job.started.replace(/(\.\d{3})\d{6}/, '$1'))).toBeLessThan(1000);
    expect(job.started).toMatch(UTC_NANOS);
  },
  'job-elapsed-milliseconds': async (r) => {
    expect((await jobOf(r)).elapsed).toMatch(/^\d+ms$/);
  },
  'job-finished-before-started': async (r) => {
    const job = await jobOf(r);
    expect(job.finished).toMatch(UTC_NANOS);
    expect(Date.parse(`${job.started.slice(0, 23)}Z`) - Date.parse(`${job.finished.slice(0, 23)}Z`)).toBeGreaterThanOrEqual(999);
    expect(job.elapsed).toMatch(/^PT0\.\d+S$/);
  },
  'job-elapsed-disagrees': async (r) => {
    const job = await jobOf(r);
    expect(job.elapsed).toBe('PT1H');
    expect(Date.parse(`${job.finished.slice(0, 23)}Z`) - Date.parse(`${job.started.slice(0, 23)}Z`)).toBeLessThan(1000);
  },
  'job-link-other-job-id': async (r) => {
    const job = await jobOf(r);
    expect(job.links.self).toMatch(new RegExp(`^/v1/mock-apis/${SEED.mockApiId}/jobs/[0-9a-f-]{36}$`));
    expect(job.links.self).not.toContain(job.id);
  },
  'job-link-without-mock-api': async (r) => {
    const job = await jobOf(r);
    expect(job.links.self).toBe(`/v1/jobs/${job.id}`);
  },
  'job-error-code-string': async (r) => {
    expect((await jobOf(r)).outcome.errors[0]?.code).toBe('10');
  },
  'push-policy-any-type-accepted': async ({ call }) => {
    for (const outOfSyncPolicy of [5, true, ['a'], { a: 1 }]) expect((await call('PUT', push, { body: { push: { outOfSyncPolicy } } })).status).toBe(202);
    expect((await call('PUT', push, { body: { push: 'x' } })).status).toBe(400);
  },
  'chaos-percentage-0-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 0 } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100 } } })).status).toBe(200);
  },
  'chaos-percentage-100-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100 } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 0 } } })).status).toBe(200);
  },
  'chaos-percentage-a-hair-above-100-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100.00000000000001 } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 100.001 } } })).status).toBe(400);
  },
  'chaos-status-limit-first-item-only': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 600 }] } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 600 }] } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 399 }] } } })).status).toBe(200);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 'x' }] } } })).status).toBe(400);
  },
  'chaos-status-400-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, { status: 400 }] } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 599 }] } } })).status).toBe(200);
  },
  'chaos-status-599-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 599 }] } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 400 }] } } })).status).toBe(200);
  },
  'data-source-row-long-accepted': async ({ call }) => {
    const rows = (...cells: unknown[][]) => ({ dataSource: { ...twoColumns.dataSource, rows: cells } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x', '1', 'extra']) })).status).toBe(200);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x']) })).status).toBe(400);
  },
  'organisation-link-acl-no-template': async ({ call }) => {
    const { organisation } = (await call('GET', org)).json as { organisation: { links: Record<string, string> } };
    expect(organisation.links.acl).toBe(`${org}/acl`);
  },
  'state-expression-null-when-not-sent': async ({ call }) => {
    await call('PUT', state, { body: { state: { defaultContextExpression: 'kept' } } });
    expect((await call('PUT', state, { body: { state: {} } })).json).toEqual({ state: { defaultContextExpression: null } });
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 'x' } } })).json).toEqual({ state: { defaultContextExpression: 'x' } });
  },
  'logged-date-string-milliseconds': async (r) => {
    const { loggedDate, loggedDateString } = (await loggedOf(r)).request;
    expect(loggedDateString).toBe(new Date(loggedDate).toISOString());
    expect(loggedDateString).toMatch(/\.\d{3}Z$/);
  },
  'logged-request-id-not-uuid': async (r) => {
    expect(r.deployment.fixtures.requestId).toBe('req-6f1c2a8e');
    expect((await loggedOf(r, 'req-6f1c2a8e')).id).toBe('req-6f1c2a8e');
    expect((await r.call('GET', loggedRequest(SEED.requestId))).status).toBe(404);
  },
  'job-id-not-uuid': async (r) => {
    const job = await jobOf(r);
    expect(job.id).toMatch(/^job-\d+$/);
    expect(job.links.self).toBe(`/v1/mock-apis/${SEED.mockApiId}/jobs/${job.id}`);
  },
};
