import { freedom } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';

export default freedom({
  name: 'query-parameters-refused',
  bends: ['EP.no-query-parameter', 'EP.updateOrganisation.errors', 'EP.deleteDataSource.errors', 'ERR.case.query-parameter'],
  description:
    'a request with credentials that carries a query parameter (which no endpoint takes) is refused 400, Invalid query parameter format, before anything else',
  patch: {
    // after the credentials: a request without valid ones is the 401's, one not permitted the 403's
    access: (_call, verdict, { url }) => {
      const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const [name] = [...query.keys()];
      if (verdict !== 'permitted' || name === undefined) return verdict;
      return errorList(400, [
        errorEntry(400, 'Invalid query parameter format', `Query parameter ${name} is not allowed: this operation takes no query parameter`),
      ]);
    },
  },
});
