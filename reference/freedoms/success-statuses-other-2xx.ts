import type { OperationId } from '../../contract/schemas.ts';
import { freedom } from '../patch.ts';

/** Another 2xx for each operation whose success status is not shown (a delete's is deletes-200-with-body's; 202 is pending work). */
const OTHER: Partial<Record<OperationId, number>> = {
  updateStateSettings: 201,
  getOrganisation: 203,
  updateOrganisation: 201,
  updateDataSource: 201,
  getLoggedRequest: 203,
};

export default freedom({
  name: 'success-statuses-other-2xx',
  bends: [
    'EP.updateStateSettings.success',
    'EP.getOrganisation.success',
    'EP.updateOrganisation.success',
    'EP.updateDataSource.success',
    'EP.getLoggedRequest.success',
  ],
  description: 'each operation whose success status is not shown answers another 2xx: 201 for the updates, 203 for the reads',
  patch: {
    reply: (call, reply) => {
      const status = call.operation === undefined ? undefined : OTHER[call.operation];
      return status !== undefined && reply.status === 200 ? { ...reply, status } : reply;
    },
  },
});
