// A recording proxy on loopback: a conformance run pointed at it reaches the deployment behind it as usual,
// and every request it sends is kept as it went over the wire (method, path, headers, body), with the time it
// arrived. The mix it records is what the limit loop replays, so that the two send the same requests. With a
// delay, it also stands for a deployment far away (or one that slows down): each request waits that long
// before it is passed on.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

/** What the proxy has seen: the mix, and each request's arrival and answer under the same index. */
interface Recording {
  recorded: RecordedRequest[];
  arrivals: number[];
  answered: number[];
  /** the delays under way, cleared when the proxy closes */
  timers: Set<NodeJS.Timeout>;
  inFlight: number;
  maxInFlight: number;
}

/** A request as it arrived, kept in the mix under its index. */
interface Kept {
  index: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** undefined for a request that framed no body */
  body: Buffer | undefined;
}

/** Where a request is passed on to: the deployment behind the proxy, and what the proxy does to each request. */
interface Relay {
  upstream: string;
  agent: Agent;
  keys: Keys;
  options: RecorderOptions;
  recording: Recording;
}

/** Adds a request whose body has been read to the mix, its keys as placeholders, and notes when it is answered. */
function keep(recording: Recording, req: IncomingMessage, res: ServerResponse, body: Buffer, arrived: number, keys: Keys): Kept {
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const sent = endToEnd(req.headers);
  const method = req.method ?? 'GET';
  const index = recording.recorded.length;
  res.once('close', () => (recording.answered[index] = Date.now()));
  recording.recorded.push({ method, path: req.url ?? '/', headers: withPlaceholders(sent, keys), ...(hasBody ? { body: body.toString('base64') } : {}) });
  recording.arrivals.push(arrived);
  return { index, method, url: req.url ?? '/', headers: sent, body: hasBody ? body : undefined };
}

/** A request held for the latency of a far deployment (not a wait for a server), then passed on. */
function heldFor(ms: number, timers: Set<NodeJS.Timeout>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.add(timer);
  });
}

/** The deployment's answer to a request, as it answered it; a 502 when it did not answer. */
async function passOn(relay: Relay, kept: Kept, res: ServerResponse): Promise<void> {
  try {
    const answer = await request(relay.upstream + kept.url, {
      method: kept.method as 'GET',
      headers: kept.headers,
      body: kept.body,
      dispatcher: relay.agent,
    });
    const bytes = Buffer.from(await answer.body.arrayBuffer());
    // a HEAD answer keeps the length of the body it leaves out
    const headers = endToEnd(answer.headers);
    const length = kept.method === 'HEAD' ? answer.headers['content-length'] : String(bytes.length);
    if (typeof length === 'string') headers['content-length'] = length;
    res.writeHead(answer.statusCode, headers);
    res.end(kept.method === 'HEAD' ? undefined : bytes);
  } catch (error) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`recorder: the deployment behind the proxy did not answer: ${(error as Error).message}`);
  }
}

/** One request through the proxy: kept, held as long as its delay says, then answered by the proxy or passed on. */
async function relayed(relay: Relay, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const arrived = Date.now();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const kept = keep(relay.recording, req, res, Buffer.concat(chunks), arrived, relay.keys);
  const delay = relay.options.delayMs?.(kept.index) ?? 0;
  if (delay > 0) await heldFor(delay, relay.recording.timers);
  const own = relay.options.answer?.(kept.index);
  if (own) {
    res.writeHead(own.status, own.headers);
    res.end(own.body);
    return;
  }
  await passOn(relay, kept, res);
}

function recorderOf(server: Server, agent: Agent, recording: Recording): Recorder {
  const { recorded, arrivals, answered, timers } = recording;
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mix: () => [...recorded],
    arrivals: () => [...arrivals],
    answered: () => Array.from(recorded, (_, i) => answered[i] ?? Number.NaN),
    maxInFlight: () => recording.maxInFlight,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}

export async function startRecorder(upstream: string, keys: Keys, options: RecorderOptions = {}): Promise<Recorder> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const recording: Recording = { recorded: [], arrivals: [], answered: [], timers: new Set(), inFlight: 0, maxInFlight: 0 };
  const relay: Relay = { upstream, agent, keys, options, recording };
  const server = createServer((req, res) => {
    recording.inFlight++;
    recording.maxInFlight = Math.max(recording.maxInFlight, recording.inFlight);
    res.once('close', () => recording.inFlight--);
    void relayed(relay, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return recorderOf(server, agent, recording);
}
