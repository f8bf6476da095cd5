import { fault } from '../patch.ts';

export default fault({
  name: 'data-source-delete-not-permanent',
  breaks: 'DS-DELETE-PERMANENT',
  description: 'deleting a data source answers success but keeps it, so it never becomes 404',
  patch: {
    // the data source is kept as it was; the answer is still the success of a removal
    write: (call, before, after) => (call.operation === 'deleteDataSource' ? before : after),
  },
});
