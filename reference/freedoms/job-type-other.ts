import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'job-type-other',
  bends: ['JOB.jobType', 'JOB.other-values'],
  description: 'the push job has a jobType the interface does not name, open-api-git-push',
  patch: {
    reply: (call, reply) => (call.operation === 'pushOpenApiToGit' ? changeResource(reply, 'job', (job) => ({ ...job, jobType: 'open-api-git-push' })) : reply),
  },
});
