import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'organisation-update-under-patch',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.updateOrganisation.method-path',
  description: 'the organisation update is served under PATCH, not PUT: PUT /v1/organisations/{organisationId} is answered 405',
  patch: {
    route: moveOperation('updateOrganisation', { method: 'PATCH' }),
  },
});
