import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'data-source-column-without-type-accepted',
  breaks: 'DS-TYPES',
  seenIn: 'generated payloads',
  description: 'a column without its required type is accepted as a STRING column: a required property left out below the top level',
  patch: {
    // the body is read as if each column without a type had said STRING, before the rules see it
    read: (call, body) => {
      if (call.operation !== 'updateDataSource' || !isObject(body) || !isObject(body.dataSource)) return body;
      const ds = body.dataSource;
      const columns = ds.columnsMetadata;
      if (!Array.isArray(columns) || !columns.some((c) => isObject(c) && !('type' in c))) return body;
      return { ...body, dataSource: { ...ds, columnsMetadata: columns.map((c) => (isObject(c) && !('type' in c) ? { ...c, type: { name: 'STRING' } } : c)) } };
    },
  },
});
