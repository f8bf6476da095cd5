import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'validation-error-code-string',
  breaks: 'ERR-ERROR-LIST',
  description: 'the entries of a rejected body (Invalid JSON, Invalid value) carry code "400" as a string',
  patch: {
    // only the answer to a refused body: a 422 of the push handler's own (variations mode) keeps its number
    reply: (call, reply) => (call.refused ? changeEntries(reply, (entry) => ({ ...entry, code: String(entry.code) as unknown as number })) : reply),
  },
});
