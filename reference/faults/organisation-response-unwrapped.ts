import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-response-unwrapped',
  breaks: 'GEN-WRAP-RESPONSE',
  alsoBreaks: { 'ORG-RESPONSE': 'the statement itself is that the body is { organisation: <Organisation> }' },
  description: 'get and update answer the organisation unwrapped, without {"organisation": ...}',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation' ? changeResource(reply, undefined, (body) => body.organisation!) : reply,
  },
});
