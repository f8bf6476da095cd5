import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'push-under-post',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.pushOpenApiToGit.method-path',
  description: 'the push is served under POST, not PUT: PUT /v1/mock-apis/{mockApiId}/open-api/push is answered 405',
  patch: {
    route: moveOperation('pushOpenApiToGit', { method: 'POST' }),
  },
});
