import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'refusal-text-plain',
  breaks: 'GEN-JSON',
  description:
    'a body refused for a value (a limit passed, rows that do not fit: "Invalid value") is answered with its detail as text/plain; Invalid JSON answers stay JSON error lists',
  patch: {
    reply: (call, reply) => {
      const errors = isObject(reply.json) && Array.isArray(reply.json.errors) ? reply.json.errors : undefined;
      if (!call.refused || !errors || errors.some((e) => isObject(e) && e.title === 'Invalid JSON')) return reply;
      return { status: reply.status, text: errors.map((e) => (isObject(e) ? String(e.detail) : '')).join('\n') };
    },
  },
});
