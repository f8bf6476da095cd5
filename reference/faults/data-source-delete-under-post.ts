import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put deleteDataSource there, so that its documented method and path reach no operation
const route = createRouter({ deleteDataSource: { method: 'POST' } });

export default fault({
  name: 'data-source-delete-under-post',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.deleteDataSource.method-path',
  description: 'the data source delete is served under POST, not DELETE: DELETE /v1/data-sources/{dataSourceId} is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
