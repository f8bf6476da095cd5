import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put pushOpenApiToGit there, so that its documented method and path reach no operation
const route = createRouter({ pushOpenApiToGit: { method: 'POST' } });

export default fault({
  name: 'push-under-post',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.pushOpenApiToGit.method-path',
  description: 'the push is served under POST, not PUT: PUT /v1/mock-apis/{mockApiId}/open-api/push is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
