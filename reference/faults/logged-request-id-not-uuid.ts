import { fault } from '../patch.ts';
import { SEED } from '../store.ts';

const NON_UUID_REQUEST_ID = 'req-6f1c2a8e';

export default fault({
  name: 'logged-request-id-not-uuid',
  breaks: 'ID-REQUEST-UUID',
  description: 'the fixture request is logged under the id req-6f1c2a8e, which is not UUID-shaped',
  patch: {
    // the fixture request is logged again under that id, and the fixture names it
    seed: (store, fixtures) => {
      const requests = store.mockApis.get(SEED.mockApiId)!.requests;
      const logged = requests.get(SEED.requestId)!;
      requests.delete(SEED.requestId);
      requests.set(NON_UUID_REQUEST_ID, { ...logged, id: NON_UUID_REQUEST_ID });
      fixtures.requestId = NON_UUID_REQUEST_ID;
    },
  },
});
