import { fault } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';

export default fault({
  name: 'data-source-delete-400',
  breaks: 'DS-DELETE',
  description: 'deleting an existing data source removes it but answers 400 with an error list',
  patch: {
    // removed all the same: only the success answer is replaced
    reply: (call, reply) =>
      call.operation === 'deleteDataSource' && reply.status < 300
        ? errorList(400, [errorEntry(400, 'Delete failed', `The data source ${call.params.dataSourceId!} could not be deleted`)])
        : reply,
  },
});
