import { fault } from '../patch.ts';
import { notFound } from '../responses.ts';

export default fault({
  name: 'forbidden-delete-404',
  breaks: 'AUTH-403',
  alsoBreaks: {
    'AUTH-403-BODY': 'the body check judges the answer to the same request with the key without permission, and a not-found body is no Forbidden list',
  },
  description: 'deleteDataSource answers the key without permission 404, as if the data source did not exist, instead of 403',
  patch: {
    // the key without permission is told the data source does not exist
    access: (call, verdict) => (call.operation === 'deleteDataSource' && verdict === 'forbidden' ? notFound() : verdict),
  },
});
