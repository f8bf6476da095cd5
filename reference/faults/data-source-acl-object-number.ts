import { changeResource, fault } from '../patch.ts';

/** The number the data source's aclObject is shown as. */
export const ACL_OBJECT_NUMBER = 4711;

export default fault({
  name: 'data-source-acl-object-number',
  breaks: 'DS-RESPONSE',
  statement: 'DS.aclObject',
  description: `aclObject of the data source is the number ${ACL_OBJECT_NUMBER}, not a string`,
  patch: {
    reply: (call, reply) =>
      call.operation === 'updateDataSource' ? changeResource(reply, 'dataSource', (ds) => ({ ...ds, aclObject: ACL_OBJECT_NUMBER })) : reply,
  },
});
