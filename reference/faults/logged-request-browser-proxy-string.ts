import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-browser-proxy-string',
  breaks: 'LR-RESPONSE',
  statement: 'LR.request.browserProxyRequest',
  description: 'the logged request shows request.browserProxyRequest as the string "false" instead of a boolean',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({ ...request, browserProxyRequest: String(request.browserProxyRequest) }))
        : reply,
  },
});
