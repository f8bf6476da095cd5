import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-status-number',
  breaks: 'PUSH-RESPONSE',
  statement: 'JOB.status',
  description: 'the job shows status as the number 3 instead of a string',
  patch: {
    reply: (call, reply) => (call.operation === 'pushOpenApiToGit' ? changeResource(reply, 'job', (job) => ({ ...job, status: 3 })) : reply),
  },
});
