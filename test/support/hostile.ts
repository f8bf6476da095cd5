// A hostile deployment for the checker's own tests: every request gets the misbehaviour of the mode it was
// started with. Binds 127.0.0.1 on a free port; close() ends every connection at once.
import { createServer, type Server, type Socket } from 'node:net';

export type HostileMode =
  | 'hang' // accepts the request and never answers
  | 'drip' // sends headers, then one byte of body a second, forever
  | 'close-mid-body' // promises 100 bytes, sends 10, closes
  | 'reset' // resets the connection once the request arrived
  | 'invalid-http' // answers bytes that are not HTTP
  | 'not-json' // 200, application/json, a body that is not JSON
  | 'enormous' // 200, application/json, 64 MiB of body, streamed
  | 'echo' // 200, application/json, the request line and headers as the body (and in a header)
  | 'slow-echo' // as echo, 20 ms later: requests overlap if the client sends them in parallel
  | 'rate-limit' // 429 with Retry-After: 0 for the first two requests of each connection path, then 401
  | 'rate-limit-1s' // the same with Retry-After: 1
  | 'rate-limit-always' // 429 with Retry-After: 0 to every request
  | 'unavailable-always'; // 503 with Retry-After: 0 and an error list to every request (down for good, not a web page)

export interface Hostile {
  baseUrl: string;
  /** request lines seen, e.g. "GET /v1/organisations/x" */
  seen: string[];
  /** the most requests that were waiting for an answer at once */
  maxInFlight(): number;
  /** settles once `count` connections have been closed by the client (a request it dropped, in hang mode) */
  closedByClient(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHostile(mode: HostileMode): Promise<Hostile> {
  const sockets = new Set<Socket>();
  const seen: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const limited = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let closing = false;
  const closed = { count: 0, waiting: [] as { count: number; settle: () => void }[] };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (closing) return;
      closed.count++;
      for (const w of closed.waiting.filter((w) => w.count <= closed.count)) w.settle();
    });
    socket.on('error', () => {});
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      buffer = buffer.slice(end + 4 + length);
      const line = head.split('\r\n')[0]!.replace(/ HTTP\/1\.1$/, '');
      seen.push(line);
      answer(socket, mode, head, line);
    });
  });

  function answer(socket: Socket, m: HostileMode, head: string, line: string): void {
    const json = (status: number, body: string, extra = '') =>
      socket.write(`HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`);
    switch (m) {
      case 'hang':
        return;
      case 'drip': {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
        const timer = setInterval(() => socket.write('1\r\n{\r\n'), 1000);
        timers.add(timer);
        socket.on('close', () => clearInterval(timer));
        return;
      }
      case 'close-mid-body':
        socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"organisa');
        return;
      case 'reset':
        socket.resetAndDestroy();
        return;
      case 'invalid-http':
        socket.end('this is not HTTP\r\n\r\n');
        return;
      case 'not-json':
        json(200, '<html>Service temporarily unavailable</html>');
        return;
      case 'enormous': {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n[`);
        const chunk = Buffer.alloc(64 * 1024, 0x30);
        let sent = 1;
        const pump = () => {
          while (sent < 64 * 1024 * 1024 && !socket.destroyed) {
            sent += chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        pump();
        return;
      }
      case 'slow-echo': {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const timer = setTimeout(() => {
          inFlight--;
          timers.delete(timer);
          if (!socket.destroyed) answer(socket, 'echo', head, line);
        }, 20);
        timers.add(timer);
        return;
      }
      case 'echo': {
        const body = JSON.stringify({ echoed: head });
        json(200, body, `X-Echo: ${head.split('\r\n').find((h) => /^authorization:/i.test(h)) ?? ''}\r\n`);
        return;
      }
      case 'rate-limit':
      case 'rate-limit-1s': {
        const n = (limited.get(line) ?? 0) + 1;
        limited.set(line, n);
        if (n <= 2) json(429, '{"errors":[{"title":"Too Many Requests"}]}', `Retry-After: ${m === 'rate-limit' ? 0 : 1}\r\n`);
        else
          socket.write('HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nContent-Length: 49\r\n\r\nCredentials are required to access this resource.');
        return;
      }
      case 'rate-limit-always':
        json(429, '{"errors":[{"title":"Too Many Requests"}]}', 'Retry-After: 0\r\n');
        return;
      case 'unavailable-always':
        json(503, '{"errors":[{"title":"Service Unavailable"}]}', 'Retry-After: 0\r\n');
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    maxInFlight: () => maxInFlight,
    closedByClient: (count) => (closed.count >= count ? Promise.resolve() : new Promise((settle) => closed.waiting.push({ count, settle }))),
    close: async () => {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
