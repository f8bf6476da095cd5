import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-without-state',
  breaks: 'DS-RESPONSE',
  description: 'the data source update answers without state',
  patch: {
    reply: (call, reply) => (call.operation === 'updateDataSource' ? changeResource(reply, 'dataSource', ({ state: _, ...ds }) => ds) : reply),
  },
});
