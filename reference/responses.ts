// The bodies the interface fixes (Errors; Authentication), built in one place so every operation answers
// the same way. A Reply is data; server.ts writes it.
import type { Json } from '../src/contract/schemas.ts';
import type { Faults } from './faults.ts';
import type { JsonObject } from './store.ts';
import { CREDENTIALS_REQUIRED_VARIANT } from './variations.ts';

export interface Reply {
  status: number;
  /** served as application/json */
  json?: Json;
  /** served as text/plain */
  text?: string;
  headers?: Record<string, string>;
}

export interface ErrorEntry extends JsonObject {
  code: number;
  title: string;
  detail: string;
  source: JsonObject;
}

export const CREDENTIALS_REQUIRED = 'Credentials are required to access this resource.';

export const ok = (json: Json, status = 200): Reply => ({ status, json });

export const noContent = (): Reply => ({ status: 204 });

export const errorEntry = (code: number, title: string, detail: string): ErrorEntry => ({ code, title, detail, source: {} });

export const errorList = (status: number, entries: ErrorEntry[]): Reply => ({ status, json: { errors: entries } });

export function unauthorized(faults: Faults, variations: boolean): Reply {
  if (faults.has('auth-401-json-body')) return { status: 401, json: { message: CREDENTIALS_REQUIRED } };
  if (faults.has('auth-401-wording')) return { status: 401, text: 'Unauthorized.' };
  return { status: 401, text: variations ? CREDENTIALS_REQUIRED_VARIANT : CREDENTIALS_REQUIRED };
}

export function forbidden(faults: Faults): Reply {
  const entry = errorEntry(403, faults.has('forbidden-title-wrong') ? 'Access denied' : 'Forbidden', 'This API key is not permitted to perform this operation.');
  if (faults.has('forbidden-source-not-empty')) entry.source = { pointer: '' };
  const second = errorEntry(403, 'Forbidden', 'The operation needs a permission this API key does not have.');
  return errorList(403, faults.has('forbidden-two-entries') ? [entry, second] : [entry]);
}

export function notFound(faults: Faults): Reply {
  if (faults.has('not-found-without-message')) return { status: 404, json: { code: 404 } };
  return { status: 404, json: { code: faults.has('not-found-code-string') ? '404' : 404, message: 'HTTP 404 Not Found' } };
}

export const internalError = (): Reply =>
  errorList(500, [errorEntry(500, 'Internal Server Error', 'The request could not be completed.')]);

export function methodNotAllowed(method: string, allowed: readonly string[]): Reply {
  const detail = `Method ${method} is not allowed on this path; allowed: ${allowed.join(', ')}`;
  return { ...errorList(405, [errorEntry(405, 'Method Not Allowed', detail)]), headers: { Allow: allowed.join(', ') } };
}

export function payloadTooLarge(limit: number): Reply {
  return errorList(413, [errorEntry(413, 'Payload Too Large', `The request body exceeds ${limit} bytes`)]);
}
