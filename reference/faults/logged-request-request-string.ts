import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-request-string',
  breaks: 'LR-RESPONSE',
  statement: 'LR.request',
  description: 'the logged request shows request, the received request, as a string of JSON text instead of an object',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, undefined, (logged) => ({ ...logged, request: JSON.stringify(logged.request) })) : reply,
  },
});
