import { fault, isObject } from '../patch.ts';

/** The largest value a signed 32-bit integer holds: a deployment that keeps durationMillis in one refuses more. */
const INT32_MAX = 2 ** 31 - 1;

export default fault({
  name: 'chaos-delay-past-32-bits-rejected',
  breaks: 'CHAOS-VALUES',
  description: 'longDelay.durationMillis past 2^31 - 1 is rejected, as if the integer were held in 32 bits',
  patch: {
    rules: (call, problems, body) => {
      if (call.operation !== 'updateChaosSettings' || problems.length > 0 || !isObject(body) || !isObject(body.chaos) || !isObject(body.chaos.longDelay))
        return problems;
      const value = body.chaos.longDelay.durationMillis;
      return typeof value === 'number' && value > INT32_MAX
        ? [{ pointer: '/chaos/longDelay/durationMillis', keyword: 'maximum', value, expected: `at most ${INT32_MAX}` }]
        : problems;
    },
  },
});
