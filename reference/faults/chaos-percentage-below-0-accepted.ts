import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-percentage-below-0-accepted',
  breaks: 'CHAOS-PERCENTAGE-LIMIT',
  description: 'percentageFailures down to -1 is accepted',
  patch: {
    rules: (call, problems) =>
      problems.filter(
        (p) =>
          !(
            call.operation === 'updateChaosSettings' &&
            p.pointer === '/chaos/percentageFailures' &&
            p.keyword === 'minimum' &&
            typeof p.value === 'number' &&
            p.value >= -1
          ),
      ),
  },
});
