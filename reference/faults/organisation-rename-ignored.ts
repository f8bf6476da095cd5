import { fault } from '../patch.ts';

export default fault({
  name: 'organisation-rename-ignored',
  breaks: 'ORG-RENAME',
  description: 'an organisation update keeps, and answers with, the old name',
  patch: {
    // the old name is kept, and the answer shows what was kept
    write: (call, before, after) => (call.operation === 'updateOrganisation' ? before : after),
  },
});
