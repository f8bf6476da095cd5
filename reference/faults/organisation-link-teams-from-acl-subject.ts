import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-teams-from-acl-subject',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.teams',
  description: 'links.teams of the organisation is built from its aclSubject id instead of the organisation id',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'teams', (organisation) => `/v1/organisations/${String(organisation.aclSubject)}/teams`),
  },
});
