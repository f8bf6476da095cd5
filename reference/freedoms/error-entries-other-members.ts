import { changeEntries, freedom } from '../patch.ts';
import type { ErrorEntry } from '../responses.ts';

/** Entries whose members the words fix: Forbidden (an empty source), Invalid JSON (an empty source). */
const FIXED = new Set(['Forbidden', 'Invalid JSON']);

export default freedom({
  name: 'error-entries-other-members',
  bends: ['ERR.list.source', 'ERR.list.code', 'ERR.list.detail', 'EP.deleteTeamMember.errors'],
  description: 'an error entry the words do not fix carries only its title, or a source that points at the value refused',
  patch: {
    reply: (_call, reply) =>
      changeEntries(reply, (entry, _index): ErrorEntry => {
        if (FIXED.has(entry.title)) return entry;
        const pointer = /^Invalid value at (\/[^:]*):/.exec(entry.detail)?.[1];
        // code, detail and source are optional (Errors): an entry with its title alone is an entry
        return (pointer === undefined ? { title: entry.title } : { ...entry, source: { pointer } }) as ErrorEntry;
      }),
  },
});
