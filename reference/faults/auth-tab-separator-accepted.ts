import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-tab-separator-accepted',
  breaks: 'AUTH-SEPARATOR',
  description: 'the Authorization value is split at any white space, so "Token", a tab and the key is let in',
  patch: {
    access: (_call, verdict, credentials) => {
      const key = /^Token\t(\S+)$/.exec(credentials.authorization ?? '')?.[1];
      return verdict === 'unauthenticated' && key !== undefined ? (verdictOfKeyLike(credentials.keys, (k) => k === key) ?? verdict) : verdict;
    },
  },
});
