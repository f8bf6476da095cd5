import { fault, perStore } from '../patch.ts';
import type { DataSource } from '../store.ts';

/**
 * Versions looked up by content: a configuration sent before gets back the version it had then, so sending
 * an earlier configuration again (A, B, A) answers a version below the one before it.
 */
const versionsOf = perStore(() => new Map<string, number>());

export default fault({
  name: 'data-source-version-back-on-resend',
  breaks: 'DS-VERSION',
  seenIn: 'sequences',
  description: 'a data source update that sends an earlier configuration again answers the version that configuration had then',
  patch: {
    write: (call, _before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted) return after;
      const ds = after as DataSource;
      const seen = versionsOf(call.store);
      const key = `${ds.id} ${JSON.stringify([ds.name, ds.type, ds.columnsMetadata, ds.rows])}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) return { ...ds, version: earlier };
      seen.set(key, ds.version);
      return ds;
    },
  },
});
