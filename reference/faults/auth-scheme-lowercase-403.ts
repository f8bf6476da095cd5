import { fault, verdictOfKeyLike } from '../patch.ts';

export default fault({
  name: 'auth-scheme-lowercase-403',
  breaks: 'AUTH-SCHEME-CASE',
  description: 'the scheme written "token" with a valid key is answered 403 instead of being accepted or answered 401',
  patch: {
    // the scheme in another case than Token (which the guard refused) with a valid key
    access: (_call, verdict, { scheme, key, keys }) =>
      verdict === 'unauthenticated' &&
      scheme !== undefined &&
      scheme !== 'Token' &&
      scheme.toLowerCase() === 'token' &&
      verdictOfKeyLike(keys, (valid) => valid === key)
        ? 'forbidden'
        : verdict,
  },
});
