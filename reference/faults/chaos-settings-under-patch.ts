import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put updateChaosSettings there, so that its documented method and path reach no operation
const route = createRouter({ updateChaosSettings: { method: 'PATCH' } });

export default fault({
  name: 'chaos-settings-under-patch',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.updateChaosSettings.method-path',
  description: 'the chaos update is served under PATCH, not PUT: PUT /v1/mock-apis/{mockApiId}/settings/chaos is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
