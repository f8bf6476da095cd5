// Pushing the OpenAPI document to Git. No Git repository is connected to any seeded mock API, so the job
// runs at once and ends in ERROR with NO_LOCAL_HEAD, which the interface shows a returned job may carry.
// In variations mode the job is returned while it still runs (no finished, no outcome) under another
// jobType, and outOfSyncPolicy is held to this deployment's own values: the interface names none, so a
// deployment may choose them, and a run must send only the value its user names.
import { randomUUID } from 'node:crypto';
import { isoDuration, isoTimestamp } from '../clock.ts';
import type { Faults } from '../faults.ts';
import { errorEntry, errorList, ok } from '../responses.ts';
import type { JsonObject, MockApi } from '../store.ts';
import { findMockApi, handler } from './handler.ts';

const NS_PER_HOUR = 3_600_000_000_000n;

/** The values of outOfSyncPolicy this deployment names; the first is the one it hands a run (MOCKAPI_PUSH_POLICY). */
export const PUSH_POLICIES = ['ABORT', 'FORCE'] as const;

const NS_PER_S = 1_000_000_000n;

function finishedAt(started: bigint, ns: bigint, faults: Faults): string {
  // job-finished-local-offset: the same instant, written in +01:00
  if (faults.has('job-finished-local-offset')) return isoTimestamp(ns + NS_PER_HOUR, 9).replace(/Z$/, '+01:00');
  if (faults.has('job-finished-before-started')) return isoTimestamp(started - NS_PER_S, 9);
  return isoTimestamp(ns, 9);
}

function elapsedOf(ns: bigint, faults: Faults): string {
  if (faults.has('job-elapsed-disagrees')) return 'PT1H';
  return faults.has('job-elapsed-milliseconds') ? `${ns / 1_000_000n}ms` : isoDuration(ns);
}

function selfLink(mockApi: MockApi, id: string, faults: Faults): string {
  if (faults.has('job-link-without-mock-api')) return `/v1/jobs/${id}`;
  return `/v1/mock-apis/${mockApi.id}/jobs/${faults.has('job-link-other-job-id') ? randomUUID() : id}`;
}

export const pushOpenApiToGit = handler({
  find: findMockApi,
  run: ({ clock, faults, variations }, mockApi: MockApi, body) => {
    const policy = (body.push as JsonObject).outOfSyncPolicy;
    if (variations && policy !== undefined && !(PUSH_POLICIES as readonly unknown[]).includes(policy)) {
      const detail = `Invalid value at /push/outOfSyncPolicy: must be one of the allowed values: ${PUSH_POLICIES.join(', ')}`;
      return errorList(422, [errorEntry(422, 'Invalid value', detail)]);
    }
    const id = randomUUID();
    const started = clock.nowNanos();
    const code = faults.has('job-error-code-string') ? '10' : 10;
    const errors = [{ code, title: 'No local head', detail: 'No Git repository is connected to this mock API' }];
    const finished = clock.nowNanos();
    const job = {
      id,
      // variations: a value the interface does not name, which it leaves open
      jobType: faults.has('job-type-not-a-string') ? ['open-api-git-pull'] : variations ? 'open-api-git-push' : 'open-api-git-pull',
      status: faults.has('job-status-number') ? 3 : variations ? 'RUNNING' : 'ERROR',
      // variations: past the nine digits of nanosecond precision
      started: isoTimestamp(started, faults.has('job-started-millisecond-precision') ? 3 : variations ? 12 : 9),
      ...(variations ? {} : { finished: finishedAt(started, finished, faults) }),
      elapsed: elapsedOf(finished - started, faults),
      links: { self: selfLink(mockApi, id, faults) },
      ...(variations ? {} : { outcome: { errorCode: 'NO_LOCAL_HEAD', errors } }),
    };
    return ok(faults.has('job-response-unwrapped') ? job : { job }, faults.has('push-status-200') ? 200 : 202);
  },
});
