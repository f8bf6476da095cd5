import { fault, isObject, type Problem } from '../patch.ts';

export default fault({
  name: 'chaos-status-400-rejected',
  breaks: 'CHAOS-HTTP-STATUS-LIMIT',
  alsoBreaks: {
    'CHAOS-VALUES': 'generated valid settings include the limit itself, and a valid value refused is one of the values CHAOS-VALUES says are accepted',
  },
  description: 'httpErrors status 400, the inclusive lower limit, is rejected',
  patch: {
    // held after the schema, as a further rule: only a body that breaks no other is refused for it
    rules: (call, problems, body) => {
      if (call.operation !== 'updateChaosSettings' || problems.length > 0 || !isObject(body) || !isObject(body.chaos) || !Array.isArray(body.chaos.httpErrors))
        return problems;
      return body.chaos.httpErrors.flatMap((item, i): Problem[] =>
        isObject(item) && item.status === 400
          ? [{ pointer: `/chaos/httpErrors/${i}/status`, keyword: 'minimum', value: item.status, expected: `${String(item.status)} is outside the limits` }]
          : [],
      );
    },
  },
});
