import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'job-failed-without-finished',
  bends: ['JOB.finished', 'JOB.status', 'JOB.other-values'],
  description:
    "the push job is returned under a status the interface does not name, FAILED, without finished: what FAILED says of its stage is the deployment's",
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
