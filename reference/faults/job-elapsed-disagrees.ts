import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-elapsed-disagrees',
  breaks: 'JOB-TIMES',
  description: 'job.elapsed is PT1H, a valid duration an hour longer than the job took from started to finished',
  patch: {
    reply: (call, reply) => (call.operation === 'pushOpenApiToGit' ? changeResource(reply, 'job', (job) => ({ ...job, elapsed: 'PT1H' })) : reply),
  },
});
