import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-wrapped',
  breaks: 'GEN-UNWRAPPED-LOGGED-REQUEST',
  alsoBreaks: { 'LR-RESPONSE': 'the statement itself is that the body is the logged request' },
  description: 'the logged request is answered wrapped as {loggedRequest: ...}',
  patch: {
    reply: (call, reply) => (call.operation === 'getLoggedRequest' ? changeResource(reply, undefined, (logged) => ({ loggedRequest: logged })) : reply),
  },
});
