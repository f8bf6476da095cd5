import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

const TWO_HOURS_MS = 2 * 3_600_000;

export default fault({
  name: 'data-source-updated-time-hours-off',
  breaks: 'DS-LAST-UPDATED-NOW',
  description: 'lastUpdatedTime is the time of the update two hours early (local time written as UTC, say)',
  patch: {
    // the time kept is two hours early; its fraction of a second is kept as it was written
    write: (call, _before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted) return after;
      const ds = after as DataSource;
      const seconds = new Date(Date.parse(`${ds.lastUpdatedTime.slice(0, 19)}Z`) - TWO_HOURS_MS).toISOString().slice(0, 19);
      return { ...ds, lastUpdatedTime: seconds + ds.lastUpdatedTime.slice(19) };
    },
  },
});
