import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-method-with-target',
  breaks: 'LR-METHOD',
  description: 'method holds the start of the request line, the method and its target (POST /orders?limit=2), not the method',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({ ...request, method: `${String(request.method)} ${String(request.url)}` }))
        : reply,
  },
});
