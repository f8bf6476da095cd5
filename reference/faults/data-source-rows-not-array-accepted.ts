import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'data-source-rows-not-array-accepted',
  breaks: 'DS-TYPES',
  description: 'a data source update whose rows is not an array is accepted as one without rows',
  patch: {
    // rows that are not an array are read as no rows at all
    read: (call, body) => {
      if (call.operation !== 'updateDataSource' || !isObject(body) || !isObject(body.dataSource)) return body;
      const { rows } = body.dataSource;
      return rows !== undefined && !Array.isArray(rows) ? { ...body, dataSource: { ...body.dataSource, rows: [] } } : body;
    },
  },
});
