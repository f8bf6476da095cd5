// Pushing the OpenAPI document to Git. No Git repository is connected to any seeded mock API, so the job
// runs at once and ends in ERROR with NO_LOCAL_HEAD, which the interface shows a returned job may carry.
import { randomUUID } from 'node:crypto';
import { isoDuration, isoTimestamp } from '../clock.ts';
import { ok } from '../responses.ts';
import type { MockApi } from '../store.ts';
import { findMockApi, handler } from './handler.ts';

export const pushOpenApiToGit = handler({
  find: findMockApi,
  run: (ctx, mockApi: MockApi) => {
    const id = randomUUID();
    const started = ctx.clock.nowNanos();
    const errors = [{ code: 10, title: 'No local head', detail: 'No Git repository is connected to this mock API' }];
    const finished = ctx.clock.nowNanos();
    const job = {
      id,
      jobType: 'open-api-git-pull',
      status: 'ERROR',
      started: isoTimestamp(started, ctx.faults.has('job-started-millisecond-precision') ? 3 : 9),
      finished: isoTimestamp(finished, 9),
      elapsed: isoDuration(finished - started),
      links: { self: `/v1/mock-apis/${mockApi.id}/jobs/${id}` },
      outcome: { errorCode: 'NO_LOCAL_HEAD', errors },
    };
    return ok({ job }, ctx.faults.has('push-status-200') ? 200 : 202);
  },
});
