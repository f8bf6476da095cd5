// What every property of a PUT does with a generated body: send it (src/checker.ts's expectInvalidRejected
// judges the answer).
import type { CheckContext } from '../src/check.ts';
import type { Exchange } from '../src/client.ts';
import type { Invalid } from '../contract/invalid.ts';

export { expectInvalidRejected } from '../src/checker.ts';

export function sendInvalid(t: CheckContext, path: string, invalid: Invalid): Promise<Exchange> {
  return t.send(invalid.raw !== undefined ? { method: 'PUT', path, raw: invalid.raw } : { method: 'PUT', path, json: invalid.body });
}
