import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'organisation-email-display-name',
  bends: ['ORG.emailAddress'],
  description: 'emailAddress carries a display name ("Example Ltd" <admin@example.com>): an RFC 5322 address, though not the bare one',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => ({ ...organisation, emailAddress: `"Example Ltd" <${String(organisation.emailAddress)}>` }))
        : reply,
  },
});
