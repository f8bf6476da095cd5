import { fault } from '../patch.ts';
import type { DataSource } from '../store.ts';

export default fault({
  name: 'data-source-version-only-on-rename',
  breaks: 'DS-VERSION',
  description: 'a data source update raises version only when it changes the name or the type, not for new rows or columns alone',
  patch: {
    write: (call, before, after, accepted) => {
      if (call.operation !== 'updateDataSource' || !accepted) return after;
      const [was, is] = [before as DataSource, after as DataSource];
      const renamed = was.name !== is.name || was.type !== is.type;
      return renamed ? after : { ...is, version: was.version };
    },
  },
});
