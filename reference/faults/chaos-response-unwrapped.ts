import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'chaos-response-unwrapped',
  breaks: 'GEN-WRAP-RESPONSE',
  alsoBreaks: { 'CHAOS-ECHO': 'an answer without the chaos wrapper holds no settings to compare with those sent' },
  description: 'the chaos update answers the settings unwrapped, without {"chaos": ...}',
  patch: {
    reply: (call, reply) => (call.operation === 'updateChaosSettings' ? changeResource(reply, undefined, (body) => body.chaos!) : reply),
  },
});
