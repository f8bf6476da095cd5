// The bodies the interface fixes (Errors; Authentication), built in one place so every operation answers
// the same way. A Reply is data; server.ts writes it.
import type { Json } from '../contract/schemas.ts';
import type { JsonObject } from './store.ts';

export interface Reply {
  status: number;
  /** served as application/json */
  json?: Json;
  /** served as text/plain */
  text?: string;
  /** the media type to serve the body as, where it is not the one above */
  contentType?: string;
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

export function unauthorized(): Reply {
  return { status: 401, text: CREDENTIALS_REQUIRED };
}

export function forbidden(): Reply {
  return errorList(403, [errorEntry(403, 'Forbidden', 'This API key is not permitted to perform this operation.')]);
}

export const NOT_FOUND_MESSAGE = 'HTTP 404 Not Found';

export function notFound(): Reply {
  return { status: 404, json: { code: 404, message: NOT_FOUND_MESSAGE } };
}

export const internalError = (): Reply => errorList(500, [errorEntry(500, 'Internal Server Error', 'The request could not be completed.')]);

export function methodNotAllowed(method: string, allowed: readonly string[]): Reply {
  const detail = `Method ${method} is not allowed on this path; allowed: ${allowed.join(', ')}`;
  return { ...errorList(405, [errorEntry(405, 'Method Not Allowed', detail)]), headers: { Allow: allowed.join(', ') } };
}

export function payloadTooLarge(limit: number): Reply {
  return errorList(413, [errorEntry(413, 'Payload Too Large', `The request body exceeds ${limit} bytes`)]);
}
