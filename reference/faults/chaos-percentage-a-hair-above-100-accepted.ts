import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-percentage-a-hair-above-100-accepted',
  breaks: 'CHAOS-PERCENTAGE-LIMIT',
  seenIn: 'generated payloads',
  description:
    'percentageFailures up to 100.0005 is accepted: past the limit by less than any hand-written case sends, found by the generated nearest double 100.00000000000001',
  patch: {
    // only a generated value gets this close: the hand-written checks send 100.001
    rules: (call, problems) =>
      problems.filter(
        (p) =>
          !(
            call.operation === 'updateChaosSettings' &&
            p.pointer === '/chaos/percentageFailures' &&
            p.keyword === 'maximum' &&
            typeof p.value === 'number' &&
            p.value <= 100.0005
          ),
      ),
  },
});
