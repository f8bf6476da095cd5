import { fault } from '../patch.ts';
import { SEED } from '../store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default fault({
  name: 'logged-request-unknown-id-200',
  breaks: 'ERR-UNKNOWN-ID',
  description: 'an unknown UUID-shaped requestId of the fixture mock API is answered 200 with the fixture request under that id',
  patch: {
    // an unknown UUID under the fixture mock API finds the fixture request, shown under the id asked for
    found: (call, found) => {
      const { mockApiId, requestId } = call.params;
      if (call.operation !== 'getLoggedRequest' || found !== undefined || mockApiId !== SEED.mockApiId || requestId === undefined || !UUID.test(requestId))
        return found;
      const fixture = call.store.mockApis.get(SEED.mockApiId)?.requests.get(SEED.requestId);
      return fixture && { ...fixture, id: requestId };
    },
  },
});
