import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-error-without-finished',
  breaks: 'JOB-FINISHED-PRESENT',
  description: 'a job that ended in ERROR, with its outcome, is returned without finished',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            if (job.status !== 'ERROR') return job;
            const { finished: _, ...unfinished } = job;
            return unfinished;
          })
        : reply,
  },
});
