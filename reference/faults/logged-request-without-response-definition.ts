import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-without-response-definition',
  breaks: 'LR-RESPONSE',
  statement: 'LR.responseDefinition',
  description: 'the logged request is shown without responseDefinition, the response that was served',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, undefined, ({ responseDefinition: _, ...logged }) => logged) : reply,
  },
});
