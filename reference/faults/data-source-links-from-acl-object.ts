import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-links-from-acl-object',
  breaks: 'DS-LINKS',
  description: 'links.self and links.acl of the data source are built from its aclObject instead of its id',
  patch: {
    reply: (call, reply) =>
      call.operation === 'updateDataSource'
        ? changeResource(reply, 'dataSource', (ds) => {
            const [own, other] = [`/v1/data-sources/${String(ds.id)}`, `/v1/data-sources/${String(ds.aclObject)}`];
            const links = Object.entries(ds.links as Record<string, string>).map(([name, link]) => [name, link.replace(own, other)]);
            return { ...ds, links: Object.fromEntries(links) };
          })
        : reply,
  },
});
