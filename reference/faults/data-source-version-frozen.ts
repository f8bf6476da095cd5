import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default fault({
  name: 'data-source-version-frozen',
  breaks: 'DS-VERSION',
  description: 'a data source update leaves version unchanged',
  patch: {
    write: (call, before, after, accepted) =>
      call.operation === 'updateDataSource' && accepted ? { ...(after as DataSource), version: (before as DataSource).version } : after,
  },
});
