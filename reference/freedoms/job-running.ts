import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'job-running',
  bends: ['JOB.status', 'JOB.finished', 'JOB.outcome', 'JOB.elapsed', 'EP.pushOpenApiToGit.job-at-once', 'EP.pushOpenApiToGit.effect'],
  description: 'the push job is returned while it still runs: status RUNNING, no finished, no outcome',
  patch: {
    reply: (call, reply) => {
      if (call.operation !== 'pushOpenApiToGit') return reply;
      return changeResource(reply, 'job', (job) => {
        if (job.status !== 'ERROR') return job;
        const { finished: _, outcome: __, ...running } = job;
        return { ...running, status: 'RUNNING' };
      });
    },
  },
});
