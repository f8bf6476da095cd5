import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-acl-subject-from-org-id',
  breaks: 'ORG-LINKS',
  description: 'links.aclSubject of the organisation is built from the organisation id instead of the aclSubject id',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => {
            const links = organisation.links as Record<string, string>;
            return { ...organisation, links: { ...links, aclSubject: `/v1/acl/subjects/${String(organisation.id)}` } };
          })
        : reply,
  },
});
