import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-acl-object-from-acl-subject',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.aclObject',
  description: 'links.aclObject of the organisation is built from its aclSubject id instead of its aclObject id',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'aclObject', (organisation) => `/v1/acl/objects/${String(organisation.aclSubject)}`),
  },
});
