import { fault, isObject } from '../patch.ts';
import { errorEntry } from '../responses.ts';

export default fault({
  name: 'forbidden-two-entries',
  breaks: 'AUTH-403-BODY',
  description: 'the 403 error list holds two entries instead of one',
  patch: {
    // every 403 is the answer to a key without permission (responses.ts forbidden()); a second entry added
    reply: (_call, reply) =>
      reply.status === 403 && isObject(reply.json) && Array.isArray(reply.json.errors)
        ? {
            ...reply,
            json: {
              ...reply.json,
              errors: [...reply.json.errors, errorEntry(403, 'Forbidden', 'The operation needs a permission this API key does not have.')],
            },
          }
        : reply,
  },
});
