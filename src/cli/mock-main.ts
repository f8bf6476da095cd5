// `npm run mock -- [--port N]`: the local mock deployment until Ctrl-C, with a ready .env block on stdout.
import { inertLine } from '../../contract/untrusted.ts';
import { parseArgs } from 'node:util';
import { startMock } from '../run/mock.ts';

function fail(message: string): never {
  // Prism's message may quote what it read: one inert line
  process.stderr.write(`mock: ${inertLine(message)}\n`);
  process.exit(2);
}

let port = 4010;
try {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { port: { type: 'string' } }, strict: true });
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) fail(`--port must be a port number (0 picks a free one), not "${values.port}"`);
  }
} catch (error) {
  fail((error as Error).message.split('. ')[0]!);
}

const mock = await startMock({ port }).catch((error: Error) => fail(error.message));
process.stdout.write(`MOCKAPI_BASE_URL=${mock.baseUrl}\nMOCKAPI_PROFILE=mock\n`);
process.stderr.write(`mock deployment (Prism, schemas/openapi.yaml) listening on ${mock.baseUrl}; Ctrl-C stops it\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void mock.close().then(() => process.exit(0)));
