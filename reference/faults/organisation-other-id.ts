import { changeResource, fault } from '../patch.ts';

/** The id the organisation is shown under. */
export const OTHER_ORGANISATION_ID = 'org-9z8y7x';

export default fault({
  name: 'organisation-other-id',
  breaks: 'ORG-IDENTITY',
  description: 'the organisation is shown under another id, org-9z8y7x, its links built from that id',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => {
            const [own, other] = [`/v1/organisations/${String(organisation.id)}`, `/v1/organisations/${OTHER_ORGANISATION_ID}`];
            const links = Object.entries(organisation.links as Record<string, string>).map(([name, link]) => [name, link.replace(own, other)]);
            return { ...organisation, id: OTHER_ORGANISATION_ID, links: Object.fromEntries(links) };
          })
        : reply,
  },
});
