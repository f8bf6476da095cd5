import { changeEntries, fault } from '../patch.ts';
import { invalidJsonDetail } from '../validation.ts';

export default fault({
  name: 'invalid-json-source-not-empty',
  breaks: 'ERR-INVALID-JSON',
  description: 'an Invalid JSON error carries source {"pointer": ...} instead of an empty object',
  patch: {
    // the source names the pointer as the detail shows it ('/' for the whole body)
    reply: (_call, reply) =>
      changeEntries(reply, (entry) => {
        const detail = entry.title === 'Invalid JSON' ? invalidJsonDetail(entry.detail) : undefined;
        return detail ? { ...entry, source: { pointer: detail.pointer } } : entry;
      }),
  },
});
