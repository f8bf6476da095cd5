import { fault } from '../patch.ts';

export default fault({
  name: 'push-status-200',
  breaks: 'PUSH-STATUS',
  statement: 'EP.pushOpenApiToGit.success',
  description: 'the push operation answers 200 instead of 202',
  patch: {
    reply: (call, reply) => (call.operation === 'pushOpenApiToGit' && reply.status === 202 ? { ...reply, status: 200 } : reply),
  },
});
