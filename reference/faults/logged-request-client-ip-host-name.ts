import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-client-ip-host-name',
  breaks: 'LR-CLIENT-IP',
  description: 'clientIp holds the host name the client address resolves to (client-7.example.net), not the address',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({ ...request, clientIp: `client-${String(request.clientIp).split('.').at(-1)}.example.net` }))
        : reply,
  },
});
