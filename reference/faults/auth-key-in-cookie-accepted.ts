import { fault, verdictOfKeyLike } from '../patch.ts';

/** The values of the Cookie header's cookies, as sent. */
const cookieValues = (cookie: string | undefined): string[] =>
  (cookie ?? '')
    .split(';')
    .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
    .filter(Boolean);

export default fault({
  name: 'auth-key-in-cookie-accepted',
  breaks: 'AUTH-401-MISSING',
  description: 'a request without Authorization is let in when a cookie (of any name) holds a valid key',
  patch: {
    access: (_call, verdict, credentials) => {
      if (verdict !== 'unauthenticated' || credentials.authorization !== undefined) return verdict;
      const values = cookieValues(credentials.headers.cookie);
      return verdictOfKeyLike(credentials.keys, (key) => values.includes(key)) ?? verdict;
    },
  },
});
