// `npm run reference`: the script a newcomer starts by hand, run as a child process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allFaults, FAULT_NAMES } from '../../reference/faults.ts';
import { FREEDOM_NAMES } from '../../reference/freedoms.ts';
import { FIXTURE_VARIABLES } from '../../contract/fixtures.ts';
import { FORBIDDEN_BODY, send } from './helpers.ts';
import { BIN } from '../support/cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VARIABLES = ['MOCKAPI_BASE_URL', 'MOCKAPI_TOKEN', 'MOCKAPI_FORBIDDEN_TOKEN', ...Object.values(FIXTURE_VARIABLES), 'MOCKAPI_PUSH_POLICY'];

/** The comment of the .env block that gives a key that may read but not write. */
const READ_ONLY_COMMENT = '# a key that may read but not write: MOCKAPI_TOKEN=';

const children: ChildProcessWithoutNullStreams[] = [];

function start(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const { MOCKAPI_REFERENCE_FAULTS: _, MOCKAPI_REFERENCE_VARIATIONS: __, MOCKAPI_REFERENCE_FREEDOMS: ___, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts', ...args], { cwd: ROOT, env: { ...inherited, ...env } });
  children.push(child);
  return child;
}

// Each test stops what it started; this is for a test that failed halfway.
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function collect(stream: NodeJS.ReadableStream): () => string {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  return () => text;
}

/** The .env block, once all of its lines have been printed. */
function envBlock(child: ChildProcessWithoutNullStreams): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      // the comment that gives the key that may only read, printed last, is no variable
      const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
      if (text.endsWith('\n') && lines.length >= VARIABLES.length && text.includes(READ_ONLY_COMMENT)) {
        resolve(new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])));
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing the .env block: ${text}`)));
  });
}

async function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

// Concurrent: each test is its own process, and starting Node with tsx is most of their time.
describe.concurrent('npm run reference', () => {
  it('prints the eleven variables of a ready .env block and serves what they name', async () => {
    const child = start(['--port', '0']);
    const stderr = collect(child.stderr);
    const env = await envBlock(child);
    expect([...env.keys()].sort()).toEqual([...VARIABLES].sort());
    for (const value of env.values()) expect(value).toMatch(/^\S+$/);
    const baseUrl = env.get('MOCKAPI_BASE_URL')!;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await send(baseUrl, 'GET', `/v1/organisations/${env.get('MOCKAPI_ORGANISATION_ID')}`, {}, env.get('MOCKAPI_TOKEN')!);
    expect(answer.status).toBe(200);
    const forbidden = await send(baseUrl, 'GET', `/v1/organisations/${env.get('MOCKAPI_ORGANISATION_ID')}`, {}, env.get('MOCKAPI_FORBIDDEN_TOKEN')!);
    expect(forbidden.status).toBe(403);
    const logged = await send(
      baseUrl,
      'GET',
      `/v1/mock-apis/${env.get('MOCKAPI_MOCK_API_ID')}/requests/${env.get('MOCKAPI_REQUEST_ID')}`,
      {},
      env.get('MOCKAPI_TOKEN')!,
    );
    expect(logged.status).toBe(200);
    expect(stderr()).toBe(`reference deployment listening on ${baseUrl}; no fault on; no freedom on; Ctrl-C stops it\n`);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('gives in a comment a key that may read but not write: its writes are answered 403 Forbidden', async () => {
    const child = start(['--port', '0']);
    const stdout = collect(child.stdout);
    const env = await envBlock(child);
    const readOnly = stdout()
      .split('\n')
      .find((line) => line.startsWith(READ_ONLY_COMMENT))!
      .slice(READ_ONLY_COMMENT.length);
    expect(readOnly).toMatch(/^\S{24,}$/);
    const [baseUrl, path] = [env.get('MOCKAPI_BASE_URL')!, `/v1/organisations/${env.get('MOCKAPI_ORGANISATION_ID')}`];
    expect((await send(baseUrl, 'GET', path, {}, readOnly)).status).toBe(200);
    const write = await send(baseUrl, 'PUT', path, { body: { organisation: { name: 'Renamed' } } }, readOnly);
    expect([write.status, write.json]).toEqual([403, FORBIDDEN_BODY]);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it("is the command's reference subcommand too: the same block, and the usage names the command it was called by", async () => {
    const child = spawn(process.execPath, [BIN, 'reference', '--port', '0'], { cwd: ROOT, env: process.env });
    children.push(child);
    const env = await envBlock(child);
    expect([...env.keys()].sort()).toEqual([...VARIABLES].sort());
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    const wrong = spawn(process.execPath, [BIN, 'reference', '--verbose'], { cwd: ROOT, env: process.env });
    const stderr = collect(wrong.stderr);
    expect(await exitOf(wrong)).toBe(2);
    expect(stderr()).toBe(
      "reference: unknown argument '--verbose'; usage: mockapi-conformance reference [--port N] [--faults name,name] [--freedoms name,name] [--variations] | --list-faults | --list-freedoms\n",
    );
  });

  it('stops cleanly on SIGINT', async () => {
    const child = start([]);
    await envBlock(child);
    child.kill('SIGINT');
    expect(await exitOf(child)).toBe(0);
  });

  it('switches on the faults of --faults, and says which are on', async () => {
    const child = start(['--faults', 'push-status-200,auth-401-wording']);
    const stderr = collect(child.stderr);
    const env = await envBlock(child);
    const answer = await send(
      env.get('MOCKAPI_BASE_URL')!,
      'PUT',
      `/v1/mock-apis/${env.get('MOCKAPI_MOCK_API_ID')}/open-api/push`,
      { body: { push: {} } },
      env.get('MOCKAPI_TOKEN')!,
    );
    expect(answer.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(stderr()).toMatch(/; faults on: push-status-200, auth-401-wording; no freedom on; Ctrl-C stops it\n$/);
  });

  it('switches on the faults of MOCKAPI_REFERENCE_FAULTS, and says which are on', async () => {
    const child = start(['--port=0'], { MOCKAPI_REFERENCE_FAULTS: 'not-found-code-string' });
    const stderr = collect(child.stderr);
    const env = await envBlock(child);
    const answer = await send(env.get('MOCKAPI_BASE_URL')!, 'GET', '/v1/none', {}, env.get('MOCKAPI_TOKEN')!);
    expect(answer.json).toEqual({ code: '404', message: 'HTTP 404 Not Found' });
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(stderr()).toMatch(/; faults on: not-found-code-string; no freedom on; Ctrl-C stops it\n$/);
  });

  it('switches variations on with --variations, and says so', async () => {
    const child = start(['--variations']);
    const stderr = collect(child.stderr);
    const env = await envBlock(child);
    const answer = await send(env.get('MOCKAPI_BASE_URL')!, 'GET', `/v1/organisations/${env.get('MOCKAPI_ORGANISATION_ID')}`, {}, env.get('MOCKAPI_TOKEN')!);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(stderr()).toMatch(/; no fault on; every freedom on \(variations\); Ctrl-C stops it\n$/);
  });

  it('switches on the freedoms of --freedoms and of MOCKAPI_REFERENCE_FREEDOMS, and says which are on', async () => {
    for (const child of [start(['--freedoms', 'media-type-charset']), start([], { MOCKAPI_REFERENCE_FREEDOMS: 'media-type-charset' })]) {
      const stderr = collect(child.stderr);
      const env = await envBlock(child);
      const answer = await send(env.get('MOCKAPI_BASE_URL')!, 'GET', '/v1/none', {}, env.get('MOCKAPI_TOKEN')!);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
      expect(stderr()).toMatch(/; no fault on; freedoms on: media-type-charset; Ctrl-C stops it\n$/);
    }
  });

  it('switches variations on with MOCKAPI_REFERENCE_VARIATIONS=1', async () => {
    const child = start([], { MOCKAPI_REFERENCE_VARIATIONS: '1' });
    const env = await envBlock(child);
    const answer = await send(env.get('MOCKAPI_BASE_URL')!, 'GET', '/v1/none', {}, env.get('MOCKAPI_TOKEN')!);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it.each([['--help'], ['-h']])('%s prints the usage and what it serves, and exits 0 without serving', async (flag) => {
    const child = start([flag]);
    const stdout = collect(child.stdout);
    expect(await exitOf(child)).toBe(0);
    expect(stdout()).toMatch(/^usage: npm run reference -- \[--port N\] .*\nServes the reference deployment/);
    // each flag explained: the port, the faults, what the variations are, the list
    for (const flag of ['--port N', '--faults a,b', '--variations', '--list-faults']) expect(stdout()).toMatch(new RegExp(`^  ${flag} +\\S`, 'm'));
    expect(stdout()).toContain('every freedom at once');
  });

  it('--list-faults prints one line per fault and exits 0 without serving', async () => {
    const child = start(['--list-faults']);
    const stdout = collect(child.stdout);
    expect(await exitOf(child)).toBe(0);
    const lines = stdout().trimEnd().split('\n');
    expect(lines.length).toBe(FAULT_NAMES.length);
    expect(lines[0]).toMatch(new RegExp(`^${FAULT_NAMES[0]} +${(await allFaults())[0]!.breaks} +\\S`));
  });

  it('--list-freedoms prints one line per freedom and exits 0 without serving', async () => {
    const child = start(['--list-freedoms']);
    const stdout = collect(child.stdout);
    expect(await exitOf(child)).toBe(0);
    const lines = stdout().trimEnd().split('\n');
    expect(lines.length).toBe(FREEDOM_NAMES.length);
    expect(lines[0]).toMatch(new RegExp(`^${FREEDOM_NAMES[0]} +\\S.*\\(bends `));
  });

  it.each<[string[], string | RegExp, Record<string, string>?]>([
    [['--port', 'eighty'], "reference: --port must be an integer from 0 to 65535, not 'eighty'"],
    [['--port', '65536'], "reference: --port must be an integer from 0 to 65535, not '65536'"],
    [['--port', '-1'], "reference: --port must be an integer from 0 to 65535, not '-1'"],
    [
      ['--port'],
      'reference: --port needs a value; usage: npm run reference -- [--port N] [--faults name,name] [--freedoms name,name] [--variations] | --list-faults | --list-freedoms',
    ],
    [
      ['--verbose'],
      "reference: unknown argument '--verbose'; usage: npm run reference -- [--port N] [--faults name,name] [--freedoms name,name] [--variations] | --list-faults | --list-freedoms",
    ],
    [
      ['--variations=1'],
      "reference: unknown argument '--variations=1'; usage: npm run reference -- [--port N] [--faults name,name] [--freedoms name,name] [--variations] | --list-faults | --list-freedoms",
    ],
    [['--faults', 'nope'], 'reference: unknown fault: nope (mockapi-conformance reference --list-faults lists them)'],
    [['--freedoms', 'nope'], 'reference: unknown freedom: nope (mockapi-conformance reference --list-freedoms lists them)'],
    [[], 'reference: unknown freedom: nope (mockapi-conformance reference --list-freedoms lists them)', { MOCKAPI_REFERENCE_FREEDOMS: 'nope' }],
    [[], "reference: MOCKAPI_REFERENCE_VARIATIONS must be 1 or 0, not 'maybe'", { MOCKAPI_REFERENCE_VARIATIONS: 'maybe' }],
  ])('exits 2 with one line on stderr for %j', async (args, message, env = {}) => {
    const child = start(args, env);
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    expect(await exitOf(child)).toBe(2);
    expect(stdout()).toBe('');
    const lines = stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
