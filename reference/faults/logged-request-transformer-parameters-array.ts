import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'logged-request-transformer-parameters-array',
  breaks: 'LR-RESPONSE',
  statement: 'LR.response.transformerParameters',
  description: 'the logged request shows responseDefinition.transformerParameters as an empty array [] instead of an object',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest' ? changeResource(reply, 'responseDefinition', (served) => ({ ...served, transformerParameters: [] })) : reply,
  },
});
