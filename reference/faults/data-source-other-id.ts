import { changeResource, fault } from '../patch.ts';

/** The id the data source is shown under. */
export const OTHER_DATA_SOURCE_ID = 'ds-9z8y7x';

export default fault({
  name: 'data-source-other-id',
  breaks: 'DS-LINKS',
  statement: 'DS.id',
  description: `the data source updated is shown under another id, ${OTHER_DATA_SOURCE_ID}, its links built from that id`,
  patch: {
    reply: (call, reply) =>
      call.operation === 'updateDataSource'
        ? changeResource(reply, 'dataSource', (ds) => {
            const [own, other] = [`/v1/data-sources/${String(ds.id)}`, `/v1/data-sources/${OTHER_DATA_SOURCE_ID}`];
            const links = Object.entries(ds.links as Record<string, string>).map(([name, link]) => [name, link.replace(own, other)]);
            return { ...ds, id: OTHER_DATA_SOURCE_ID, links: Object.fromEntries(links) };
          })
        : reply,
  },
});
