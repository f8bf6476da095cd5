import { fault } from '../patch.ts';
import { CREDENTIALS_REQUIRED } from '../responses.ts';

export default fault({
  name: 'auth-401-json-body-for-wrong-credentials',
  breaks: 'AUTH-401-BODY',
  description:
    'a request whose Authorization header is refused (another scheme, Token without a key, an unknown key) gets a JSON 401 body; without the header the 401 is still plain text',
  patch: {
    // an answer in place of the verdict: the refusal as a framework's token filter writes it, in variations mode too
    access: (_call, verdict, credentials) =>
      verdict === 'unauthenticated' && credentials.authorization !== undefined ? { status: 401, json: { message: CREDENTIALS_REQUIRED } } : verdict,
  },
});
