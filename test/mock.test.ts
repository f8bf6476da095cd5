// The mock profile against Prism serving our description: no failure, every skip a mock's limit; and a
// description with a wrong example makes the mock profile fail on the requirement the example breaks.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCHEMAS_DIR } from '../src/contract/schemas.ts';
import { startMock, type MockDeployment } from '../src/mock.ts';
import { runCli } from './support/cli.ts';

describe('the mock profile', () => {
  test.concurrent('against the local Prism mock of schemas/openapi.yaml: no failure, and only skips a mock cannot help', async () => {
    const r = await runCli(['--profile', 'mock']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(the local Prism mock of schemas/openapi.yaml), profile mock');
    const report = r.report!;
    expect(report.summary.failed).toBe(0);
    expect(report.target.profile).toBe('mock');
    for (const c of report.checks.filter((c) => c.status === 'skipped')) expect(c.message).toMatch(/^mock profile: /);
    // the documented errors, asked for with Prefer, were all produced and judged: 401 and 403 of nine operations, 404 of four
    const documented = report.checks.filter((c) => c.title.includes('(Prefer: code='));
    expect(documented.map((c) => c.status)).toEqual(Array(22).fill('passed'));
    // shapes, limits, wrappers, types and ids are judged on a mock
    for (const id of ['CHAOS-RESPONSE', 'CHAOS-PERCENTAGE-LIMIT', 'GEN-WRAP-REQUEST', 'CHAOS-TYPES', 'ID-MOCK-API-LENGTH', 'AUTH-401-MISSING', 'PUSH-STATUS', 'JOB-LINKS', 'LR-BODY']) {
      expect(report.checks.some((c) => c.requirement === id && c.status === 'passed'), id).toBe(true);
    }
  });

  describe('with a description whose push example links the job wrongly', () => {
    let mock: MockDeployment;
    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'conformance-wrong-example-'));
      cpSync(SCHEMAS_DIR, dir, { recursive: true });
      const spec = join(dir, 'openapi.yaml');
      const text = readFileSync(spec, 'utf8');
      const wrong = text.replace('self: /v1/mock-apis/a1b2c3d4/jobs/0b6f3c1e-9d2a-4c7b-8e5f-1a2b3c4d5e6f', 'self: /v1/jobs/0b6f3c1e-9d2a-4c7b-8e5f-1a2b3c4d5e6f');
      expect(wrong).not.toBe(text);
      writeFileSync(spec, wrong);
      mock = await startMock({ spec });
    });
    afterAll(() => mock.close());

    test('the mock profile fails on JOB-LINKS', async () => {
      const r = await runCli(['--profile', 'mock', '--base-url', mock.baseUrl]);
      expect(r.code).toBe(1);
      const failed = r.report!.checks.filter((c) => c.status === 'failed');
      expect(failed.filter((c) => c.violated.includes('JOB-LINKS')).map((c) => c.title)).toEqual(['JOB-LINKS links.self is built from the mock API id and the job id']);
    });
  });

  test('npm run mock prints the .env lines of a running mock and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/mock-main.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        stdout += d;
        if (stdout.includes('MOCKAPI_PROFILE=mock\n')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before printing its .env lines`)));
    });
    const baseUrl = /^MOCKAPI_BASE_URL=(http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)![1]!;
    const answer = await fetch(`${baseUrl}/v1/organisations/org-1a2b3c`);
    expect(answer.status).toBe(401);
    expect(await answer.text()).toBe('Credentials are required to access this resource.');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
