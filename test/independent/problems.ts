import { jsonReply, type Reply, textReply } from './reply.ts';

// The error-list entry of the spec's "Errors" section; every entry here carries all four fields.
export interface ErrorEntry {
  title: string;
  code: number;
  detail: string;
  source: Record<string, unknown>;
}

// A long list of body problems helps nobody, so at most this many entries are reported.
export const MAX_ERROR_ENTRIES = 20;

export function errorList(status: number, entries: ErrorEntry[]): Reply {
  return jsonReply(status, { errors: entries.slice(0, MAX_ERROR_ENTRIES) });
}

// RFC 9110 requires a challenge with every 401; the body is the plain text the spec prescribes.
export function unauthorized(): Reply {
  return textReply(401, 'Credentials are required to access this resource.', { 'www-authenticate': 'Token realm="mock-api-management"' });
}

export function forbidden(): Reply {
  return errorList(403, [{ code: 403, title: 'Forbidden', detail: 'You are not permitted to perform this operation.', source: {} }]);
}

export function notFound(): Reply {
  return jsonReply(404, { code: 404, message: 'HTTP 404 Not Found' });
}

// The spec shows `source` empty for "Invalid JSON"; the pointer is named in `detail` instead.
export function invalidJson(details: string[]): Reply {
  return errorList(
    400,
    details.map((detail) => ({ code: 400, title: 'Invalid JSON', detail, source: {} })),
  );
}

export function invalidQueryParameter(name: string): Reply {
  const detail = `Query parameter '${name}' is not accepted: this operation takes no query parameters.`;
  return errorList(400, [{ code: 400, title: 'Invalid query parameter format', detail, source: { parameter: name } }]);
}

export function invalidPathParameter(name: string, rule: string): Reply {
  return errorList(400, [{ code: 400, title: 'Invalid path parameter format', detail: `Path parameter '${name}' ${rule}.`, source: { parameter: name } }]);
}

export function methodNotAllowed(method: string, allowed: string[]): Reply {
  const reply = errorList(405, [
    { code: 405, title: 'Method Not Allowed', detail: `${method} is not supported here; use ${allowed.join(' or ')}.`, source: {} },
  ]);
  return { ...reply, headers: { ...reply.headers, allow: allowed.join(', ') } };
}

// The connection is closed because the rest of an oversized body is not worth reading.
export function payloadTooLarge(limitBytes: number): Reply {
  const reply = errorList(413, [{ code: 413, title: 'Payload Too Large', detail: `The request body exceeds the limit of ${limitBytes} bytes.`, source: {} }]);
  return { ...reply, headers: { ...reply.headers, connection: 'close' } };
}

export function internalError(): Reply {
  return errorList(500, [{ code: 500, title: 'Internal Server Error', detail: 'The request could not be completed.', source: {} }]);
}
