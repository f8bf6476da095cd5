import { fault } from '../patch.ts';

export default fault({
  name: 'forbidden-key-permitted',
  breaks: 'AUTH-403',
  alsoBreaks: {
    'AUTH-403-BODY': 'the body check judges the answer to the same request with the key without permission, and an organisation is no Forbidden list',
  },
  description: 'getOrganisation treats the key without permission as the full key and answers 200',
  patch: {
    access: (call, verdict) => (call.operation === 'getOrganisation' && verdict === 'forbidden' ? 'permitted' : verdict),
  },
});
