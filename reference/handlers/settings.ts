// Chaos and state settings of a mock API. An update sets the top-level fields it sends and keeps the
// others, so the answer holds every field sent with the value sent, and the rest as they were.
import { ok } from '../responses.ts';
import type { JsonObject, MockApi } from '../store.ts';
import { findMockApi, handler, keepMockApi } from './handler.ts';

export const updateChaosSettings = handler({
  find: findMockApi,
  change: (_ctx, mockApi: MockApi, body): MockApi => ({ ...mockApi, chaos: { ...mockApi.chaos, ...(body.chaos as JsonObject) } }),
  keep: keepMockApi,
  reply: (_ctx, mockApi: MockApi | undefined) => ok({ chaos: mockApi!.chaos }),
});

export const updateStateSettings = handler({
  find: findMockApi,
  change: (_ctx, mockApi: MockApi, body): MockApi => ({ ...mockApi, state: { ...mockApi.state, ...(body.state as JsonObject) } }),
  keep: keepMockApi,
  reply: (_ctx, mockApi: MockApi | undefined) => ok({ state: mockApi!.state }),
});
