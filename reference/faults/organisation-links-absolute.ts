import { changeResource, fault } from '../patch.ts';

/** The origin the organisation's links are written under. */
export const LINK_ORIGIN = 'https://api.example.com';

export default fault({
  name: 'organisation-links-absolute',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.strings',
  description: `the links of the organisation are absolute URLs under ${LINK_ORIGIN}, not relative paths`,
  patch: {
    reply: (call, reply) =>
      call.operation === 'getOrganisation' || call.operation === 'updateOrganisation'
        ? changeResource(reply, 'organisation', (organisation) => {
            const links = Object.entries(organisation.links as Record<string, string>).map(([name, link]) => [name, `${LINK_ORIGIN}${link}`]);
            return { ...organisation, links: Object.fromEntries(links) };
          })
        : reply,
  },
});
