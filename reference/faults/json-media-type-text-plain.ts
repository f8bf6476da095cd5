import { fault } from '../patch.ts';

export default fault({
  name: 'json-media-type-text-plain',
  breaks: 'GEN-JSON',
  description: 'successful JSON responses are served as text/plain',
  patch: {
    reply: (_call, reply) => (reply.status < 300 && reply.json !== undefined ? { ...reply, contentType: 'text/plain' } : reply),
  },
});
