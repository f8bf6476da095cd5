import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'data-source-boolean-column-refused',
  breaks: 'DS-RESPONSE',
  alsoBreaks: { 'GEN-WRAP-RESPONSE': 'a refused update answers no { dataSource: … } at all, where a valid update gets its wrapped answer' },
  description: 'a data source update whose columns include one of type BOOLEAN, a name the interface lists, is refused as Invalid value',
  patch: {
    // the type name is taken for one the deployment does not know
    rules: (call, problems, body) => {
      if (call.operation !== 'updateDataSource' || !isObject(body) || !isObject(body.dataSource) || !Array.isArray(body.dataSource.columnsMetadata))
        return problems;
      const at = body.dataSource.columnsMetadata.findIndex((c) => isObject(c) && isObject(c.type) && c.type.name === 'BOOLEAN');
      return at < 0
        ? problems
        : [
            ...problems,
            { pointer: `/dataSource/columnsMetadata/${at}/type/name`, keyword: 'enum', value: 'BOOLEAN', expected: 'one of STRING, DATE, INTEGER' },
          ];
    },
  },
});
