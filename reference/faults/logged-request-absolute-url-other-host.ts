import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-absolute-url-other-host',
  breaks: 'LR-URL',
  statement: 'LR.request.absoluteUrl',
  description: 'absoluteUrl names a host other than the one the request was sent to (its logged Host header), its path and query as received',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({
            ...request,
            absoluteUrl: String(request.absoluteUrl).replace(/^(https?:\/\/)[^/?#]*/, '$1mocks.internal'),
          }))
        : reply,
  },
});
