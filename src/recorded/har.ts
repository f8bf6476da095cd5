// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as browsers, proxies and Schemathesis write it,
// read into recorded exchanges. Bodies come from request.postData.text and response.content.text (Base64
// where content.encoding says so; past the 8 MiB a run's client reads, a body is judged as one not recorded). A response with status 0 (a browser's failed or blocked request) is no
// answer. Anything that is not HAR is a HarError with one line saying what is wrong. The file is read as a stream
// (har-scan.ts): one entry at a time is held, however large the file.

import { RECORDED_BODY_BYTES, type RecordedExchange } from './recorded.ts';
import { HarError, SCAN_LIMITS, scanBytes, scanFile, type ScanLimits, type ScannedEntry } from './har-scan.ts';

export { HarError };

interface HarHeader {
  name: string;
  value: string;
}

/** A body's text as bytes; undefined when absent, or longer than a run's client would read (judged by the status alone). */
function bodyOf(text: unknown, encoding: unknown): Buffer | string | undefined {
  if (typeof text !== 'string' || text.length > (encoding === 'base64' ? (RECORDED_BODY_BYTES / 3) * 4 : RECORDED_BODY_BYTES)) return undefined;
  return encoding === 'base64' ? Buffer.from(text, 'base64') : text;
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

/** An entry longer than the scanner holds: counted, never read. */
export interface TooLargeEntry {
  tooLarge: number;
}

/** The exchange of one scanned entry, in words of ours where it is not one (never the parser's, which quotes the file). */
function exchangeOfScanned(scanned: ScannedEntry, i: number): RecordedExchange | TooLargeEntry {
  if ('tooLarge' in scanned) return { tooLarge: scanned.tooLarge };
  let entry: unknown;
  try {
    entry = JSON.parse(scanned.bytes.toString('utf8'));
  } catch {
    throw new HarError(
      `not JSON: log.entries[${i}], at bytes ${scanned.offset} to ${scanned.offset + scanned.bytes.length}, holds a malformed number, literal, escape or string`,
    );
  }
  return exchangeOf(entry, i);
}

/** Each exchange of a HAR file, in the order of log.entries, read one entry at a time; returns how many. */
export function streamHar(
  file: string,
  onExchange: (exchange: RecordedExchange | TooLargeEntry, index: number) => void,
  limits: ScanLimits = SCAN_LIMITS,
): number {
  let n = 0;
  const scanner = scanFile(file, (scanned) => onExchange(exchangeOfScanned(scanned, n), n++), limits);
  if (!scanner.found) throw new HarError('not a HAR file: it has no log.entries array');
  return n;
}

/** The exchanges of a HAR document given whole, in the order of log.entries (entries too large left out). */
export function readHar(text: string, limits: ScanLimits = SCAN_LIMITS): RecordedExchange[] {
  const out: RecordedExchange[] = [];
  let n = 0;
  const scanner = scanBytes(
    Buffer.from(text, 'utf8'),
    (scanned) => {
      const exchange = exchangeOfScanned(scanned, n++);
      if (!('tooLarge' in exchange)) out.push(exchange);
    },
    limits,
  );
  if (!scanner.found) throw new HarError('not a HAR file: it has no log.entries array');
  return out;
}

/** One entry of log.entries as an exchange. */
function exchangeOf(entry: unknown, i: number): RecordedExchange {
  const where = `log.entries[${i}]`;
  if (!isObject(entry) || !isObject(entry.request)) throw new HarError(`${where} has no request`);
  const request = entry.request;
  if (typeof request.method !== 'string' || typeof request.url !== 'string') throw new HarError(`${where}.request has no method and url`);
  const postData = isObject(request.postData) ? request.postData : undefined;
  const requestBody = bodyOf(postData?.text, postData?.encoding);
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
  const body = bodyOf(content?.text, content?.encoding);
  // a body left out of the recording (too large, binary, or a tool that does not keep bodies) is not an empty one
  const bodyRecorded = body !== undefined || (content?.size === 0 && content.text === undefined);
  return {
    ...recorded,
    response: { status, headers: headers(response.headers, `${where}.response`), body, ...(bodyRecorded ? {} : { bodyRecorded: false }) },
  };
}
