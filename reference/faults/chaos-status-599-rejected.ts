import { fault, isObject, type Problem } from '../patch.ts';

export default fault({
  name: 'chaos-status-599-rejected',
  breaks: 'CHAOS-HTTP-STATUS-LIMIT',
  alsoBreaks: {
    'CHAOS-VALUES': 'generated valid settings include the limit itself, and a valid value refused is one of the values CHAOS-VALUES says are accepted',
  },
  description: 'httpErrors status 599, the inclusive upper limit, is rejected',
  patch: {
    // held after the schema, as a further rule: only a body that breaks no other is refused for it
    rules: (call, problems, body) => {
      if (call.operation !== 'updateChaosSettings' || problems.length > 0 || !isObject(body) || !isObject(body.chaos) || !Array.isArray(body.chaos.httpErrors))
        return problems;
      return body.chaos.httpErrors.flatMap((item, i): Problem[] =>
        isObject(item) && item.status === 599
          ? [{ pointer: `/chaos/httpErrors/${i}/status`, keyword: 'maximum', value: item.status, expected: `${String(item.status)} is outside the limits` }]
          : [],
      );
    },
  },
});
