import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put updateOrganisation there, so that its documented method and path reach no operation
const route = createRouter({ updateOrganisation: { method: 'PATCH' } });

export default fault({
  name: 'organisation-update-under-patch',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.updateOrganisation.method-path',
  description: 'the organisation update is served under PATCH, not PUT: PUT /v1/organisations/{organisationId} is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
