import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put updateDataSource there, so that its documented method and path reach no operation
const route = createRouter({ updateDataSource: { method: 'POST' } });

export default fault({
  name: 'data-source-update-under-post',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.updateDataSource.method-path',
  description: 'the data source update is served under POST, not PUT: PUT /v1/data-sources/{dataSourceId} is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
