import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-status-201',
  breaks: 'CHAOS-STATUS',
  statement: 'EP.updateChaosSettings.success',
  description: 'the chaos update answers 201 instead of 200',
  patch: {
    reply: (call, reply) => (call.operation === 'updateChaosSettings' && reply.status === 200 ? { ...reply, status: 201 } : reply),
  },
});
