import { fault } from '../patch.ts';

export default fault({
  name: 'auth-open-push',
  breaks: 'AUTH-401-MISSING',
  alsoBreaks: { 'AUTH-401-BODY': 'the body check judges the answer to the same request without credentials, and a 202 is no 401 text' },
  description: 'pushOpenApiToGit answers 202 with a job to a request without the Authorization header',
  patch: {
    access: (call, verdict, { authorization }) => (call.operation === 'pushOpenApiToGit' && authorization === undefined ? 'permitted' : verdict),
  },
});
