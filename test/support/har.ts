// Records exchanges with a deployment as a HAR file would hold them, and writes the file (src/recorded/har.ts reads
// it): what was sent, headers and all, and what came back.
import { request } from 'undici';

export interface Sent {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One recorded exchange, as writeHar takes it. */
export interface Recording {
  request: { method: string; url: string; headers: Record<string, string>; body?: Buffer | string };
  response: { status: number; headers: Record<string, string>; body: Buffer | string };
  startedAt: string;
  durationMs: number;
}

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
    out.push({
      request: { method: s.method, url: `${baseUrl}${s.path}`, headers, ...(body === undefined ? {} : { body }) },
      response: { status: answer.statusCode, headers: responseHeaders, body: bytes },
      startedAt,
      durationMs: performance.now() - t0,
    });
  }
  return out;
}

/** A HAR 1.2 document of recorded exchanges, as a browser or a proxy writes one (src/recorded/har.ts reads it): bodies as text, or Base64 where they are not UTF-8. */
export function writeHar(exchanges: readonly Recording[]): string {
  const list = (h: Record<string, string>) => Object.entries(h).map(([name, value]) => ({ name, value }));
  const text = (body: Buffer | string | undefined) => {
    if (body === undefined) return undefined;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const utf8 = bytes.toString('utf8');
    return Buffer.from(utf8, 'utf8').equals(bytes) ? { text: utf8 } : { text: bytes.toString('base64'), encoding: 'base64' };
  };
  const entries = exchanges.map((e) => {
    const requestBody = text(e.request.body);
    const responseBody = text(e.response.body) ?? { text: '' };
    return {
      startedDateTime: e.startedAt,
      time: e.durationMs,
      request: {
        method: e.request.method,
        url: e.request.url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: list(e.request.headers),
        queryString: [],
        ...(requestBody ? { postData: { mimeType: e.request.headers['content-type'] ?? '', ...requestBody } } : {}),
        headersSize: -1,
        bodySize: requestBody ? Buffer.byteLength(Buffer.isBuffer(e.request.body) ? e.request.body : String(e.request.body)) : 0,
      },
      response: {
        status: e.response.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: list(e.response.headers),
        content: {
          size: Buffer.byteLength(Buffer.isBuffer(e.response.body) ? e.response.body : String(e.response.body)),
          mimeType: e.response.headers['content-type'] ?? '',
          ...responseBody,
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: e.durationMs, receive: 0 },
    };
  });
  return `${JSON.stringify({ log: { version: '1.2', creator: { name: 'mockapi-conformance', version: '1' }, entries } }, null, 2)}\n`;
}
