import { fault, perStore } from '../patch.ts';
import { view } from '../handlers/data-sources.ts';
import { ok } from '../responses.ts';
import type { DataSource } from '../store.ts';

/** Deleted data sources, by id, as they were: a soft delete that only the delete itself looks at. */
const deletedOf = perStore(() => new Map<string, DataSource>());

export default fault({
  name: 'data-source-update-after-delete-accepted',
  breaks: 'DS-DELETED-NOT-UPDATED',
  description:
    'an update of a deleted data source is answered 200 with the data source as it was when deleted, which stays deleted: a later delete still answers 404',
  patch: {
    write: (call, before, after) => {
      if (call.operation === 'deleteDataSource' && after === undefined) deletedOf(call.store).set((before as DataSource).id, before as DataSource);
      return after;
    },
    reply: (call, reply) => {
      const deleted = call.operation === 'updateDataSource' && reply.status === 404 ? deletedOf(call.store).get(call.params.dataSourceId ?? '') : undefined;
      return deleted ? ok(view(deleted)) : reply;
    },
  },
});
