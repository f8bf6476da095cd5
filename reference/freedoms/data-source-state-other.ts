import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'data-source-state-other',
  bends: ['DS.state', 'STATES.data-source-state', 'DS.other-values', 'STATES.other-values'],
  description: "a data source's state is a value the interface does not name, ACTIVE",
  patch: {
    reply: (call, reply) =>
      call.operation === 'updateDataSource' ? changeResource(reply, 'dataSource', (ds) => (ds.state === 'ENABLED' ? { ...ds, state: 'ACTIVE' } : ds)) : reply,
  },
});
