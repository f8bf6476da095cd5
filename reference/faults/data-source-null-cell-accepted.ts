import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'data-source-null-cell-accepted',
  breaks: 'DS-ROWS-FIT',
  seenIn: 'generated payloads',
  description: 'a null cell in a row is accepted and stored as an empty string (hand-written checks send a number there)',
  patch: {
    // the body is read with every null cell as an empty string, before the rules see it
    read: (call, body) => {
      if (call.operation !== 'updateDataSource' || !isObject(body) || !isObject(body.dataSource)) return body;
      const ds = body.dataSource;
      const rows = ds.rows;
      if (!Array.isArray(rows) || !rows.some((row) => Array.isArray(row) && row.includes(null))) return body;
      return { ...body, dataSource: { ...ds, rows: rows.map((row) => (Array.isArray(row) ? row.map((cell) => cell ?? '') : row)) } };
    },
  },
});
