// A recording proxy on loopback: a conformance run pointed at it reaches the deployment behind it as usual,
// and every request it sends is kept as it went over the wire (method, path, headers, body), with the time it
// arrived. The mix it records is what the limit loop replays, so that the two send the same requests. With a
// delay, it also stands for a deployment far away (or one that slows down): each request waits that long
// before it is passed on.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { HOP_BY_HOP } from '../src/recorded/proxy.ts';
import { withPlaceholders, type Keys, type RecordedRequest } from './mix.ts';

function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export interface Recorder {
  baseUrl: string;
  /** what was sent so far, keys as placeholders */
  mix(): RecordedRequest[];
  /** when each request of the mix arrived (Date.now()), in the same order */
  arrivals(): number[];
  /** when the answer to each request of the mix was sent or its connection closed (Date.now()); NaN while held */
  answered(): number[];
  /** the most requests it held at once, from arrival to the end of the answer: what the client had in flight */
  maxInFlight(): number;
  close(): Promise<void>;
}

export interface RecorderOptions {
  /** how long the request with this index (0, 1, ...) waits before it is passed on; default none */
  delayMs?: (index: number) => number;
  /** an answer of its own for the request with this index (a 429, say), in place of the deployment's */
  answer?: (index: number) => { status: number; headers: Record<string, string>; body: string } | undefined;
}

export async function startRecorder(upstream: string, keys: Keys, options: RecorderOptions = {}): Promise<Recorder> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const recorded: RecordedRequest[] = [];
  const arrivals: number[] = [];
  const answered: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => inFlight--);
    void (async () => {
      const arrived = Date.now();
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
      const sent = endToEnd(req.headers);
      const method = req.method ?? 'GET';
      const index = recorded.length;
      res.once('close', () => (answered[index] = Date.now()));
      recorded.push({ method, path: req.url ?? '/', headers: withPlaceholders(sent, keys), ...(hasBody ? { body: body.toString('base64') } : {}) });
      arrivals.push(arrived);
      const delay = options.delayMs?.(index) ?? 0;
      if (delay > 0) {
        // the latency of a far deployment, not a wait for a server: the request is held, then passed on
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, delay);
          timers.add(timer);
        });
      }
      const own = options.answer?.(index);
      if (own) {
        res.writeHead(own.status, own.headers);
        res.end(own.body);
        return;
      }
      try {
        const answer = await request(upstream + (req.url ?? '/'), {
          method: method as 'GET',
          headers: sent,
          body: hasBody ? body : undefined,
          dispatcher: agent,
        });
        const bytes = Buffer.from(await answer.body.arrayBuffer());
        // a HEAD answer keeps the length of the body it leaves out
        const headers = endToEnd(answer.headers);
        const length = method === 'HEAD' ? answer.headers['content-length'] : String(bytes.length);
        if (typeof length === 'string') headers['content-length'] = length;
        res.writeHead(answer.statusCode, headers);
        res.end(method === 'HEAD' ? undefined : bytes);
      } catch (error) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recorder: the deployment behind the proxy did not answer: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mix: () => [...recorded],
    arrivals: () => [...arrivals],
    answered: () => Array.from(recorded, (_, i) => answered[i] ?? Number.NaN),
    maxInFlight: () => maxInFlight,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}
