import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'organisation-links-array',
  breaks: 'ORG-LINKS',
  alsoBreaks: { 'ORG-RESPONSE': 'links that are not an object are a listed field not of its stated type, which the body check judges' },
  statement: 'ORG.links',
  description: 'links of the organisation is an array of { rel, href } entries instead of an object',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => {
            const links = Object.entries(organisation.links as Record<string, string>).map(([rel, href]) => ({ rel, href }));
            return { ...organisation, links };
          })
        : reply,
  },
});
