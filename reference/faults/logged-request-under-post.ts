import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'logged-request-under-post',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.getLoggedRequest.method-path',
  description: 'the logged request is read with POST, not GET: GET /v1/mock-apis/{mockApiId}/requests/{requestId} is answered 405',
  patch: {
    route: moveOperation('getLoggedRequest', { method: 'POST' }),
  },
});
