import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'chaos-delay-string-coerced',
  breaks: 'CHAOS-TYPES',
  seenIn: 'generated payloads',
  description:
    'longDelay.durationMillis written as a string of digits ("30000") is taken as the number: a coercion inside a sub-object, which only generated payloads send',
  patch: {
    // a string of digits for the delay is read as the number it spells, before the rules see it
    read: (call, body) => {
      if (call.operation !== 'updateChaosSettings' || !isObject(body) || !isObject(body.chaos) || !isObject(body.chaos.longDelay)) return body;
      const { longDelay } = body.chaos;
      const duration = longDelay.durationMillis;
      return typeof duration === 'string' && /^\d+$/.test(duration)
        ? { ...body, chaos: { ...body.chaos, longDelay: { ...longDelay, durationMillis: Number(duration) } } }
        : body;
    },
  },
});
