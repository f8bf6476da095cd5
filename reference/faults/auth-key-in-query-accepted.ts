import { fault, verdictOfKeyLike } from '../patch.ts';

/** The values of the query parameters of a request target, decoded (a key may be sent in any of them). */
const queryValues = (url: string): string[] => [...new URLSearchParams(url.split('?')[1] ?? '').values()];

export default fault({
  name: 'auth-key-in-query-accepted',
  breaks: 'AUTH-401-MISSING',
  description: 'a request without Authorization is let in when a query parameter (?apiKey=, ?token=, any name) holds a valid key',
  patch: {
    access: (_call, verdict, credentials) => {
      if (verdict !== 'unauthenticated' || credentials.authorization !== undefined) return verdict;
      const values = queryValues(credentials.url);
      return verdictOfKeyLike(credentials.keys, (key) => values.includes(key)) ?? verdict;
    },
  },
});
