import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-bearer-accepted',
  breaks: 'AUTH-401-INVALID',
  description: 'the Bearer scheme with a valid key is accepted like Token',
  patch: {
    // Bearer with a valid key: that key's verdict, as under Token
    access: (_call, verdict, { scheme, key, keys }) =>
      verdict === 'unauthenticated' && scheme === 'Bearer' ? (verdictOfKeyLike(keys, (valid) => valid === key) ?? verdict) : verdict,
  },
});
