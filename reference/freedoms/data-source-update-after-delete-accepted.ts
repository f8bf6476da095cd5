import { freedom, perStore } from '../patch.ts';
import type { DataSource } from '../store.ts';

/** Deleted data sources, by id, as they were: a soft delete that only the delete itself looks at. */
const deletedOf = perStore(() => new Map<string, DataSource>());

export default freedom({
  name: 'data-source-update-after-delete-accepted',
  bends: ['EP.deleteDataSource.effect', 'EP.updateDataSource.errors'],
  description:
    'an update of a deleted data source is accepted and answered 200 with the update applied (the errors of an update are not shown), yet the data source stays deleted: a later delete still answers 404',
  patch: {
    // the update finds the soft-deleted record, so it is read, checked and applied as any update is
    found: (call, found) => (found === undefined && call.operation === 'updateDataSource' ? deletedOf(call.store).get(call.params.dataSourceId ?? '') : found),
    write: (call, before, after) => {
      if (call.operation === 'deleteDataSource' && after === undefined) deletedOf(call.store).set((before as DataSource).id, before as DataSource);
      return after;
    },
    // what the update kept is taken out again before the answer leaves: only the answer saw it
    reply: (call, reply, resource) => {
      const id = call.params.dataSourceId ?? '';
      if (call.operation === 'updateDataSource' && deletedOf(call.store).has(id) && resource !== undefined) {
        deletedOf(call.store).set(id, resource as DataSource);
        call.store.dataSources.delete(id);
      }
      return reply;
    },
  },
});
