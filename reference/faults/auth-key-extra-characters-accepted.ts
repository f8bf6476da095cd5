import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-key-extra-characters-accepted',
  breaks: 'AUTH-401-INVALID',
  description: 'a key is accepted when it begins with a valid key: the key with characters appended gets in',
  patch: {
    // a key refused under Token gets the verdict of a valid key it begins with
    access: (_call, verdict, { scheme, key, keys }) =>
      verdict === 'unauthenticated' && scheme === 'Token' && key !== undefined
        ? (verdictOfKeyLike(keys, (valid) => key.startsWith(valid)) ?? verdict)
        : verdict,
  },
});
