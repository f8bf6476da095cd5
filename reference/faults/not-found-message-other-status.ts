import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'not-found-message-other-status',
  breaks: 'ERR-404',
  description: 'the not-found body reports another condition: code 404 with the message "HTTP 400 Bad Request"',
  patch: {
    // every not-found body (responses.ts notFound()), whatever the path
    reply: (_call, reply) =>
      reply.status === 404 && isObject(reply.json) && reply.json.code === 404 ? { ...reply, json: { ...reply.json, message: 'HTTP 400 Bad Request' } } : reply,
  },
});
