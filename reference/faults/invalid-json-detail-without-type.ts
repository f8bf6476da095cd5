import { changeEntries, fault } from '../patch.ts';
import { invalidJsonDetail } from '../validation.ts';

export default fault({
  name: 'invalid-json-detail-without-type',
  breaks: 'ERR-INVALID-JSON',
  description: 'the detail of an Invalid JSON error leaves out the required type',
  patch: {
    reply: (_call, reply) =>
      changeEntries(reply, (entry) => {
        const detail = entry.title === 'Invalid JSON' ? invalidJsonDetail(entry.detail) : undefined;
        return detail ? { ...entry, detail: `${detail.what} at ${detail.pointer}` } : entry;
      }),
  },
});
