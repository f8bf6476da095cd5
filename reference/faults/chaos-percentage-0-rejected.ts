import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'chaos-percentage-0-rejected',
  breaks: 'CHAOS-PERCENTAGE-LIMIT',
  alsoBreaks: {
    'CHAOS-VALUES': 'generated valid settings include the limit itself, and a valid value refused is one of the values CHAOS-VALUES says are accepted',
  },
  description: 'percentageFailures 0, the inclusive lower limit, is rejected',
  patch: {
    // held after the schema, as a further rule: only a body that breaks no other is refused for it
    rules: (call, problems, body) => {
      if (call.operation !== 'updateChaosSettings' || problems.length > 0 || !isObject(body) || !isObject(body.chaos)) return problems;
      const value = body.chaos.percentageFailures;
      return value === 0 ? [{ pointer: '/chaos/percentageFailures', keyword: 'minimum', value, expected: `${String(value)} is outside the limits` }] : problems;
    },
  },
});
