import { freedom, verdictOfKeyLike } from '../patch.ts';

export default freedom({
  name: 'auth-tab-separator-accepted',
  bends: ['AUTH.header-value'],
  description: 'the Authorization value is split at any white space, as common token authentications do, so "Token", a tab and the key is let in',
  patch: {
    access: (_call, verdict, credentials) => {
      const key = /^Token\t(\S+)$/.exec(credentials.authorization ?? '')?.[1];
      return verdict === 'unauthenticated' && key !== undefined ? (verdictOfKeyLike(credentials.keys, (k) => k === key) ?? verdict) : verdict;
    },
  },
});
