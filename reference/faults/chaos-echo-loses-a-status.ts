import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'chaos-echo-loses-a-status',
  breaks: 'CHAOS-ECHO',
  description: 'the chaos update stores every httpErrors status but answers without the last one sent (order and repeats are open; the statuses are not)',
  patch: {
    // every status is kept; the answer drops the last one (a single status is shown as it is)
    reply: (call, reply) =>
      call.operation === 'updateChaosSettings'
        ? changeResource(reply, 'chaos', (shown) =>
            Array.isArray(shown.httpErrors) && shown.httpErrors.length > 1 ? { ...shown, httpErrors: shown.httpErrors.slice(0, -1) } : shown,
          )
        : reply,
  },
});
