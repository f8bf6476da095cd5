import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-finished-local-offset',
  breaks: 'JOB-FINISHED',
  description: 'job.finished is the right instant written with the offset +01:00 instead of UTC',
  patch: {
    // the same instant: the local time an hour ahead, and the offset that says so
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            if (job.finished === undefined) return job;
            const finished = String(job.finished);
            const local = new Date(Date.parse(`${finished.slice(0, 19)}Z`) + 3_600_000).toISOString().slice(0, 19);
            return { ...job, finished: local + finished.slice(19).replace(/Z$/, '+01:00') };
          })
        : reply,
  },
});
