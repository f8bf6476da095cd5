import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-url-mismatch',
  breaks: 'LR-URL',
  description: 'absoluteUrl leaves out the query that url shows',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({ ...request, absoluteUrl: String(request.absoluteUrl).split('?')[0]! }))
        : reply,
  },
});
