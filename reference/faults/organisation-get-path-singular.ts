import { fault } from '../patch.ts';
import { createRouter } from '../router.ts';

// routed as if the interface put getOrganisation there, so that its documented method and path reach no operation
const route = createRouter({ getOrganisation: { path: '/v1/organisation/{organisationId}' } });

export default fault({
  name: 'organisation-get-path-singular',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.getOrganisation.method-path',
  description:
    'the organisation is read at /v1/organisation/{organisationId}, not /v1/organisations/{organisationId}: GET at the documented path is answered 405',
  patch: {
    route: ({ method, url }) => route(method, url),
  },
});
