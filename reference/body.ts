// Request bodies are read into memory up to a cap. Past it the answer is 413 at once; the rest of the
// body is read and thrown away (so the client, still sending, gets to read that answer) up to a hard stop,
// after which the connection is dropped rather than read forever.
import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT = 1024 * 1024;
const DISCARD_LIMIT = 16 * BODY_LIMIT;

export type Body = { kind: 'complete'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'gone' };

function discardRest(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.destroy();
  });
  req.resume();
}

export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Body> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      discardRest(req);
      resolve({ kind: 'too-large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        chunks.length = 0;
        discardRest(req);
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ kind: 'complete', bytes: Buffer.concat(chunks) }));
    // A client that goes away mid-body gets no answer; resolve settles only once, so late events are harmless.
    req.on('close', () => resolve({ kind: 'gone' }));
    req.on('error', () => resolve({ kind: 'gone' }));
  });
}
