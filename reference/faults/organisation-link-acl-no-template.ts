import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-acl-no-template',
  breaks: 'ORG-LINKS',
  description: 'the organisation link acl lacks the {?subjectId} template',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => {
            const links = organisation.links as Record<string, string>;
            return { ...organisation, links: { ...links, acl: `${links.self}/acl` } };
          })
        : reply,
  },
});
