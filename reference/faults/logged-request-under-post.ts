import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put getLoggedRequest there, so that its documented method and path reach no operation
const route = createRouter({ getLoggedRequest: { method: 'POST' } });

export default fault({
  name: 'logged-request-under-post',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.getLoggedRequest.method-path',
  description: 'the logged request is read with POST, not GET: GET /v1/mock-apis/{mockApiId}/requests/{requestId} is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
