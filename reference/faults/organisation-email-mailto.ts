import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-email-mailto',
  breaks: 'ORG-EMAIL',
  description: 'emailAddress is a mailto: URI (mailto:admin@example.com), not an e-mail address',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => ({ ...organisation, emailAddress: `mailto:${String(organisation.emailAddress)}` }))
        : reply,
  },
});
