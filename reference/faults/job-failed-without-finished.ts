import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-failed-without-finished',
  breaks: 'JOB-FINISHED-STAGE',
  description: 'a job that ended is returned with status FAILED, a value the interface does not name, and without finished',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            if (job.status !== 'ERROR') return job;
            const { finished: _, ...unfinished } = job;
            return { ...unfinished, status: 'FAILED' };
          })
        : reply,
  },
});
