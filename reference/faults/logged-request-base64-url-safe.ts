import { changeResource, fault } from '../patch.ts';
import type { LoggedRequest } from '../store.ts';

export default fault({
  name: 'logged-request-base64-url-safe',
  breaks: 'LR-BODY',
  statement: 'LR.request.bodyAsBase64',
  description:
    "bodyAsBase64 is written with the URL-safe alphabet and without padding ('_' for '/', no '='): a lenient decoder reads it, but it is not Base64 (RFC 4648 section 4)",
  patch: {
    reply: (call, reply, resource) =>
      call.operation === 'getLoggedRequest' && resource !== undefined
        ? changeResource(reply, 'request', (request) => ({ ...request, bodyAsBase64: (resource as LoggedRequest).body.toString('base64url') }))
        : reply,
  },
});
