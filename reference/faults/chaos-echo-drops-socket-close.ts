import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'chaos-echo-drops-socket-close',
  breaks: 'CHAOS-ECHO',
  description: 'the chaos update stores socketClose but leaves it out of the answer',
  patch: {
    // kept as sent; only the answer leaves it out
    reply: (call, reply) => (call.operation === 'updateChaosSettings' ? changeResource(reply, 'chaos', ({ socketClose: _, ...shown }) => shown) : reply),
  },
});
