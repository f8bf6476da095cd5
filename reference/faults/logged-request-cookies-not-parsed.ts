import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-cookies-not-parsed',
  breaks: 'LR-COOKIES',
  description: 'cookies is empty although the Cookie header of the logged request sends two (session, theme)',
  patch: {
    reply: (call, reply) => (call.operation === 'getLoggedRequest' ? changeResource(reply, 'request', (request) => ({ ...request, cookies: {} })) : reply),
  },
});
