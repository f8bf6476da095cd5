import { fault } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';

export default fault({
  name: 'organisation-unknown-id-400',
  breaks: 'ERR-404',
  description: 'getOrganisation answers an unknown organisation id with 400 and an error list instead of 404',
  patch: {
    // the organisation not found, in variations mode too
    reply: (call, reply) =>
      call.operation === 'getOrganisation' && reply.status === 404
        ? errorList(400, [errorEntry(400, 'Invalid organisation id', `No organisation can have the id ${String(call.params.organisationId)}`)])
        : reply,
  },
});
