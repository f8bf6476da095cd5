import { BODY_LIMIT } from '../body.ts';
import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'error-detail-number',
  breaks: 'ERR-ERROR-LIST',
  description: 'the entry of a body refused as too large (413) carries detail as a number: the byte limit',
  patch: {
    // only the 413 answer: its entry states the limit as a number rather than in words
    reply: (_call, reply) => (reply.status === 413 ? changeEntries(reply, (entry) => ({ ...entry, detail: BODY_LIMIT as unknown as string })) : reply),
  },
});
