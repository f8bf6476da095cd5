import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put updateStateSettings there, so that its documented method and path reach no operation
const route = createRouter({ updateStateSettings: { method: 'POST' } });

export default fault({
  name: 'state-settings-under-post',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.updateStateSettings.method-path',
  description: 'the state update is served under POST, not PUT: PUT /v1/mock-apis/{mockApiId}/settings/state is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
