import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-invitations-invites',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.invitations',
  description: 'the organisation link invitations is /v1/organisations/<organisation_id>/invites',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'invitations', (_, invitations) => invitations.replace(/\/invitations$/, '/invites')),
  },
});
