import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-finished-before-started',
  breaks: 'JOB-TIMES',
  description: 'job.finished is one second before job.started (elapsed still agrees with the run)',
  patch: {
    // started less one second: the same fraction, the second before
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            if (job.finished === undefined) return job;
            const started = String(job.started);
            const second = new Date(Date.parse(`${started.slice(0, 19)}Z`) - 1000).toISOString().slice(0, 19);
            return { ...job, finished: second + started.slice(19) };
          })
        : reply,
  },
});
