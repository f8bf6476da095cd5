import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-percentage-above-100-accepted',
  breaks: 'CHAOS-PERCENTAGE-LIMIT',
  description: 'percentageFailures up to 101 is accepted',
  patch: {
    rules: (call, problems) =>
      problems.filter(
        (p) =>
          !(
            call.operation === 'updateChaosSettings' &&
            p.pointer === '/chaos/percentageFailures' &&
            p.keyword === 'maximum' &&
            typeof p.value === 'number' &&
            p.value <= 101
          ),
      ),
  },
});
