// With --ca-file, every connection shares one TLS context (src/http/network.ts dispatcherFor): a deployment that
// makes the run connect anew for each request does not make it parse every trusted certificate each time.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { request } from 'undici';
import { dispatcherFor } from '../../src/http/network.ts';
import { certificates } from '../support/certificates.ts';

let server: Server;
beforeAll(async () => {
  const { key, cert } = certificates();
  server = createServer({ key, cert }, (_req, res) => res.writeHead(200, { connection: 'close' }).end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('connections that trust --ca-file build no TLS context of their own, however many the run opens', async () => {
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  // node:tls builds a context for each connection given no context of the caller's, through this export
  const own = tls.createSecureContext;
  let built = 0;
  tls.createSecureContext = (...args) => (built++, own(...args));
  try {
    for (let i = 0; i < 4; i++) {
      const dispatcher = dispatcherFor({ direct: true, caFile: certificates().ca }, {});
      const answer = await request(url, { dispatcher });
      expect(answer.statusCode).toBe(200);
      await answer.body.text();
      await dispatcher.close();
    }
  } finally {
    tls.createSecureContext = own;
  }
  expect(built).toBe(0);
});
