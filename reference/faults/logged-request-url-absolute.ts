import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-url-absolute',
  breaks: 'LR-URL',
  statement: 'LR.request.url',
  description: 'url holds the full URL, scheme and host included, like absoluteUrl (which still ends with it)',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, 'request', (request) => ({ ...request, url: request.absoluteUrl! })) : reply,
  },
});
