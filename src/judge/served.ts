// Whether a request with an operation's documented method and path reached that operation (EP-METHOD-PATH). A 405
// says it did not, whatever else the request was, so what the request was meant to show cannot follow: a check of a
// run (src/harness/check.ts) and checkExchange read this before anything else of such an answer.
import type { Exchange } from '../http/client.ts';
import { operation, type OperationId } from '../../contract/schemas.ts';
import { describe } from './checker.ts';
import type { Judge } from './context.ts';

/** RFC 9110 §15.5.6: the target resource does not support the method. */
const METHOD_NOT_ALLOWED = 405;

/** Whether the answer says the method is not served at the path. */
export const notServed = (ex: Pick<Exchange, 'status'>): boolean => ex.status === METHOD_NOT_ALLOWED;

/** The documented request of `id` reached the operation: true, or a violation of EP-METHOD-PATH that names the request. */
export function expectServed(t: Judge, id: OperationId, ex: Exchange): boolean {
  t.uses(ex);
  const { method, path } = operation(id);
  return t.expect(
    !notServed(ex),
    'EP-METHOD-PATH',
    `${method} ${path} served, as ${id}: an answer of the operation, not 405`,
    () => `${method} ${path} is not served: ${describe(ex)} (Allow: ${ex.headers.allow ?? 'not sent'})`,
  );
}
