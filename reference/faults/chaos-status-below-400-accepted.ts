import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-status-below-400-accepted',
  breaks: 'CHAOS-HTTP-STATUS-LIMIT',
  description: 'httpErrors[].status down to 399 is accepted',
  patch: {
    rules: (call, problems) =>
      problems.filter(
        (p) =>
          !(
            call.operation === 'updateChaosSettings' &&
            /^\/chaos\/httpErrors\/\d+\/status$/.test(p.pointer) &&
            p.keyword === 'minimum' &&
            typeof p.value === 'number' &&
            p.value >= 399
          ),
      ),
  },
});
