import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-header-names-with-colon',
  breaks: 'LR-HEADERS',
  description: 'each header name keeps the colon of its header line (Content-Type:), so no name is a field name',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({
            ...request,
            headers: Object.fromEntries(Object.entries(request.headers as Record<string, string>).map(([name, value]) => [`${name}:`, value])),
          }))
        : reply,
  },
});
