import { fault } from '../patch.ts';
import type { Call } from '../patch.ts';
import type { DataSource } from '../store.ts';

/**
 * Read, then a slow store, then write, with no lock and no version check: updates of one data source that
 * overlap each start from the version they read, so each answers the same version and all but one are lost.
 * Updates one after another are not affected.
 */
const readFirst = new WeakMap<Call, DataSource>();

export default fault({
  name: 'data-source-lost-update-under-overlap',
  breaks: 'DS-VERSION',
  seenIn: 'sequences',
  description: 'data source updates that overlap each raise the version from the one they read first: two together answer the same version',
  patch: {
    found: (call, found) => {
      if (call.operation !== 'updateDataSource' || found === undefined) return found;
      const first = readFirst.get(call);
      if (first !== undefined) return first;
      readFirst.set(call, { ...(found as DataSource) });
      return found;
    },
    // the store's round trip: long enough for updates sent together to all have read before any writes
    pause: (call) => (call.operation === 'updateDataSource' ? new Promise((resolve) => setTimeout(resolve, 25)) : Promise.resolve()),
  },
});
