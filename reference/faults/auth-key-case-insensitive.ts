import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-key-case-insensitive',
  breaks: 'AUTH-401-INVALID',
  description: 'keys are compared without case: the key with its letters in the other case gets in',
  patch: {
    // a key refused under Token gets the verdict of a valid key it equals without case
    access: (_call, verdict, { scheme, key, keys }) =>
      verdict === 'unauthenticated' && scheme === 'Token' && key !== undefined
        ? (verdictOfKeyLike(keys, (valid) => valid.toLowerCase() === key.toLowerCase()) ?? verdict)
        : verdict,
  },
});
