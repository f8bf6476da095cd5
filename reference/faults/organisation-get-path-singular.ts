import { fault, moveOperation } from '../patch.ts';

export default fault({
  name: 'organisation-get-path-singular',
  breaks: 'EP-METHOD-PATH',
  statement: 'EP.getOrganisation.method-path',
  description:
    'the organisation is read at /v1/organisation/{organisationId}, not /v1/organisations/{organisationId}: GET at the documented path is answered 405',
  patch: {
    route: moveOperation('getOrganisation', { path: '/v1/organisation/{organisationId}' }),
  },
});
