import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'chaos-echo-socket-reset-from-socket-close',
  breaks: 'CHAOS-ECHO',
  description: 'the chaos update stores socketReset as sent but answers it with the value of socketClose (absent when socketClose is)',
  patch: {
    // kept as sent; only the answer copies the neighbouring switch
    reply: (call, reply) =>
      call.operation === 'updateChaosSettings'
        ? changeResource(reply, 'chaos', ({ socketReset: _, ...chaos }) =>
            chaos.socketClose === undefined ? chaos : { ...chaos, socketReset: chaos.socketClose },
          )
        : reply,
  },
});
