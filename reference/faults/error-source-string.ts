import { changeEntries, fault } from '../patch.ts';

export default fault({
  name: 'error-source-string',
  breaks: 'ERR-ERROR-LIST',
  description: 'the entries of a body refused for a value (Invalid value) carry source as a string: the JSON pointer',
  patch: {
    // the pointer the detail names, as a bare string where the interface has an object
    reply: (_call, reply) =>
      changeEntries(reply, (entry) =>
        entry.title === 'Invalid value' ? { ...entry, source: (/ at (\S+):/.exec(entry.detail)?.[1] ?? '/') as unknown as typeof entry.source } : entry,
      ),
  },
});
