import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-status-above-599-accepted',
  breaks: 'CHAOS-HTTP-STATUS-LIMIT',
  description: 'httpErrors[].status up to 600 is accepted',
  patch: {
    rules: (call, problems) =>
      problems.filter(
        (p) =>
          !(
            call.operation === 'updateChaosSettings' &&
            /^\/chaos\/httpErrors\/\d+\/status$/.test(p.pointer) &&
            p.keyword === 'maximum' &&
            typeof p.value === 'number' &&
            p.value <= 600
          ),
      ),
  },
});
