import type { Json } from '../../contract/schemas.ts';
import { freedom, isObject } from '../patch.ts';
import type { MockApi } from '../store.ts';

/** httpErrors as a set of statuses, highest first: another order and no repeats. */
function asSet(httpErrors: Json[]): Json[] {
  const byStatus = new Map(httpErrors.map((entry) => [JSON.stringify(isObject(entry) ? entry.status : entry), entry]));
  return [...byStatus.values()].sort((a, b) => Number(isObject(b) ? b.status : b) - Number(isObject(a) ? a.status : a));
}

export default freedom({
  name: 'http-errors-as-set',
  bends: ['CHAOS.httpErrors', 'EP.updateChaosSettings.success'],
  description: 'httpErrors ("status codes to return at random") is kept as a set: highest first, without repeats',
  patch: {
    write: (call, _before, after, accepted) => {
      const mockApi = after as MockApi | undefined;
      if (call.operation !== 'updateChaosSettings' || !accepted || !mockApi || !Array.isArray(mockApi.chaos.httpErrors)) return after;
      return { ...mockApi, chaos: { ...mockApi.chaos, httpErrors: asSet(mockApi.chaos.httpErrors) } };
    },
  },
});
