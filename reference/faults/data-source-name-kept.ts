import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default fault({
  name: 'data-source-name-kept',
  breaks: 'DS-REPLACES',
  statement: 'DS.name',
  description: 'a data source update keeps, and answers with, the old name; the rest of the configuration sent replaces it',
  patch: {
    write: (call, before, after, accepted) =>
      call.operation === 'updateDataSource' && accepted && after !== undefined ? { ...(after as DataSource), name: (before as DataSource).name } : after,
  },
});
