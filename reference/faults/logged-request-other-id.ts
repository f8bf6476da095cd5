import { fault } from '../patch.ts';
import type { LoggedRequest } from '../store.ts';

export default fault({
  name: 'logged-request-other-id',
  breaks: 'LR-IDENTITY',
  description: 'asked for a logged request, the answer is the next logged request of the mock API, with its own id',
  patch: {
    // the request after the one asked for, in the order logged (after the last: the first)
    found: (call, found) => {
      if (call.operation !== 'getLoggedRequest' || found === undefined) return found;
      const all = [...call.store.mockApis.get(call.params.mockApiId!)!.requests.values()];
      return all[(all.indexOf(found as LoggedRequest) + 1) % all.length];
    },
  },
});
