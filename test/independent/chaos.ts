import { readJson } from './body.ts';
import { type Call, found, param, permit } from './call.ts';
import { jsonReply, type Reply } from './reply.ts';
import type { ChaosSettings } from './types.ts';
import { type At, Checker, type JsonObject } from './validate.ts';

// The spec gives no defaults and PUT replaces, so every field is required rather than silently invented.
// A long delay is capped at five minutes so a misconfiguration cannot hold connections indefinitely.
export const MAX_DELAY_MILLIS = 300_000;

function toggle(checker: Checker, parent: At<JsonObject> | undefined, key: string): { enabled: boolean } {
  return { enabled: checker.boolean(checker.object(parent, key), 'enabled') };
}

function readHttpErrors(checker: Checker, chaos: At<JsonObject> | undefined): { status: number }[] {
  const items = checker.array(chaos, 'httpErrors') ?? [];
  return items.map((item) => {
    const entry = checker.is(item, 'object') ? (item as At<JsonObject>) : undefined;
    return { status: checker.numberIn(entry, 'status', 'integer', 400, 599) };
  });
}

export function readChaos(body: unknown): ChaosSettings {
  const checker = new Checker();
  const chaos = checker.object(checker.root(body), 'chaos');
  const longDelay = checker.object(chaos, 'longDelay');
  const settings: ChaosSettings = {
    enabled: checker.boolean(chaos, 'enabled'),
    percentageFailures: checker.numberIn(chaos, 'percentageFailures', 'number', 0, 100),
    socketClose: toggle(checker, chaos, 'socketClose'),
    socketReset: toggle(checker, chaos, 'socketReset'),
    invalidHttp: toggle(checker, chaos, 'invalidHttp'),
    longDelay: {
      enabled: checker.boolean(longDelay, 'enabled'),
      durationMillis: checker.numberIn(longDelay, 'durationMillis', 'integer', 0, MAX_DELAY_MILLIS),
    },
    httpErrors: readHttpErrors(checker, chaos),
  };
  checker.finish();
  return settings;
}

export async function updateChaos(call: Call): Promise<Reply> {
  const mockApi = found(call.store.mockApis.get(param(call, 'mockApiId')));
  permit(call.user, mockApi.organisationId);
  mockApi.chaos = readChaos(await readJson(call.req));
  return jsonReply(200, { chaos: mockApi.chaos });
}
