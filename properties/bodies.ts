// What every property of a PUT does with a generated body: send it (src/judge/checker.ts's expectInvalidRejected
// judges the answer).
import type { CheckContext } from '../src/harness/check.ts';
import type { Exchange } from '../src/http/client.ts';
import type { Invalid } from '../contract/invalid.ts';

export { expectInvalidRejected } from '../src/judge/checker.ts';

export function sendInvalid(t: CheckContext, path: string, invalid: Invalid): Promise<Exchange> {
  return t.send(invalid.raw !== undefined ? { method: 'PUT', path, raw: invalid.raw } : { method: 'PUT', path, json: invalid.body });
}
