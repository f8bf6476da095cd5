// --report-har: every exchange a run sends, as an entry of HAR 1.2 (the format check-har reads back, through
// readHar), keys redacted by the sending client's Redactor. Each entry is appended to a log of JSON lines as its
// exchange ends (by the worker's client, and by the preflight's in the command), and the log is written out as
// one HAR file once the run ends: memory holds one entry at a time and a small index, whatever a run sends.
import { appendFileSync, closeSync, openSync, readSync, writeSync } from 'node:fs';
import type { Exchange, Sending } from './client.ts';
import { TRUNCATED_KEPT_BYTES } from './capped-read.ts';
import type { Redactor } from './redactor.ts';
import { writePrivateFileWith } from '../../reporters/private-file.ts';
import { jsonInert } from '../../contract/untrusted.ts';

/**
 * A body longer than this is left out of the HAR, its size and the cut said in the entry's comment: what an
 * exchange keeps of an answer past the client's cap (TRUNCATED_KEPT_BYTES), so that a body judged whole in the
 * run is, within it, recorded whole and judged alike by check-har. The evidence's 4 KiB (EVIDENCE_BODY_BYTES)
 * would leave out answers a real deployment sends (a data source's columns, a logged request's body).
 */
const HAR_BODY_BYTES = TRUNCATED_KEPT_BYTES;

interface HarBody {
  text?: string;
  encoding?: 'base64';
  /** why the text is left out */
  leftOut?: string;
}

/** A body as HAR text: UTF-8 as text, other bytes as Base64; left out past the cap, or where a key would show. */
function harBody(bytes: Buffer, redactor: Redactor): HarBody {
  if (bytes.length > HAR_BODY_BYTES) return { leftOut: `${bytes.length} bytes, longer than the ${HAR_BODY_BYTES} a HAR entry holds` };
  const text = bytes.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(bytes)) return { text: redactor.redact(text) };
  // bytes that are not text cannot be redacted in place: left out where the key, or its Base64, is among them
  const latin1 = bytes.toString('latin1');
  const base64 = bytes.toString('base64');
  if (redactor.redact(latin1) !== latin1 || redactor.redact(base64) !== base64) return { leftOut: 'bytes that are not text and hold a form of a key' };
  return { text: base64, encoding: 'base64' };
}

const headerList = (headers: Record<string, string>, redactor: Redactor) =>
  Object.entries(headers).map(([name, value]) => ({ name, value: redactor.redact(value) }));

function queryOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/**
 * Who sent an exchange besides the checks: the preflight (its probe and fixture reads), or what puts the
 * organisation's name back after Ctrl-C (organisationGuard: a read before the checks, a rename after).
 */
type SentBy = 'check' | 'preflight' | 'put-back';

const SENT_BY = {
  preflight: { field: { _preflight: true }, words: 'sent by the preflight, before any check (GET only)' },
  'put-back': { field: { _putBack: true }, words: "sent to put the organisation's name back should the run be interrupted" },
} as const;

/**
 * Every string of an entry redacted, names and values alike: a header's name, a query parameter decoded from the
 * URL, an error's words, a content coding a deployment named may each hold a form of the key. The bodies were
 * redacted as they were read (harBody), so they are passed over.
 */
function redactedEntry(value: unknown, redactor: Redactor, field = ''): unknown {
  if (typeof value === 'string') return field === 'text' ? value : redactedOnce(value, redactor);
  if (Array.isArray(value)) return value.map((item) => redactedEntry(item, redactor));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [redactedOnce(name, redactor), redactedEntry(item, redactor, name)]));
}

/**
 * Short strings redacted already, by redactor and its generation (a redactor that learned a secret since forgets
 * them): the same names and values come in every entry of a run.
 */
const redactedShort = new WeakMap<Redactor, { generation: number; known: Map<string, string> }>();
/** Strings remembered at most per redactor, and the longest remembered: names, values, not bodies. */
const REMEMBERED = { strings: 2048, chars: 256 } as const;

/** A string redacted, remembered when short: looking for every form of every key is what an entry costs most. */
function redactedOnce(text: string, redactor: Redactor): string {
  if (text.length > REMEMBERED.chars) return redactor.redact(text);
  let remembered = redactedShort.get(redactor);
  if (remembered?.generation !== redactor.generation) redactedShort.set(redactor, (remembered = { generation: redactor.generation, known: new Map() }));
  const known = remembered.known;
  let redacted = known.get(text);
  if (redacted === undefined) {
    redacted = redactor.redact(text);
    if (known.size >= REMEMBERED.strings) known.clear();
    known.set(text, redacted);
  }
  return redacted;
}

/** One exchange as a HAR 1.2 entry, every value from the deployment or the request redacted. */
export function harEntry(exchange: Exchange, sending: Sending, redactor: Redactor, sentBy: SentBy = 'check'): Record<string, unknown> {
  return redactedEntry(entryOf(exchange, sending, redactor, sentBy), redactor) as Record<string, unknown>;
}

/** The request's body as HAR's postData, redacted; undefined: none was sent. Why it was left out goes to notes. */
function postDataOf(exchange: Exchange, redactor: Redactor, notes: string[]): Record<string, unknown> | undefined {
  if (exchange.requestBody === undefined) return undefined;
  const body = harBody(exchange.requestBody, redactor);
  if (body.leftOut) notes.push(`request body left out: ${body.leftOut}`);
  return {
    mimeType: exchange.requestHeaders['content-type'] ?? '',
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.encoding ? { encoding: body.encoding } : {}),
  };
}

/** The answer's body as HAR's content, redacted, or left out (cut at the cap, or no answer): why goes to notes. */
function contentOf(exchange: Exchange, redactor: Redactor, notes: string[]): Record<string, unknown> {
  const content: Record<string, unknown> = { size: exchange.bytes.length, mimeType: redactor.redact(exchange.headers['content-type'] ?? '') };
  if (exchange.truncated) notes.push("response body left out: longer than the client's cap, only its start was read");
  else if (exchange.status !== 0) {
    const body = harBody(exchange.bytes, redactor);
    if (body.leftOut) notes.push(`response body left out: ${body.leftOut}`);
    if (body.text !== undefined) content.text = body.text;
    if (body.encoding) content.encoding = body.encoding;
  }
  return content;
}

/** The entry, its bodies redacted (or left out) as they are read. */
function entryOf(exchange: Exchange, sending: Sending, redactor: Redactor, sentBy: SentBy): Record<string, unknown> {
  const by = sentBy === 'check' ? undefined : SENT_BY[sentBy];
  const notes = [by ? by.words : sending.sentBy ? `sent by the check ${sending.sentBy}` : 'sent outside any check'];
  const url = redactor.redact(exchange.url);
  const requestHeaders = { ...exchange.requestHeaders, ...(sending.userAgent ? { 'user-agent': sending.userAgent } : {}) };
  const postData = postDataOf(exchange, redactor, notes);
  const answered = exchange.status !== 0;
  const content = contentOf(exchange, redactor, notes);
  if (exchange.codings) notes.push(`the response body is recorded decoded from ${exchange.codings.join(', ')} (Content-Encoding)`);
  if (exchange.undecodable)
    notes.push(`the response body is recorded as it came, in the content coding ${JSON.stringify(exchange.undecodable)}, which the client cannot decode`);
  if (exchange.retried) notes.push(redactor.redact(exchange.retried));
  const duration = round(exchange.durationMs);
  const wait = Math.min(duration, round(sending.headersMs ?? exchange.durationMs));
  return {
    ...(by ? by.field : sending.sentBy ? { _checkId: sending.sentBy } : {}),
    startedDateTime: new Date(sending.startedAt).toISOString(),
    time: duration,
    request: {
      method: exchange.method,
      url,
      httpVersion: sending.httpVersion ?? 'HTTP/1.1',
      cookies: [],
      headers: headerList(requestHeaders, redactor),
      queryString: queryOf(url),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: exchange.requestBody?.length ?? 0,
    },
    response: {
      status: exchange.status,
      statusText: redactor.redact(sending.statusText ?? ''),
      httpVersion: answered ? (sending.httpVersion ?? 'HTTP/1.1') : '',
      cookies: [],
      headers: headerList(exchange.headers, redactor),
      content,
      redirectURL: redactor.redact(exchange.headers.location ?? ''),
      headersSize: -1,
      // the bytes on the wire are not counted where a content coding was undone
      bodySize: answered && !exchange.codings && !exchange.truncated ? exchange.bytes.length : -1,
      ...(answered ? {} : { _error: exchange.error ?? 'no response' }),
    },
    cache: {},
    // sending is not timed apart from waiting: send is 0, wait runs to the answer's headers, receive to its end
    timings: { send: 0, wait, receive: round(duration - wait) },
    comment: notes.join('; '),
  };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Width of the start time (ms since the epoch) that begins each line of the log, for ordering without parsing. */
const TIME_WIDTH = 15;

/**
 * The recorder of a client (ClientOptions.onExchange) that appends each entry to the log, a line each, opening
 * and closing it every time: a run in a process that lives on (the library) keeps no descriptor of a log that is
 * gone. A write that fails loses that entry, never the run: the HAR then holds fewer entries than the run sent,
 * and the command says so.
 */
export function harRecorder(logFile: string, sentBy: SentBy = 'check'): (exchange: Exchange, sending: Sending, redactor: Redactor) => void {
  return (exchange, sending, redactor) => {
    try {
      const entry = jsonInert(JSON.stringify(harEntry(exchange, sending, redactor, sentBy)));
      appendFileSync(logFile, `${String(sending.startedAt).padStart(TIME_WIDTH, '0')}\t${entry}\n`);
    } catch {
      // counted by the difference: the run's summary says how many requests were sent
    }
  };
}

/** Where each line of the log is: its start time, and its entry's offset and length in bytes. */
function indexOf(fd: number): { at: number; offset: number; length: number }[] {
  const index: { at: number; offset: number; length: number }[] = [];
  const chunk = Buffer.alloc(1024 * 1024);
  const head = Buffer.alloc(TIME_WIDTH);
  let lineStart = 0;
  for (let position = 0; ; ) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) return index;
    for (let at = chunk.indexOf(10, 0); at >= 0 && at < read; at = chunk.indexOf(10, at + 1)) {
      const end = position + at;
      readSync(fd, head, 0, TIME_WIDTH, lineStart);
      index.push({ at: Number(head.toString('latin1')), offset: lineStart + TIME_WIDTH + 1, length: end - lineStart - TIME_WIDTH - 1 });
      lineStart = end + 1;
    }
    position += read;
  }
}

/**
 * Writes the log as one HAR 1.2 file, its entries in the order they were sent (as HAR prefers), one entry a
 * line; returns how many it holds. Each entry is read from the log and written on, one at a time.
 */
export function writeHar(logFile: string | undefined, harFile: string, creator: { name: string; version: string }, comment: string): number {
  let log: number | undefined;
  try {
    log = logFile === undefined ? undefined : openSync(logFile, 'r');
  } catch {
    // nothing was sent: no log was opened
  }
  const index = log === undefined ? [] : indexOf(log).sort((a, b) => a.at - b.at);
  try {
    writePrivateFileWith(harFile, (out) => {
      writeSync(out, `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"comment":${JSON.stringify(comment)},"pages":[],"entries":[`);
      index.forEach(({ offset, length }, i) => {
        const entry = Buffer.alloc(length);
        readSync(log!, entry, 0, length, offset);
        writeSync(out, i === 0 ? '\n' : ',\n');
        writeSync(out, entry);
      });
      writeSync(out, '\n]}}\n');
    });
  } finally {
    if (log !== undefined) closeSync(log);
  }
  return index.length;
}
