import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-transformers-object',
  breaks: 'LR-RESPONSE',
  statement: 'LR.response.transformers',
  description: 'the logged request shows responseDefinition.transformers as an empty object {} instead of an array',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, 'responseDefinition', (served) => ({ ...served, transformers: {} })) : reply,
  },
});
