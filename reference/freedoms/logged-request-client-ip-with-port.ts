import { isIPv6 } from 'node:net';
import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'logged-request-client-ip-with-port',
  bends: ['LR.request.clientIp'],
  description: 'clientIp holds the client socket address, the IP address with its port (203.0.113.7:54321, an IPv6 address in brackets)',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => {
            const ip = String(request.clientIp);
            return { ...request, clientIp: `${isIPv6(ip) ? `[${ip}]` : ip}:54321` };
          })
        : reply,
  },
});
