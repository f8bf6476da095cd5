import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-type-lowercased',
  breaks: 'DS-REPLACES',
  description: 'the data source update stores the type as sent but answers it in lower case (csv for CSV)',
  patch: {
    // kept as sent; only the answer writes it otherwise
    reply: (call, reply) =>
      call.operation === 'updateDataSource'
        ? changeResource(reply, 'dataSource', (source) => (typeof source.type === 'string' ? { ...source, type: source.type.toLowerCase() } : source))
        : reply,
  },
});
