import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'chaos-enabled-string-accepted',
  breaks: 'CHAOS-TYPES',
  description: 'enabled written as the string "true" or "false" is accepted and stored as the boolean',
  patch: {
    read: (call, body) => {
      if (call.operation !== 'updateChaosSettings' || !isObject(body) || !isObject(body.chaos)) return body;
      const { enabled } = body.chaos;
      return enabled === 'true' || enabled === 'false' ? { ...body, chaos: { ...body.chaos, enabled: enabled === 'true' } } : body;
    },
  },
});
