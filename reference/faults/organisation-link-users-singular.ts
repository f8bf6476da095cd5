import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-users-singular',
  breaks: 'ORG-LINKS',
  description: 'the organisation link users is /v1/organisation/<organisation_id>/users, organisation in the singular',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => {
            const links = organisation.links as Record<string, string>;
            return { ...organisation, links: { ...links, users: links.users!.replace('/v1/organisations/', '/v1/organisation/') } };
          })
        : reply,
  },
});
