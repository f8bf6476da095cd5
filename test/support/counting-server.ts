// A deployment that must hear nothing: a server on 127.0.0.1 that answers every request 200 `{}` and counts them,
// for the tests that show a command refused, or listed, without sending a request.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingServer {
  /** its base URL, http://127.0.0.1:<port> */
  url: string;
  /** the requests it has had */
  requests(): number;
  close(): Promise<void>;
}

export async function countingServer(): Promise<CountingServer> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
