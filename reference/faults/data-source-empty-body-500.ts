import { fault } from '../patch.ts';
import { internalError } from '../responses.ts';

export default fault({
  name: 'data-source-empty-body-500',
  breaks: 'GEN-NO-5XX',
  description: 'a data source update with a zero-byte body is answered 500',
  patch: {
    // the refusal of a zero-byte body is the server's trouble instead
    reply: (call, reply) => (call.operation === 'updateDataSource' && call.refused && call.bytes.length === 0 ? internalError() : reply),
  },
});
