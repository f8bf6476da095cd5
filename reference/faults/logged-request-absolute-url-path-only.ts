import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-absolute-url-path-only',
  breaks: 'LR-URL',
  statement: 'LR.request.absoluteUrl',
  description: 'absoluteUrl holds only the path and query, like url, without scheme and host',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, 'request', (request) => ({ ...request, absoluteUrl: request.url! })) : reply,
  },
});
