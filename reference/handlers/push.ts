// Pushing the OpenAPI document to Git. No Git repository is connected to any seeded mock API, so the job
// runs at once and ends in ERROR with NO_LOCAL_HEAD, which the interface shows a returned job may carry.
// Any outOfSyncPolicy is taken; the freedom push-policies-own holds it to PUSH_POLICIES.
import { randomUUID } from 'node:crypto';
import { expandPath } from '../../contract/schemas.ts';
import { isoDuration, isoTimestamp } from '../clock.ts';
import { ok } from '../responses.ts';
import type { MockApi } from '../store.ts';
import { findMockApi, handler } from './handler.ts';

/** The values of outOfSyncPolicy this deployment names; the first is the one it hands a run (MOCKAPI_PUSH_POLICY). */
export const PUSH_POLICIES = ['ABORT', 'FORCE'] as const;

export const pushOpenApiToGit = handler({
  find: findMockApi,
  reply: ({ clock }, mockApi: MockApi | undefined) => {
    const id = randomUUID();
    const started = clock.nowNanos();
    const errors = [{ code: 10, title: 'No local head', detail: 'No Git repository is connected to this mock API' }];
    const finished = clock.nowNanos();
    const job = {
      id,
      jobType: 'open-api-git-pull',
      status: 'ERROR',
      // nanosecond precision
      started: isoTimestamp(started, 9),
      finished: isoTimestamp(finished, 9),
      elapsed: isoDuration(finished - started),
      // each id percent-encoded as a path segment, as a URI reference holds it
      links: { self: expandPath('/v1/mock-apis/{mockApiId}/jobs/{id}', { mockApiId: mockApi!.id, id }) },
      outcome: { errorCode: 'NO_LOCAL_HEAD', errors },
    };
    return ok({ job }, 202);
  },
});
