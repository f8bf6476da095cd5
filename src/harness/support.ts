// What checks are written with (suites/ and properties/): paths built from openapi.yaml, valid request bodies taken from its examples
// (the description is the one source of a valid payload), and ids that exist nowhere.
import { randomBytes } from 'node:crypto';
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

const runTag = randomBytes(3).toString('hex');

/** Ids that name nothing on any deployment; a mock API id stays within 5 to 10 characters. */
export const MISSING = {
  mockApiId: `zq${runTag}x`,
  organisationId: `conformance-missing-org-${runTag}`,
  dataSourceId: `conformance-missing-ds-${runTag}`,
  teamId: `conformance-missing-team-${runTag}`,
  userId: `conformance-missing-user-${runTag}`,
  requestId: '00000000-0000-4000-8000-000000000000',
};
