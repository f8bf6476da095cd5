import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-client-ip-with-port',
  breaks: 'LR-CLIENT-IP-FORM',
  description: 'clientIp holds the client socket address, the IP address with its port (203.0.113.7:54321)',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({ ...request, clientIp: `${String(request.clientIp)}:54321` }))
        : reply,
  },
});
