// Records exchanges with a deployment as a HAR file would hold them (src/har.ts writes the file): what was
// sent, headers and all, and what came back.
import { request } from 'undici';
import { writeHar } from '../../src/har.ts';

export interface Sent {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export type Recording = Parameters<typeof writeHar>[0][number];

/** Sends each request to the deployment in order and records the exchange. */
export async function record(baseUrl: string, sent: readonly Sent[]): Promise<Recording[]> {
  const out: Recording[] = [];
  for (const s of sent) {
    const body = s.body === undefined ? undefined : typeof s.body === 'string' ? s.body : JSON.stringify(s.body);
    const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...s.headers };
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const answer = await request(`${baseUrl}${s.path}`, { method: s.method, headers, body });
    const bytes = Buffer.from(await answer.body.arrayBuffer());
    const responseHeaders = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
    out.push({ request: { method: s.method, url: `${baseUrl}${s.path}`, headers, ...(body === undefined ? {} : { body }) }, response: { status: answer.statusCode, headers: responseHeaders, body: bytes }, startedAt, durationMs: performance.now() - t0 });
  }
  return out;
}

export { writeHar };
