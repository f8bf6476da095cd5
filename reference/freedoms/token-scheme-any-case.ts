import { freedom, verdictOfKeyLike } from '../patch.ts';

export default freedom({
  name: 'token-scheme-any-case',
  bends: ['AUTH.header-value'],
  description: 'the Token scheme is matched without case (HTTP matches scheme names case-insensitively): token <key> gets in',
  patch: {
    access: (_call, verdict, { scheme, key, keys }) =>
      verdict === 'unauthenticated' && scheme !== undefined && scheme.toLowerCase() === 'token' && key !== undefined
        ? (verdictOfKeyLike(keys, (valid) => valid === key) ?? verdict)
        : verdict,
  },
});
