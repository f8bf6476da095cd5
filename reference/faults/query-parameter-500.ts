import { fault } from '../patch.ts';
import { internalError } from '../responses.ts';

export default fault({
  name: 'query-parameter-500',
  breaks: 'GEN-NO-QUERY-PARAMETER',
  description: 'a request with valid credentials and a query parameter is answered 500: a query parser no operation needs fails on it',
  patch: {
    // credentials are judged first; only a request let in reaches the parser
    access: (_call, verdict, credentials) => (verdict === 'permitted' && credentials.url.includes('?') ? internalError() : verdict),
  },
});
