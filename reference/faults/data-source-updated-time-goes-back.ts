import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default fault({
  name: 'data-source-updated-time-goes-back',
  breaks: 'DS-LAST-UPDATED-NOW',
  // one update's answer is right on its own: only the update after it shows the time going back
  seenIn: 'sequences',
  description:
    'each update reports a lastUpdatedTime a millisecond before the one the update before it reported (within minutes of the clock, but not the time of the last update)',
  patch: {
    write: (call, before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted) return after;
      const earlier = new Date(Date.parse((before as DataSource).lastUpdatedTime) - 1).toISOString();
      return { ...(after as DataSource), lastUpdatedTime: earlier };
    },
  },
});
