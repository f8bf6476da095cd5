import { shiftedTimestamp } from '../clock.ts';
import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

/** The offset of a deployment an hour west of UTC (the nearest a zone stands) that writes its local time as UTC. */
const AN_HOUR_MS = 3_600_000;

export default fault({
  name: 'data-source-updated-time-hours-off',
  breaks: 'DS-LAST-UPDATED-NOW',
  description: 'lastUpdatedTime is the time of the update an hour early (local time an hour west of UTC written as UTC, say)',
  patch: {
    // the time kept is an hour early; its fraction of a second is kept as it was written
    write: (call, _before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted) return after;
      const ds = after as DataSource;
      return { ...ds, lastUpdatedTime: shiftedTimestamp(ds.lastUpdatedTime, -AN_HOUR_MS) };
    },
  },
});
