import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default fault({
  name: 'data-source-updated-time-goes-back',
  breaks: 'DS-LAST-UPDATED-NOW',
  // one update's answer is right on its own: only the update after it shows the time going back
  seenIn: 'sequences',
  description:
    'each update reports a lastUpdatedTime 2 s before the one the update before it reported, or the time now once that would be a minute behind (within minutes of the clock, but not the time of the last update)',
  patch: {
    write: (call, before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted) return after;
      const earlier = Date.parse((before as DataSource).lastUpdatedTime) - 2_000;
      const now = Date.now();
      return { ...(after as DataSource), lastUpdatedTime: new Date(earlier < now - 60_000 ? now : earlier).toISOString() };
    },
  },
});
