import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-type-not-a-string',
  breaks: 'JOB-TYPE',
  description: 'the job of a push shows jobType as an array, ["open-api-git-pull"], instead of a string',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit' ? changeResource(reply, 'job', (job) => ({ ...job, jobType: ['open-api-git-pull'] })) : reply,
  },
});
