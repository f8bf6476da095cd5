import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-self-organizations',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.self',
  description: 'the organisation link self is /v1/organizations/<organisation_id>, organisations spelt with a z',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'self', (_, self) => self.replace('/v1/organisations/', '/v1/organizations/')),
  },
});
