import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-key-prefix-accepted',
  breaks: 'AUTH-401-INVALID',
  description: 'a key of 8 characters or more is accepted when a valid key begins with it: the key without its last character gets in',
  patch: {
    // a key of 8 characters or more refused under Token gets the verdict of a valid key that begins with it
    access: (_call, verdict, { scheme, key, keys }) =>
      verdict === 'unauthenticated' && scheme === 'Token' && key !== undefined && key.length >= 8
        ? (verdictOfKeyLike(keys, (valid) => valid.startsWith(key)) ?? verdict)
        : verdict,
  },
});
