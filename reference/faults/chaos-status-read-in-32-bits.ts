import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'chaos-status-read-in-32-bits',
  breaks: 'CHAOS-HTTP-STATUS-LIMIT',
  description: 'an httpErrors status is read into a 32-bit integer before the limits are held to it, so 2^32 + 599 is taken as 599',
  patch: {
    // what the rules see is the value as a 32-bit reading has it
    read: (call, body) => {
      if (call.operation !== 'updateChaosSettings' || !isObject(body) || !isObject(body.chaos) || !Array.isArray(body.chaos.httpErrors)) return body;
      const httpErrors = body.chaos.httpErrors.map((item) =>
        isObject(item) && typeof item.status === 'number' && Number.isInteger(item.status) ? { ...item, status: item.status | 0 } : item,
      );
      return { ...body, chaos: { ...body.chaos, httpErrors } };
    },
  },
});
