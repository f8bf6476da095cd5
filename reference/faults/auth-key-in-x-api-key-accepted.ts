import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-key-in-x-api-key-accepted',
  breaks: 'AUTH-401-MISSING',
  description: 'a request without Authorization is let in when the header X-API-Key holds a valid key',
  patch: {
    access: (_call, verdict, credentials) => {
      const sent = credentials.headers['x-api-key'];
      if (verdict !== 'unauthenticated' || credentials.authorization !== undefined || typeof sent !== 'string') return verdict;
      return verdictOfKeyLike(credentials.keys, (key) => key === sent.trim()) ?? verdict;
    },
  },
});
