import { fault } from '../patch.ts';
import { internalError } from '../responses.ts';

export default fault({
  name: 'oversize-body-500',
  breaks: 'GEN-NO-5XX',
  description: 'a body over the 1 MiB limit is answered 500 instead of 413',
  patch: {
    // a body past the limit is the server's trouble instead of the client's
    reply: (_call, reply) => (reply.status === 413 ? internalError() : reply),
  },
});
