import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-without-email',
  breaks: 'ORG-RESPONSE',
  description: 'the organisation is shown without emailAddress',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', ({ emailAddress: _, ...organisation }) => organisation)
        : reply,
  },
});
