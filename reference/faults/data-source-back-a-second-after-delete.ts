import { fault, perStore } from '../patch.ts';
import type { DataSource } from '../store.ts';

/** A replica that catches up late: a deleted data source is there again once a second has passed since its delete. */
const BACK_AFTER_MS = 1_000;
const deletedOf = perStore(() => new Map<string, { at: number; ds: DataSource }>());

export default fault({
  name: 'data-source-back-a-second-after-delete',
  breaks: 'DS-DELETE-PERMANENT',
  shownOnlyBy: 'time passing',
  description: 'a deleted data source is back a second after its delete: a delete then answers 204 again',
  patch: {
    write: (call, before, after) => {
      if (call.operation === 'deleteDataSource' && after === undefined)
        deletedOf(call.store).set((before as DataSource).id, { at: Date.now(), ds: before as DataSource });
      return after;
    },
    found: (call, found) => {
      if ((call.operation !== 'deleteDataSource' && call.operation !== 'updateDataSource') || found !== undefined) return found;
      const deleted = deletedOf(call.store).get(call.params.dataSourceId ?? '');
      if (!deleted || Date.now() - deleted.at < BACK_AFTER_MS) return found;
      deletedOf(call.store).delete(deleted.ds.id);
      call.store.dataSources.set(deleted.ds.id, deleted.ds);
      return deleted.ds;
    },
  },
});
