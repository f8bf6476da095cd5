import { freedom } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default freedom({
  name: 'version-steps-of-7',
  bends: ['DS.version', 'VER.data-source-version'],
  description: "a data source's version rises by 7 with every accepted update",
  patch: {
    // "a version counter": how far it counts is not said
    write: (call, before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted || after === undefined) return after;
      return { ...(after as DataSource), version: (before as DataSource).version + 7 };
    },
  },
});
