// What checks are written with (suites/ and properties/): paths built from openapi.yaml, valid request bodies taken from its examples
// (the description is the one source of a valid payload), and ids that exist nowhere.
import type { CheckContext, Target } from './check.ts';
import type { Exchange } from '../http/client.ts';
import { quietChaosSettings } from '../../contract/chaos.ts';
import { expandPath, operation, type OperationId } from '../../contract/schemas.ts';

export function pathOf(id: OperationId, params: Record<string, string>): string {
  return expandPath(operation(id).path, params);
}

/** A deep copy of the first example request body of an operation in openapi.yaml. */
export function exampleBody(id: OperationId): any {
  const example = operation(id).requestBody?.examples[0];
  if (example === undefined) throw new Error(`openapi.yaml has no example request body for ${id}`);
  return structuredClone(example);
}

/**
 * A valid chaos settings body that leaves chaos switched off: the checks must not make a user's mock API
 * fail at random, and the interface offers no way to read the settings back and restore them.
 */
export function harmlessChaos(): any {
  const body = exampleBody('updateChaosSettings');
  body.chaos.enabled = false;
  return body;
}

/**
 * A push body with the user's outOfSyncPolicy. The interface names no allowed value, so none is invented:
 * without one (no consent to push) the body leaves the policy out, and only requests that cannot start a
 * job on a deployment that keeps the interface carry it (no credentials, ids that name nothing).
 */
export function pushBody(t: Pick<Target, 'pushPolicy'>): { push: { outOfSyncPolicy?: string } } {
  return { push: t.pushPolicy === undefined ? {} : { outOfSyncPolicy: t.pushPolicy } };
}

/**
 * Chaos settings that do nothing even switched on: no failures, every toggle off, no delay, no error statuses.
 * A body that breaks chaos.enabled itself is built on these (a lenient deployment may read "false", [] or {}
 * as true), and they are sent again after any chaos body a deployment wrongly accepted.
 */
export function quietChaos(): { chaos: Record<string, unknown> } {
  return { chaos: quietChaosSettings() };
}

/** After a chaos body that a deployment should have refused but took (it may have set anything): quiet settings at once. */
export async function quietIfTaken(t: CheckContext, path: string, ex: Exchange): Promise<void> {
  if (ex.status >= 200 && ex.status < 300) await t.putBack({ method: 'PUT', path, json: quietChaos() });
}

/** The wrapper property a request body of an operation requires, and its type (from openapi.yaml). */
export function requiredWrapper(id: OperationId): { name: string; type: string } {
  const s = operation(id).requestBody!.schema as { required: string[]; properties: Record<string, { type?: string }> };
  const name = s.required[0]!;
  return { name, type: s.properties[name]!.type ?? 'object' };
}

/** The same in every run, so that a run sent again with its seed sends the same requests (replay). */
const runTag = 'c0f4a1';

/** Ids that name nothing on any deployment; a mock API id stays within 5 to 10 characters. */
export const MISSING = {
  mockApiId: `zq${runTag}x`,
  organisationId: `conformance-missing-org-${runTag}`,
  dataSourceId: `conformance-missing-ds-${runTag}`,
  teamId: `conformance-missing-team-${runTag}`,
  userId: `conformance-missing-user-${runTag}`,
  requestId: '00000000-0000-4000-8000-000000000000',
};

/** A durationMillis member of a chaos body's JSON text, whatever notation its number is written in. */
const DELAY_MEMBER = /"durationMillis"\s*:\s*-?[0-9][0-9.eE+-]*/g;

/**
 * Why a valid chaos body refused with a 4xx may have been refused for its delay alone, or undefined. The interface gives
 * durationMillis no bound, so a deployment may have its own (a limit not shown): the body is sent again as it was
 * written, with the delay of the quiet settings every run puts back, and only if that is taken was the refusal the
 * delay's. Anything else refused stays refused.
 */
export async function refusedForItsDelay(t: CheckContext, path: string, ex: Exchange): Promise<string | undefined> {
  const text = ex.requestBody?.toString('utf8') ?? '';
  const quiet = (quietChaosSettings().longDelay as { durationMillis: number }).durationMillis;
  const delays = [...text.matchAll(DELAY_MEMBER)].map((m) => m[0]);
  if (ex.status < 400 || ex.status >= 500 || delays.length === 0) return undefined;
  const plain = text.replace(DELAY_MEMBER, `"durationMillis":${quiet}`);
  if (plain === text) return undefined;
  // still switched off, as every chaos body a check sends: nothing to put back
  const again = await t.send({ method: 'PUT', path, raw: plain });
  if (again.status < 200 || again.status >= 300) return undefined;
  return `it holds ${delays.join(', ')}, and the same settings with durationMillis ${quiet} were taken (${again.status}): the interface gives durationMillis no bound, so a deployment may have its own`;
}
