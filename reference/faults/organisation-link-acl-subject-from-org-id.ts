import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-acl-subject-from-org-id',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.aclSubject',
  description: 'links.aclSubject of the organisation is built from the organisation id instead of the aclSubject id',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'aclSubject', (organisation) => `/v1/acl/subjects/${String(organisation.id)}`),
  },
});
