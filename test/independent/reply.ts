// A handler's answer as plain data, so handlers stay free of ServerResponse and easy to reason about.
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// JSON is UTF-8 by RFC 8259, so the media type is sent bare, exactly as the spec names it.
export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

export function textReply(status: number, text: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body: text };
}

export function noContent(): Reply {
  return { status: 204, headers: {}, body: '' };
}

// Thrown to end a request early with a prepared reply; the server writes it like any other.
export class Rejection extends Error {
  constructor(readonly reply: Reply) {
    super(`request rejected with HTTP ${reply.status}`);
  }
}
