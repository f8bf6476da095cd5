import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'organisation-get-path-singular',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.getOrganisation.method-path',
  description:
    'the organisation is read at /v1/organisation/{organisationId}, not /v1/organisations/{organisationId}: GET at the documented path is answered 405',
  patch: {
    route: moveOperation('getOrganisation', { path: '/v1/organisation/{organisationId}' }),
  },
});
