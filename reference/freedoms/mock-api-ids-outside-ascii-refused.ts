import { freedom } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';

export default freedom({
  name: 'mock-api-ids-outside-ascii-refused',
  bends: ['ID.mockApiId', 'LIMIT.mockApiId'],
  description: 'a mockApiId that names nothing and holds a character outside ASCII is refused 400 with an error list (the words name no alphabet)',
  patch: {
    reply: (call, reply) => {
      const id = call.params.mockApiId;
      if (reply.status !== 404 || id === undefined || !/[^\x20-\x7e]/.test(id)) return reply;
      return errorList(400, [errorEntry(400, 'Invalid path parameter', 'mockApiId must be ASCII')]);
    },
  },
});
