// Chaos and state settings of a mock API. An update sets the top-level fields it sends and keeps the
// others, so the answer holds every field sent with the value sent, and the rest as they were. In variations
// mode httpErrors is kept as the set it is ("status codes to return at random"): highest first, no repeats.
import type { Json } from '../../src/contract/schemas.ts';
import { ok } from '../responses.ts';
import type { JsonObject, MockApi } from '../store.ts';
import { findMockApi, handler } from './handler.ts';

/** httpErrors as a set of statuses, highest first: another order and no repeats, as the interface allows. */
function asSet(httpErrors: Json[]): Json[] {
  const byStatus = new Map(httpErrors.map((entry) => [JSON.stringify((entry as JsonObject).status), entry]));
  return [...byStatus.values()].sort((a, b) => Number((b as JsonObject).status) - Number((a as JsonObject).status));
}

export const updateChaosSettings = handler({
  find: findMockApi,
  run: ({ faults, variations }, mockApi: MockApi, body) => {
    const sent = body.chaos as JsonObject;
    mockApi.chaos = { ...mockApi.chaos, ...sent, ...(variations && Array.isArray(sent.httpErrors) ? { httpErrors: asSet(sent.httpErrors) } : {}) };
    const shown: JsonObject = { ...mockApi.chaos };
    if (faults.has('chaos-echo-drops-invalid-http')) delete shown.invalidHttp;
    if (faults.has('chaos-echo-loses-a-status') && Array.isArray(shown.httpErrors) && shown.httpErrors.length > 1) shown.httpErrors = shown.httpErrors.slice(0, -1);
    if (faults.has('chaos-response-unsent-percentage-string') && !Object.hasOwn(sent, 'percentageFailures')) shown.percentageFailures = String(shown.percentageFailures);
    return ok(faults.has('chaos-response-unwrapped') ? shown : { chaos: shown }, faults.has('chaos-status-201') ? 201 : 200);
  },
});

export const updateStateSettings = handler({
  find: findMockApi,
  run: ({ faults }, mockApi: MockApi, body) => {
    const sent = body.state as JsonObject;
    if (!faults.has('state-update-ignored')) mockApi.state = { ...mockApi.state, ...sent };
    // state-expression-null-when-not-sent: the expression is stored but left out of an answer that did not send it
    const shown = faults.has('state-expression-null-when-not-sent') && !Object.hasOwn(sent, 'defaultContextExpression') ? { ...mockApi.state, defaultContextExpression: null } : mockApi.state;
    return ok(faults.has('state-response-unwrapped') ? shown : { state: shown });
  },
});
