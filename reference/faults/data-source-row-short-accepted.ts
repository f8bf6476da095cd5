import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'data-source-row-short-accepted',
  breaks: 'DS-ROWS-FIT',
  description: 'a row with fewer strings than there are columns is accepted',
  patch: {
    // a row shorter than the columns is overlooked (it is stored as sent)
    rules: (call, problems, body) => {
      if (call.operation !== 'updateDataSource' || !isObject(body) || !isObject(body.dataSource) || !Array.isArray(body.dataSource.columnsMetadata))
        return problems;
      const columns = body.dataSource.columnsMetadata.length;
      return problems.filter(
        (p) => !(p.keyword === 'rows' && /^\/dataSource\/rows\/\d+$/.test(p.pointer) && Array.isArray(p.value) && p.value.length < columns),
      );
    },
  },
});
