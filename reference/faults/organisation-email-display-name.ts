import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-email-display-name',
  breaks: 'ORG-EMAIL-FORM',
  description: 'emailAddress carries the organisation name as a display name (Example Ltd <admin@example.com>)',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => ({
            ...organisation,
            emailAddress: `${String(organisation.name)} <${String(organisation.emailAddress)}>`,
          }))
        : reply,
  },
});
