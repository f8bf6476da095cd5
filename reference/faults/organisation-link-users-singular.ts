import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-users-singular',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.users',
  description: 'the organisation link users is /v1/organisation/<organisation_id>/users, organisation in the singular',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'users', (_, users) => users.replace('/v1/organisations/', '/v1/organisation/')),
  },
});
