import { fault } from '../patch.ts';

export default fault({
  name: 'auth-open-get-organisation',
  breaks: 'AUTH-401-MISSING',
  alsoBreaks: { 'AUTH-401-BODY': 'the body check judges the answer to the same request without credentials, and a 200 is no 401 text' },
  description: 'getOrganisation answers 200 to a request without the Authorization header',
  patch: {
    access: (call, verdict, { authorization }) => (call.operation === 'getOrganisation' && authorization === undefined ? 'permitted' : verdict),
  },
});
