import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-from-stub-number',
  breaks: 'LR-RESPONSE',
  statement: 'LR.response.fromConfiguredStub',
  description: 'the logged request shows responseDefinition.fromConfiguredStub as the number 1 or 0 instead of a boolean',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'responseDefinition', (served) => ({ ...served, fromConfiguredStub: served.fromConfiguredStub ? 1 : 0 }))
        : reply,
  },
});
