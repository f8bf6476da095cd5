import { mockApiIdFits } from '../../contract/limits.ts';
import { freedom } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';

/** The refusal of a mockApiId for its length, as a path validator of the deployment's own gives it. */
export const refusedForItsLength = () => errorList(400, [errorEntry(400, 'Invalid path parameter', 'mockApiId must have 5 to 10 characters')]);

export default freedom({
  name: 'mock-api-id-length-refused-400',
  bends: ['ID.mockApiId', 'LIMIT.mockApiId'],
  description: 'a mockApiId out of its length is refused 400 with an error list, not 404',
  patch: {
    reply: (call, reply) => {
      const id = call.params.mockApiId;
      if (reply.status !== 404 || id === undefined || mockApiIdFits(id)) return reply;
      return refusedForItsLength();
    },
  },
});
