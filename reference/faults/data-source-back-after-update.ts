import { fault, perStore } from '../patch.ts';
import type { DataSource } from '../store.ts';

/** Deleted data sources, by id: an update of one brings it back (an upsert over a soft delete). */
const deletedOf = perStore(() => new Map<string, DataSource>());

export default fault({
  name: 'data-source-back-after-update',
  breaks: 'DS-DELETE-PERMANENT',
  seenIn: 'sequences',
  description: 'an update of a deleted data source brings it back, so a later delete succeeds again instead of 404',
  patch: {
    write: (call, before, after) => {
      if (call.operation === 'deleteDataSource' && after === undefined) deletedOf(call.store).set((before as DataSource).id, before as DataSource);
      return after;
    },
    found: (call, found) => {
      if (call.operation !== 'updateDataSource' || found !== undefined) return found;
      return deletedOf(call.store).get(call.params.dataSourceId ?? '');
    },
  },
});
