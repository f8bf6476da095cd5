import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'forbidden-title-wrong',
  breaks: 'AUTH-403-BODY',
  description: 'the 403 error entry is titled "Access denied" instead of "Forbidden"',
  patch: {
    // every 403 is the answer to a key without permission (responses.ts forbidden()); its first entry changed
    reply: (_call, reply) => (reply.status === 403 ? changeEntries(reply, (entry, i) => (i === 0 ? { ...entry, title: 'Access denied' } : entry)) : reply),
  },
});
