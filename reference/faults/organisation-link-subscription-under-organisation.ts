import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-subscription-under-organisation',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.subscription',
  description: 'links.subscription of the organisation is /v1/organisations/<organisation_id>/subscription, not /v1/subscriptions/<subscription_id>',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'subscription', (organisation) => `/v1/organisations/${String(organisation.id)}/subscription`),
  },
});
