import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-updated-without-fraction',
  breaks: 'DS-LAST-UPDATED',
  description: 'lastUpdatedTime is shown at second precision, without a fraction',
  patch: {
    // only shown so: the time kept keeps its fraction
    reply: (call, reply) =>
      call.operation === 'updateDataSource'
        ? changeResource(reply, 'dataSource', (ds) => ({ ...ds, lastUpdatedTime: String(ds.lastUpdatedTime).replace(/[.,]\d+Z$/, 'Z') }))
        : reply,
  },
});
