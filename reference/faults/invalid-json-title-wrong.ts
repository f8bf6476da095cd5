import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'invalid-json-title-wrong',
  breaks: 'ERR-INVALID-JSON',
  description: 'an Invalid JSON error is titled "Bad Request"',
  patch: {
    reply: (_call, reply) => changeEntries(reply, (entry) => (entry.title === 'Invalid JSON' ? { ...entry, title: 'Bad Request' } : entry)),
  },
});
