// The library face (src/index.ts): runConformance takes its options as the command takes its flags.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { keyFingerprint } from '../../src/run/deletions.ts';
import { runConformance } from '../../src/index.ts';
import { compiledWhenEnded } from '../../bench/compiled.ts';

const execFileAsync = promisify(execFile);

/**
 * A module of the package as an installed one is loaded, for the scripts below that use the library in a process of
 * their own: the JavaScript the global set-up compiled (bench/compiled.ts), under plain Node, no TypeScript loader.
 */
async function compiled(module: string): Promise<string> {
  return JSON.stringify(pathToFileURL(join((await compiledWhenEnded(inject('compiledDir'))).dir, module)).href);
}

test('runConformance takes a key that begins with a dash as the key, not as another flag', async () => {
  // base64url keys begin with "-" one time in 64; nothing listens on port 1, so the run ends before any check
  const result = await runConformance({ baseUrl: 'http://127.0.0.1:1', token: '-key-with-a-dash', forbiddenToken: '-another', only: '-pattern' });
  expect(result.exitCode).toBe(3);
  expect(result.report).toBeUndefined();
});

test('an output that throws before the checks: runConformance rejects with its error, and what it started keeps no process alive', async () => {
  // the worker starts while the target is opened (src/vitest/run.ts): it must be stopped when the run ends before it
  const script = `const { runConformance } = await import(${await compiled('src/index.js')}); try { await runConformance({ only: 'ORG-IDENTITY', output: (text) => { if (text.startsWith('Verifying')) throw new Error('no room on the output'); } }); } catch (error) { process.stdout.write('rejected: ' + error.message); }`;
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: mkdtempSync(join(tmpdir(), 'mockapi-conformance-library-')),
    encoding: 'utf8',
    // a process kept alive by an open channel or a waiting worker is killed here, and the test fails
    timeout: 60_000,
  });
  expect(stdout).toBe('rejected: no room on the output');
});

describe('what runConformance remembers', () => {
  const references: ReferenceDeployment[] = [];
  afterAll(() => Promise.all(references.map((r) => r.close())));

  /** runConformance in a process of its own, in cwd, deleting the deletable data source of reference */
  async function runIn(cwd: string, reference: ReferenceDeployment, stateFile?: string | false) {
    const { token, deletableDataSourceId } = reference.fixtures;
    const options = {
      baseUrl: reference.baseUrl,
      token,
      fixtures: { deletableDataSourceId },
      only: '^data-sources/delete-existing',
      ...(stateFile !== undefined && { stateFile }),
    };
    const script = `const { runConformance } = await import(${await compiled('src/index.js')}); const r = await runConformance(${JSON.stringify(options)}); process.stdout.write(JSON.stringify(r.report.checks.map((c) => [c.outcome, c.message])));`;
    // not spawnSync, which would hold this process, where the reference answers, until the run gave up
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' });
    return JSON.parse(stdout) as [string, string][];
  }
  const started = async () => {
    const reference = await startReference({ port: 0, faults: [] });
    references.push(reference);
    return reference;
  };

  test('left out, or false: nothing is written into the working directory, so a second run finds the fixture gone and says it cannot judge', async () => {
    const reference = await started();
    const cwd = mkdtempSync(join(tmpdir(), 'mockapi-conformance-library-'));
    expect((await runIn(cwd, reference)).map(([outcome]) => outcome)).toEqual(['passed']);
    expect(readdirSync(cwd)).toEqual([]);
    const [[outcome, message]] = (await runIn(cwd, reference, false)) as [[string, string]];
    expect(outcome).toBe('errored');
    expect(message).toMatch(/^fixture problem: .*\(this run keeps no state file\)/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  test('a path: the deletes are kept there, with a fingerprint of the key and never the key, and the next run skips what was consumed', async () => {
    const reference = await started();
    const cwd = mkdtempSync(join(tmpdir(), 'mockapi-conformance-library-'));
    const file = join(cwd, 'state.jsonl');
    expect((await runIn(cwd, reference, file)).map(([outcome]) => outcome)).toEqual(['passed']);
    expect(readdirSync(cwd)).toEqual(['state.jsonl']);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(reference.fixtures.token);
    expect(JSON.parse(text)).toMatchObject({
      deployment: reference.baseUrl,
      fixture: 'MOCKAPI_DELETABLE_DATA_SOURCE_ID',
      key: keyFingerprint(reference.fixtures.token),
    });
    const [[outcome, message]] = (await runIn(cwd, reference, file)) as [[string, string]];
    expect(outcome).toBe('errored');
    expect(message).toMatch(/^consumed: an earlier run deleted /);
  });
});

describe("conformanceProject's global setup reads what docs/library.md says", () => {
  /** The project's global setup as vitest calls it, with a project of no options, in a folder of its own: what it wrote on stderr. */
  async function setupSays(variables: Record<string, string>): Promise<string> {
    const setup = await compiled('src/vitest/project-setup.js');
    const script = `const { default: setup } = await import(${setup}); const close = await setup({ getProvidedContext: () => ({ conformance: {} }), provide: () => {}, onTestsRerun: () => {} }); await close();`;
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MOCKAPI_'))), ...variables };
    const cwd = mkdtempSync(join(tmpdir(), 'mockapi-conformance-library-'));
    const { stderr } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], { cwd, env, encoding: 'utf8', timeout: 60_000 });
    return stderr;
  }

  test('it names the target before the checks: the embedded reference and why, where no base URL was given; else the base URL', async () => {
    expect(await setupSays({})).toMatch(
      /^mockapi-conformance: verifying http:\/\/127\.0\.0\.1:\d+ \(the embedded reference deployment\): no base URL was given \(MOCKAPI_BASE_URL, or baseUrl in conformanceProject\)\n$/,
    );
    const reference = await startReference({ port: 0, faults: [] });
    try {
      expect(await setupSays(runEnvironment(reference))).toBe(`mockapi-conformance: verifying ${reference.baseUrl}\n`);
    } finally {
      await reference.close();
    }
  });

  test("no config file: a config's environment (MOCKAPI_ENV) names no base URL, the key of the variable it names goes nowhere, and the embedded reference given that key is refused", async () => {
    const keys: string[] = [];
    const elsewhere = createServer((req, res) => {
      keys.push(req.headers.authorization ?? '');
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'mockapi-conformance-library-'));
      const baseUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      writeFileSync(
        join(cwd, 'mockapi-conformance.config.json'),
        JSON.stringify({ environments: { staging: { baseUrl, tokenVariable: 'MOCKAPI_TOKEN_STAGING' } } }),
      );
      // the project's global setup as vitest calls it, with a project of no options
      const setup = await compiled('src/vitest/project-setup.js');
      const script = `const { default: setup } = await import(${setup}); const close = await setup({ getProvidedContext: () => ({ conformance: {} }), provide: () => {}, onTestsRerun: () => {} }); await close(); process.stdout.write('opened and closed');`;
      const env = { ...process.env, MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'staging-key-of-yours' };
      const run = execFileAsync(process.execPath, ['--input-type=module', '-e', script], { cwd, env, encoding: 'utf8', timeout: 60_000 });
      const { stdout } = await run.catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout}${error.stderr}` }));
      expect(keys).toEqual([]);
      // without a base URL the embedded reference deployment, which a named environment's key makes an error
      expect(stdout).not.toContain('opened and closed');
      expect(stdout).toMatch(
        /MOCKAPI_TOKEN_STAGING is the key of a named environment, and with no base URL the run would verify the embedded reference deployment/,
      );
      expect(stdout).not.toContain('staging-key-of-yours');
    } finally {
      elsewhere.close();
    }
  });
});
