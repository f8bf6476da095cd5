import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'not-found-code-string',
  breaks: 'ERR-404',
  description: 'the not-found body carries code "404" as a string',
  patch: {
    // every not-found body (responses.ts notFound()), whatever the path
    reply: (_call, reply) =>
      reply.status === 404 && isObject(reply.json) && reply.json.code === 404 ? { ...reply, json: { ...reply.json, code: '404' } } : reply,
  },
});
