import { freedom } from '../patch.ts';

export default freedom({
  name: 'header-names-other-case',
  bends: ['GEN.json'],
  description: 'every header name of every answer in upper case (CONTENT-TYPE, ALLOW): field names are case-insensitive',
  patch: {
    send: (_call, written) => ({
      ...written,
      headers: Object.fromEntries(Object.entries(written.headers).map(([name, value]) => [name.toUpperCase(), value])),
    }),
  },
});
