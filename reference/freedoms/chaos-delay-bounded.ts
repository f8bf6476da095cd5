import { freedom, isObject } from '../patch.ts';

/** The longest delay this deployment takes: the interface gives durationMillis no bound, so a deployment may have one. */
export const LONGEST_DELAY_MS = 5 * 60_000;

export default freedom({
  name: 'chaos-delay-bounded',
  bends: ['CHAOS.longDelay'],
  description: 'longDelay.durationMillis past five minutes is refused as past a bound of its own (400, an error list naming the pointer)',
  patch: {
    rules: (call, problems, body) => {
      if (call.operation !== 'updateChaosSettings' || problems.length > 0 || !isObject(body) || !isObject(body.chaos) || !isObject(body.chaos.longDelay))
        return problems;
      const value = body.chaos.longDelay.durationMillis;
      return typeof value === 'number' && value > LONGEST_DELAY_MS
        ? [{ pointer: '/chaos/longDelay/durationMillis', keyword: 'maximum', value, expected: `at most ${LONGEST_DELAY_MS}` }]
        : problems;
    },
  },
});
