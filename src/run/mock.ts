// The local mock deployment: Prism (@stoplight/prism-cli: a devDependency here, an optional peer dependency of
// the installed package, see PRISM_ADVICE) serving schemas/openapi.yaml on
// 127.0.0.1. Started for `npm run mock`, for `--profile mock` without a base URL, and by our tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Fixtures } from '../../contract/fixtures.ts';
import { SOURCE_EXTENSION } from '../../contract/package-root.ts';
import { SCHEMAS_DIR } from '../../contract/schemas.ts';

export interface MockDeployment {
  baseUrl: string;
  close(): Promise<void>;
}

/** The Prism our tests run and whose answers the mock profile's checks are written against. */
const PRISM_VERSION = '5.14.2';

/** How to install Prism: in a checkout it is a devDependency; beside an installed package, an optional peer. */
const INSTALL_PRISM =
  SOURCE_EXTENSION === '.ts'
    ? 'npm ci in the project installs it (a devDependency)'
    : `npm install @stoplight/prism-cli@${PRISM_VERSION} beside mockapi-conformance (with npx: npx -p mockapi-conformance -p @stoplight/prism-cli@${PRISM_VERSION} mockapi-conformance --profile mock)`;

/** Why `--profile mock` without a base URL cannot run, and the exact command that fixes it: one line. */
export const PRISM_ADVICE = `--profile mock without --base-url starts the local Prism mock, which is not installed: ${INSTALL_PRISM}`;

/** Prism's command, or undefined where the package is not installed (an install without it beside, or without devDependencies). */
export function prismBin(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
    const bin = join(dirname(pkg), 'dist', 'index.js');
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** A port that was free a moment ago: Prism cannot pick its own (it takes no port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startMock(options: { port?: number; spec?: string } = {}): Promise<MockDeployment> {
  const bin = prismBin();
  if (!bin) throw new Error(`the local Prism mock (@stoplight/prism-cli ${PRISM_VERSION}) is not installed: ${INSTALL_PRISM}`);
  const port = options.port || (await freePort());
  const spec = options.spec ?? join(SCHEMAS_DIR, 'openapi.yaml');
  const child = spawn(process.execPath, [bin, 'mock', '-h', '127.0.0.1', '-p', String(port), spec], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  // Ready when Prism says so; not a moment before, and without sleeping.
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Prism is listening on http://127.0.0.1:${port}`)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Prism stopped before it was ready (exit ${code}): ${output.trim().split('\n').slice(-3).join(' ')}`)));
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Fixtures for a mock deployment, which keeps no data: ids of the right shape name something there. Taken
 * from the examples of schemas/openapi.yaml where they show one. A user's own values win.
 */
export const MOCK_FIXTURES: Required<Fixtures> = {
  mockApiId: 'a1b2c3d4',
  organisationId: 'org-1a2b3c',
  dataSourceId: 'ds-people',
  deletableDataSourceId: 'ds-archive',
  teamId: 'team-qa',
  teamMemberId: 'user-alan',
  requestId: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
};
