import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-link-acl-no-template',
  breaks: 'DS-LINKS',
  statement: 'DS.links',
  description: 'links.acl of the data source lacks the {?subjectId} template',
  patch: {
    reply: (call, reply) =>
      call.operation === 'updateDataSource'
        ? changeResource(reply, 'dataSource', (ds) => {
            const links = ds.links as Record<string, string>;
            return { ...ds, links: { ...links, acl: `${links.self}/acl` } };
          })
        : reply,
  },
});
