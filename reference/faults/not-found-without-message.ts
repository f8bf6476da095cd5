import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'not-found-without-message',
  breaks: 'ERR-404',
  description: 'the not-found body carries no message',
  patch: {
    // every not-found body (responses.ts notFound()), whatever the path
    reply: (_call, reply) => (reply.status === 404 && isObject(reply.json) && reply.json.code === 404 ? { ...reply, json: { code: 404 } } : reply),
  },
});
