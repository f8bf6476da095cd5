import type { Json } from '../../contract/schemas.ts';
import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-columns-reordered',
  breaks: 'DS-REPLACES',
  description: 'the data source update answers the columns in reverse order (they are stored as sent)',
  patch: {
    reply: (call, reply) =>
      call.operation === 'updateDataSource'
        ? changeResource(reply, 'dataSource', (ds) => ({ ...ds, columnsMetadata: [...(ds.columnsMetadata as Json[])].reverse() }))
        : reply,
  },
});
