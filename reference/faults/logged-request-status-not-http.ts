import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-status-not-http',
  breaks: 'LR-RESPONSE',
  statement: 'LR.response.status',
  description: 'the logged request shows responseDefinition.status 1000, an integer but no HTTP status',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, 'responseDefinition', (served) => ({ ...served, status: 1000 })) : reply,
  },
});
