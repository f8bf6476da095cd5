import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'data-source-row-long-accepted',
  breaks: 'DS-ROWS-FIT',
  seenIn: 'generated payloads',
  description: 'rows with more strings than columns are accepted (hand-written checks send only a short row; generated rows find it)',
  patch: {
    // a row of strings longer than the columns is overlooked (it is stored as sent)
    rules: (call, problems, body) => {
      if (call.operation !== 'updateDataSource' || !isObject(body) || !isObject(body.dataSource) || !Array.isArray(body.dataSource.columnsMetadata))
        return problems;
      const columns = body.dataSource.columnsMetadata.length;
      return problems.filter(
        (p) =>
          !(
            p.keyword === 'rows' &&
            /^\/dataSource\/rows\/\d+$/.test(p.pointer) &&
            Array.isArray(p.value) &&
            p.value.length > columns &&
            p.value.every((c) => typeof c === 'string')
          ),
      );
    },
  },
});
