import { fault, isObject } from '../patch.ts';

/** percentageFailures written with an exponent (5e1, 1E2) in the body as received. */
const EXPONENT = /"percentageFailures"\s*:\s*-?\d+(?:\.\d+)?[eE]/;

export default fault({
  name: 'chaos-percentage-exponent-rejected',
  breaks: 'CHAOS-VALUES',
  description: 'percentageFailures written in exponent notation (5e1, 1E2), a JSON number within the limits, is rejected',
  patch: {
    rules: (call, problems, body) => {
      if (call.operation !== 'updateChaosSettings' || problems.length > 0 || !isObject(body) || !isObject(body.chaos)) return problems;
      const value = body.chaos.percentageFailures;
      return EXPONENT.test(call.bytes.toString('utf8'))
        ? [{ pointer: '/chaos/percentageFailures', keyword: 'type', value, expected: 'a number written without an exponent' }]
        : problems;
    },
  },
});
