import { quietChaosSettings } from '../../contract/chaos.ts';
import { fault } from '../patch.ts';
import type { MockApi } from '../store.ts';

export default fault({
  name: 'chaos-unknown-mock-api-accepted',
  breaks: 'ERR-UNKNOWN-ID',
  description: 'an update of the chaos settings of a mock API that does not exist creates its settings and answers 200 (an upsert)',
  patch: {
    found: (call, found) => {
      if (call.operation !== 'updateChaosSettings' || found !== undefined) return found;
      const id = call.params.mockApiId ?? '';
      const created: MockApi = { id, chaos: quietChaosSettings(), state: { defaultContextExpression: '' }, requests: new Map() };
      call.store.mockApis.set(id, created);
      return created;
    },
  },
});
