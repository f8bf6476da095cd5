// Chaos and state settings of a mock API. An update sets the top-level fields it sends and keeps the
// others, so the answer holds every field sent with the value sent, and the rest as they were.
import { ok } from '../responses.ts';
import type { JsonObject, MockApi } from '../store.ts';
import { findMockApi, handler } from './handler.ts';

function updateSettings(key: 'chaos' | 'state') {
  return handler({
    find: findMockApi,
    run: (_ctx, mockApi: MockApi, body) => {
      mockApi[key] = { ...mockApi[key], ...(body[key] as JsonObject) };
      return ok({ [key]: mockApi[key] });
    },
  });
}

export const updateChaosSettings = updateSettings('chaos');
export const updateStateSettings = updateSettings('state');
