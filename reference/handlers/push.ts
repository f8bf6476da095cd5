// Pushing the OpenAPI document to Git. No Git repository is connected to any seeded mock API, so the job
// runs at once and ends in ERROR with NO_LOCAL_HEAD, which the interface shows a returned job may carry.
// In variations mode the job is returned while it still runs (no finished, no outcome) under another
// jobType, and outOfSyncPolicy is held to this deployment's own values: the interface names none, so a
// deployment may choose them, and a run must send only the value its user names.
import { randomUUID } from 'node:crypto';
import { expandPath } from '../../contract/schemas.ts';
import { isoDuration, isoTimestamp } from '../clock.ts';
import { errorEntry, errorList, ok } from '../responses.ts';
import type { JsonObject, MockApi } from '../store.ts';
import { findMockApi, handler } from './handler.ts';

/** The values of outOfSyncPolicy this deployment names; the first is the one it hands a run (MOCKAPI_PUSH_POLICY). */
export const PUSH_POLICIES = ['ABORT', 'FORCE'] as const;

export const pushOpenApiToGit = handler({
  find: findMockApi,
  reply: ({ clock, variations }, mockApi: MockApi | undefined, body) => {
    const policy = (body.push as JsonObject).outOfSyncPolicy;
    if (variations && policy !== undefined && !(PUSH_POLICIES as readonly unknown[]).includes(policy)) {
      const detail = `Invalid value at /push/outOfSyncPolicy: must be one of the allowed values: ${PUSH_POLICIES.join(', ')}`;
      return errorList(422, [errorEntry(422, 'Invalid value', detail)]);
    }
    const id = randomUUID();
    const started = clock.nowNanos();
    const errors = [{ code: 10, title: 'No local head', detail: 'No Git repository is connected to this mock API' }];
    const finished = clock.nowNanos();
    const job = {
      id,
      // variations: a value the interface does not name, which it leaves open
      jobType: variations ? 'open-api-git-push' : 'open-api-git-pull',
      status: variations ? 'RUNNING' : 'ERROR',
      // nanosecond precision; variations: past the nine digits
      started: isoTimestamp(started, variations ? 12 : 9),
      ...(variations ? {} : { finished: isoTimestamp(finished, 9) }),
      elapsed: isoDuration(finished - started),
      // each id percent-encoded as a path segment, as a URI reference holds it
      links: { self: expandPath('/v1/mock-apis/{mockApiId}/jobs/{id}', { mockApiId: mockApi!.id, id }) },
      ...(variations ? {} : { outcome: { errorCode: 'NO_LOCAL_HEAD', errors } }),
    };
    return ok({ job }, 202);
  },
});
