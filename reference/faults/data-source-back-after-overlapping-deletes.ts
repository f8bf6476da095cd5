import { fault, overlaps, perStore } from '../patch.ts';
import type { DataSource } from '../store.ts';

/** A slow store: each delete is held 50 ms, and deletes of one data source that overlap leave it in place. */
const deletes = overlaps(50);
const removed = perStore(() => new Map<string, DataSource>());

export default fault({
  name: 'data-source-back-after-overlapping-deletes',
  breaks: 'DS-DELETE-PERMANENT',
  shownOnlyBy: 'requests sent together',
  description: 'two deletes of a data source sent at once are answered 204 and 404, and the data source is back once both are done',
  patch: {
    pause: (call) => (call.operation === 'deleteDataSource' ? deletes.enter(call, call.params.dataSourceId!) : Promise.resolve()),
    write: (call, before, after) => {
      if (call.operation === 'deleteDataSource' && after === undefined) removed(call.store).set((before as DataSource).id, before as DataSource);
      return after;
    },
    reply: (call, reply) => {
      if (call.operation !== 'deleteDataSource' || !deletes.leave(call)) return reply;
      const back = removed(call.store).get(call.params.dataSourceId!);
      if (back) call.store.dataSources.set(back.id, back);
      return reply;
    },
  },
});
