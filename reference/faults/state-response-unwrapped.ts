import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'state-response-unwrapped',
  breaks: 'GEN-WRAP-RESPONSE',
  alsoBreaks: { 'STATE-ECHO': 'an answer without the state wrapper holds no expression to compare with the one sent' },
  description: 'the state update answers the settings unwrapped, without {"state": ...}',
  patch: {
    reply: (call, reply) => (call.operation === 'updateStateSettings' ? changeResource(reply, undefined, (body) => body.state!) : reply),
  },
});
