// Whether a request with an operation's documented method and path reached that operation (EP-METHOD-PATH). A 405
// to the documented request says it did not, whatever else the request was, so what the request was meant to show
// cannot follow: a check of a run (unservedFirst) and checkExchange read this before anything else of such an answer.
import type { Exchange } from '../http/client.ts';
import { mockApiIdFits } from '../../contract/limits.ts';
import { operation, type OperationId } from '../../contract/schemas.ts';
import { describe } from './checker.ts';
import type { Judge } from './judge.ts';

/** RFC 9110 §15.5.6: the target resource does not support the method. */
const METHOD_NOT_ALLOWED = 405;

/** Whether the answer says the method is not served at the path. */
export const notServed = (ex: Pick<Exchange, 'status'>): boolean => ex.status === METHOD_NOT_ALLOWED;

/** The Authorization of a request with the run's full key, as the redactor shows it (Client.redactor). */
const FULL_KEY = ['Token ', { placeholder: '$MOCKAPI_TOKEN' }];

/**
 * Whether the request went with the full key or with no Authorization: the key without permission may be refused
 * an operation served to the full key, so its 405 breaks "receives 403", not the route; a key that is not valid,
 * or a scheme other than `Token`, is the 401's business. A request without credentials reaches the route first.
 */
function fullKeyOrNone(ex: Pick<Exchange, 'requestHeaders' | 'requestPieces'>): boolean {
  const pieces = ex.requestPieces?.authorization;
  if (pieces !== undefined) return JSON.stringify(pieces) === JSON.stringify(FULL_KEY);
  const sent = ex.requestHeaders.authorization;
  return sent === undefined || sent === 'Token $MOCKAPI_TOKEN';
}

/**
 * Whether a request of an operation (its path ids read, see operationOf) is its documented request: ids within the
 * interface's limits (a length counted in characters), no query, and the full key or no credentials. Only such a
 * request's 405 breaks EP-METHOD-PATH: a path with a mockApiId out of range is no instance of the documented path (a
 * router may hold its routes to the limits), and a query parameter may be refused with any 4xx
 * (GEN-NO-QUERY-PARAMETER).
 */
export function isDocumentedRequest(ex: Pick<Exchange, 'url' | 'requestHeaders' | 'requestPieces'>, params: Record<string, string>): boolean {
  if (/^[^?#]*\?[^#]/.test(ex.url)) return false;
  if (params.mockApiId !== undefined && !mockApiIdFits(params.mockApiId)) return false;
  return fullKeyOrNone(ex);
}

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
