// Chaos and state settings of a mock API. An update sets the top-level fields it sends and keeps the
// others, so the answer holds every field sent with the value sent, and the rest as they were. In variations
// mode httpErrors is kept as the set it is ("status codes to return at random"): highest first, no repeats.
import type { Json } from '../../contract/schemas.ts';
import { ok } from '../responses.ts';
import type { JsonObject, MockApi } from '../store.ts';
import { findMockApi, handler, keepMockApi } from './handler.ts';

/** httpErrors as a set of statuses, highest first: another order and no repeats, as the interface allows. */
function asSet(httpErrors: Json[]): Json[] {
  const byStatus = new Map(httpErrors.map((entry) => [JSON.stringify((entry as JsonObject).status), entry]));
  return [...byStatus.values()].sort((a, b) => Number((b as JsonObject).status) - Number((a as JsonObject).status));
}

export const updateChaosSettings = handler({
  find: findMockApi,
  change: ({ variations }, mockApi: MockApi, body): MockApi => {
    const sent = body.chaos as JsonObject;
    return {
      ...mockApi,
      chaos: { ...mockApi.chaos, ...sent, ...(variations && Array.isArray(sent.httpErrors) ? { httpErrors: asSet(sent.httpErrors) } : {}) },
    };
  },
  keep: keepMockApi,
  reply: (_ctx, mockApi: MockApi | undefined) => ok({ chaos: mockApi!.chaos }),
});

export const updateStateSettings = handler({
  find: findMockApi,
  change: (_ctx, mockApi: MockApi, body): MockApi => ({ ...mockApi, state: { ...mockApi.state, ...(body.state as JsonObject) } }),
  keep: keepMockApi,
  reply: (_ctx, mockApi: MockApi | undefined) => ok({ state: mockApi!.state }),
});
