import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-without-client-ip',
  breaks: 'LR-RESPONSE',
  statement: 'LR.request.clientIp',
  description: 'the logged request is shown without request.clientIp',
  patch: {
    reply: (call, reply) => (call.operation === 'getLoggedRequest' ? changeResource(reply, 'request', ({ clientIp: _, ...request }) => request) : reply),
  },
});
