// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as browsers, proxies and Schemathesis write it,
// read into recorded exchanges. Bodies come from request.postData.text and response.content.text (Base64
// where content.encoding says so). A response with status 0 (a browser's failed or blocked request) is no
// answer. Anything that is not HAR is a HarError with one line saying what is wrong.

import type { RecordedExchange } from './recorded.ts';

export class HarError extends Error {}

interface HarHeader {
  name: string;
  value: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function headers(list: unknown, where: string): Record<string, string[]> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new HarError(`${where}.headers is not an array`);
  const out: Record<string, string[]> = {};
  for (const [i, h] of list.entries()) {
    if (!isObject(h) || typeof h.name !== 'string' || typeof h.value !== 'string') throw new HarError(`${where}.headers[${i}] is not { name, value }`);
    const { name, value } = h as unknown as HarHeader;
    // HTTP/2 pseudo-headers (:method, :path) are not headers of the exchange
    if (name.startsWith(':')) continue;
    (out[name.toLowerCase()] ??= []).push(value);
  }
  return out;
}

/** The exchanges of a HAR document, in the order of log.entries. */
export function readHar(text: string): RecordedExchange[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new HarError(`not JSON (${(error as Error).message})`);
  }
  const entries = isObject(doc) && isObject(doc.log) ? doc.log.entries : undefined;
  if (!Array.isArray(entries)) throw new HarError('not a HAR file: it has no log.entries array');
  return entries.map((entry, i): RecordedExchange => {
    const where = `log.entries[${i}]`;
    if (!isObject(entry) || !isObject(entry.request)) throw new HarError(`${where} has no request`);
    const request = entry.request;
    if (typeof request.method !== 'string' || typeof request.url !== 'string') throw new HarError(`${where}.request has no method and url`);
    const postData = isObject(request.postData) ? request.postData : undefined;
    const requestBody =
      typeof postData?.text === 'string' ? (postData.encoding === 'base64' ? Buffer.from(postData.text, 'base64') : postData.text) : undefined;
    // a body sent but left out of the recording (too large, or form fields only) is not an empty one
    const requestBodyRecorded = postData === undefined || requestBody !== undefined;
    const recorded: RecordedExchange = {
      request: {
        method: request.method,
        url: request.url,
        headers: headers(request.headers, `${where}.request`),
        body: requestBody,
        ...(requestBodyRecorded ? {} : { bodyRecorded: false }),
      },
      response: undefined,
      ...(typeof entry.startedDateTime === 'string' ? { startedAt: entry.startedDateTime } : {}),
      ...(typeof entry.time === 'number' && entry.time >= 0 ? { durationMs: entry.time } : {}),
    };
    const response = isObject(entry.response) ? entry.response : undefined;
    const status = typeof response?.status === 'number' ? response.status : 0;
    if (!response || status <= 0) {
      const reason =
        typeof response?._error === 'string'
          ? response._error
          : typeof (entry as { _error?: unknown })._error === 'string'
            ? String((entry as { _error?: unknown })._error)
            : 'status 0';
      return { ...recorded, error: reason };
    }
    const content = isObject(response.content) ? response.content : undefined;
    const body = typeof content?.text === 'string' ? (content.encoding === 'base64' ? Buffer.from(content.text, 'base64') : content.text) : undefined;
    // a body left out of the recording (too large, binary, or a tool that does not keep bodies) is not an empty one
    const bodyRecorded = body !== undefined || content?.size === 0;
    return {
      ...recorded,
      response: { status, headers: headers(response.headers, `${where}.response`), body, ...(bodyRecorded ? {} : { bodyRecorded: false }) },
    };
  });
}
