import type { IncomingMessage } from 'node:http';
import { invalidJson, payloadTooLarge } from './problems.ts';
import { Rejection } from './reply.ts';

// The spec names no maximum body size; 1 MiB is ample for settings and for data sources of some thousands of rows.
export const MAX_BODY_BYTES = 1_048_576;

// Reads the whole body; past the limit it keeps draining without storing, so the client still gets the 413.
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) return Promise.reject(new Rejection(payloadTooLarge(MAX_BODY_BYTES)));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new Rejection(payloadTooLarge(MAX_BODY_BYTES)));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

// Any Content-Type is read as JSON, because the spec defines the body format and not a header check; a parse failure reports the parser's own words.
export function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Rejection(invalidJson([`The request body is not valid JSON: ${message}`]));
  }
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  return parseJson(await readBody(req));
}
