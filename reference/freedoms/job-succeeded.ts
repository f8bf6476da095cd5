import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'job-succeeded',
  bends: ['JOB.status', 'JOB.finished', 'JOB.outcome', 'STATES.job-status', 'EP.pushOpenApiToGit.job-at-once'],
  description: 'the push job is returned finished under a status the interface does not name, SUCCEEDED, with finished and no outcome',
  patch: {
    reply: (call, reply) =>
      call.operation !== 'pushOpenApiToGit'
        ? reply
        : changeResource(reply, 'job', (job) => {
            if (job.status !== 'ERROR') return job;
            const { outcome: _, ...rest } = job;
            return { ...rest, status: 'SUCCEEDED' };
          }),
  },
});
