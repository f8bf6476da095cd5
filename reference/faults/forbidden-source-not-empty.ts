import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'forbidden-source-not-empty',
  breaks: 'AUTH-403-BODY',
  description: 'the 403 error entry carries source {"pointer": ""} instead of an empty object',
  patch: {
    // every 403 is the answer to a key without permission (responses.ts forbidden()); its first entry changed
    reply: (_call, reply) => (reply.status === 403 ? changeEntries(reply, (entry, i) => (i === 0 ? { ...entry, source: { pointer: '' } } : entry)) : reply),
  },
});
