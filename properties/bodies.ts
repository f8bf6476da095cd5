// What every property of a PUT does with a generated body: send it, and judge the answer.
import type { CheckContext } from '../src/check.ts';
import type { Exchange } from '../src/client.ts';
import { describe, expectInvalidJson, expectRejected } from '../src/checker.ts';
import { schema, type OperationId } from '../contract/schemas.ts';
import type { Invalid } from './arbitraries.ts';
import { brokenRequirement } from './rules.ts';

export function sendInvalid(t: CheckContext, path: string, invalid: Invalid): Promise<Exchange> {
  return t.send(invalid.raw !== undefined ? { method: 'PUT', path, raw: invalid.raw } : { method: 'PUT', path, json: invalid.body });
}

/**
 * An invalid payload is never accepted (under the requirement it breaks) and gets a 4xx. A missing wrapper is
 * answered Invalid JSON naming its pointer and type, as the interface says; for other rejections the body
 * is not shown, so it is judged only when it is an error list.
 */
export function expectInvalidRejected(t: CheckContext, op: OperationId, invalid: Invalid, ex: Exchange): void {
  const id = brokenRequirement(op, invalid);
  const what = `${invalid.rule} at ${invalid.pointer || 'the body'}`;
  // a mock rejects with a body of its own; the Invalid JSON shape is a live deployment's to show
  if (invalid.rule === 'missing-required' && t.target.profile === 'live') {
    expectInvalidJson(t, ex, id, invalid.pointer, invalid.type ?? 'object');
    return;
  }
  if (!expectRejected(t, ex, id, what)) return;
  const body = ex.json as { errors?: unknown } | undefined;
  if (body && typeof body === 'object' && 'errors' in body) {
    const validate = schema('error-list.json');
    t.expect(validate(body) === true, 'ERR-ERROR-LIST', 'an error list of the documented shape', () => `${validate.errors?.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}: ${describe(ex)}`);
  }
}
