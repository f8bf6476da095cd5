import { isoDuration, isoNanos, nowNs } from './clock.ts';
import { newUuid } from './ids.ts';
import type { Job, MockApi } from './types.ts';

export function jobView(job: Job): Record<string, unknown> {
  const end = job.finishedNs ?? nowNs();
  return {
    id: job.id,
    jobType: job.jobType,
    status: job.status,
    started: isoNanos(job.startedNs),
    ...(job.finishedNs === undefined ? {} : { finished: isoNanos(job.finishedNs) }),
    elapsed: isoDuration(end - job.startedNs),
    links: { self: `/v1/mock-apis/${job.mockApiId}/jobs/${job.id}` },
    ...(job.outcome === undefined ? {} : { outcome: job.outcome }),
  };
}

// A push first pulls the remote head to compare it with the local one (that comparison is what outOfSyncPolicy governs),
// which is why its job carries the type open-api-git-pull.
function startPushJob(mockApi: MockApi): Job {
  const job: Job = { id: newUuid(), mockApiId: mockApi.id, jobType: 'open-api-git-pull', status: 'RUNNING', startedNs: nowNs() };
  mockApi.jobs.set(job.id, job);
  return job;
}

// This deployment has no Git remote, so the job runs to its end before the 202 is sent; without a local head there is nothing to compare.
export function runPushJob(mockApi: MockApi, outOfSyncPolicy: string): Job {
  const job = startPushJob(mockApi);
  if (mockApi.git.localHead === null) {
    job.status = 'ERROR';
    job.outcome = {
      errorCode: 'NO_LOCAL_HEAD',
      errors: [
        {
          code: 409,
          title: 'No local head',
          detail: `Mock API ${mockApi.id} has never pulled from ${mockApi.git.repositoryUrl}, so there is no local head to push (policy ${outOfSyncPolicy}).`,
        },
      ],
    };
  } else {
    job.status = 'SUCCESS';
  }
  job.finishedNs = nowNs();
  return job;
}
