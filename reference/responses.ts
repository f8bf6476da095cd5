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

/** Still says that credentials are required, in other words: the 401 text of variations mode. */
export const CREDENTIALS_REQUIRED_VARIANT = 'You must supply valid API credentials (Authorization: Token <key>) to access this resource.';

export const ok = (json: Json, status = 200): Reply => ({ status, json });

export const noContent = (): Reply => ({ status: 204 });

export const errorEntry = (code: number, title: string, detail: string): ErrorEntry => ({ code, title, detail, source: {} });

export const errorList = (status: number, entries: ErrorEntry[]): Reply => ({ status, json: { errors: entries } });

export function unauthorized(variations: boolean): Reply {
  return { status: 401, text: variations ? CREDENTIALS_REQUIRED_VARIANT : CREDENTIALS_REQUIRED };
}

export function forbidden(): Reply {
  return errorList(403, [errorEntry(403, 'Forbidden', 'This API key is not permitted to perform this operation.')]);
}

/** The not-found message of variations mode: localised, carrying 404 (ERR-404 reads either as the 404 condition). */
export const NOT_FOUND_LOCALISED = 'Fehler 404: Ressource nicht gefunden';

export function notFound(variations = false): Reply {
  return { status: 404, json: { code: 404, message: variations ? NOT_FOUND_LOCALISED : 'HTTP 404 Not Found' } };
}

export const internalError = (): Reply => errorList(500, [errorEntry(500, 'Internal Server Error', 'The request could not be completed.')]);

export function methodNotAllowed(method: string, allowed: readonly string[]): Reply {
  const detail = `Method ${method} is not allowed on this path; allowed: ${allowed.join(', ')}`;
  return { ...errorList(405, [errorEntry(405, 'Method Not Allowed', detail)]), headers: { Allow: allowed.join(', ') } };
}

export function payloadTooLarge(limit: number): Reply {
  return errorList(413, [errorEntry(413, 'Payload Too Large', `The request body exceeds ${limit} bytes`)]);
}
