// The mock profile against Prism serving our description: no failure, every skip a mock's limit; and a
// description written elsewhere (its own policy values, a wrong example) is judged by the interface alone.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCHEMAS_DIR } from '../../contract/schemas.ts';
import { startMock, type MockDeployment } from '../../src/run/mock.ts';
import type { CliResult } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

/** A copy of schemas/ whose openapi.yaml has each [from, to] replaced, as a description written elsewhere might read. */
function describedAs(replacements: [string, string][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-description-'));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  const spec = join(dir, 'openapi.yaml');
  let text = readFileSync(spec, 'utf8');
  for (const [from, to] of replacements) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  writeFileSync(spec, text);
  return spec;
}

describe('the mock profile', () => {
  test.concurrent('against the local Prism mock of schemas/openapi.yaml: no failure, and only skips a mock cannot help', async () => {
    const r = await runner.run(['--profile', 'mock']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(the local Prism mock of schemas/openapi.yaml), profile mock');
    const report = r.report!;
    expect(report.summary.failed).toBe(0);
    expect(report.target.profile).toBe('mock');
    for (const c of report.checks.filter((c) => c.outcome === 'skipped')) expect(c.message).toMatch(/^mock profile: /);
    // the documented errors, asked for with Prefer, were all produced and judged: 401 and 403 of nine operations, 404 of four
    const documented = report.checks.filter((c) => c.title.includes('(Prefer: code='));
    expect(documented.map((c) => c.outcome)).toEqual(Array(22).fill('passed'));
    // shapes, limits, wrappers, types and ids are judged on a mock
    for (const id of [
      'CHAOS-RESPONSE',
      'CHAOS-PERCENTAGE-LIMIT',
      'GEN-WRAP-REQUEST',
      'CHAOS-TYPES',
      'ID-MOCK-API-LENGTH',
      'AUTH-401-MISSING',
      'PUSH-STATUS',
      'JOB-LINKS',
      'LR-BODY',
    ]) {
      expect(
        report.checks.some((c) => c.requirement === id && c.outcome === 'passed'),
        id,
      ).toBe(true);
    }
  });

  // A published description of the interface that names its own policy values, as a deployment written
  // elsewhere may: the run must send only the value its user names, and send no push without one.
  describe('a description whose outOfSyncPolicy is an enum of two other words', () => {
    const POLICY = 'outOfSyncPolicy: { type: string, enum: [KEEP_REMOTE, KEEP_LOCAL] }';
    const LINK = 'self: /v1/mock-apis/a1b2c3d4/jobs/0b6f3c1e-9d2a-4c7b-8e5f-1a2b3c4d5e6f';
    let enumMock: MockDeployment;
    let wrongLinkMock: MockDeployment;
    beforeAll(async () => {
      [enumMock, wrongLinkMock] = await Promise.all([
        startMock({ spec: describedAs([['outOfSyncPolicy: { type: string }', POLICY]]) }),
        startMock({
          spec: describedAs([
            ['outOfSyncPolicy: { type: string }', POLICY],
            [LINK, 'self: /v1/jobs/0b6f3c1e-9d2a-4c7b-8e5f-1a2b3c4d5e6f'],
          ]),
        }),
      ]);
    });
    afterAll(() => Promise.all([enumMock.close(), wrongLinkMock.close()]));

    const run = (mock: MockDeployment, env: Record<string, string> = {}) => runner.run(['--profile', 'mock', '--base-url', mock.baseUrl], env);
    // the checks a push's consent or answer can change: those of the push-jobs area and every other check of the push
    // operation; what else the two descriptions are judged on is the whole run's that expects JOB-LINKS alone to fail
    const ofPush = (mock: MockDeployment, env: Record<string, string>) =>
      runner.run(['--profile', 'mock', '--base-url', mock.baseUrl, '--only', '^push-jobs/|pushOpenApiToGit'], env);
    /** The first failures in full, for an assertion's message: what went wrong, not only that it did. */
    const failures = (r: CliResult) =>
      (r.report?.checks ?? [])
        .filter((c) => c.outcome === 'failed')
        .slice(0, 3)
        .map((c) => `${c.title}\n${c.message}`)
        .join('\n---\n') || r.stderr;
    // the push and job checks a mock can answer: not those that hold a job's times to the push (the example's are fixed)
    const pushOrJob = (c: { requirement: string; title: string; message: string }) =>
      (/^(PUSH|JOB)-/.test(c.requirement) || c.title.startsWith('GEN-WRAP-RESPONSE pushOpenApiToGit')) && !c.message.startsWith('mock profile: ');

    test.concurrent('without MOCKAPI_PUSH_POLICY: no failure, and every push check skipped, naming the variable and what a push does', async () => {
      const r = await ofPush(wrongLinkMock, {});
      expect(r.code, failures(r)).toBe(0);
      const push = r.report!.checks.filter(pushOrJob);
      expect(push.length).toBeGreaterThan(10);
      for (const c of push)
        expect(c.message, c.title).toMatch(
          /^not configured: set MOCKAPI_PUSH_POLICY \(consent to push, .*pushes the mock API's OpenAPI document to its connected Git repository\)$/,
        );
    });

    test.concurrent('with one of the two words: every push and job check passes', async () => {
      const r = await ofPush(enumMock, { MOCKAPI_PUSH_POLICY: 'KEEP_LOCAL' });
      expect(r.code, failures(r)).toBe(0);
      const push = r.report!.checks.filter(pushOrJob);
      expect(push.map((c) => c.outcome)).toEqual(push.map(() => 'passed'));
      expect(push.map((c) => c.requirement)).toEqual(
        expect.arrayContaining([
          'PUSH-STATUS',
          'PUSH-RESPONSE',
          'PUSH-TYPES',
          'JOB-TYPE',
          'JOB-STARTED',
          'JOB-FINISHED',
          'JOB-ELAPSED',
          'JOB-LINKS',
          'JOB-OUTCOME',
        ]),
      );
    });

    test.concurrent('with one of the two words and a wrong links.self: exactly JOB-LINKS fails', async () => {
      const r = await run(wrongLinkMock, { MOCKAPI_PUSH_POLICY: 'KEEP_REMOTE' });
      expect(r.code).toBe(1);
      const failed = r.report!.checks.filter((c) => c.outcome === 'failed');
      expect(
        failed.map((c) => [c.title, c.violated]),
        failures(r),
      ).toEqual([['JOB-LINKS links.self is built from the mock API id and the job id', ['JOB-LINKS']]]);
    });

    test.concurrent('with a word the description does not allow: one PUSH-STATUS failure that shows the body and quotes the allowed values', async () => {
      const r = await ofPush(enumMock, { MOCKAPI_PUSH_POLICY: 'FAIL' });
      expect(r.code).toBe(1);
      const failed = r.report!.checks.filter((c) => c.outcome === 'failed');
      expect(
        failed.map((c) => c.requirement),
        failures(r),
      ).toEqual(['PUSH-STATUS']);
      expect(failed[0]!.message).toContain('actual:   422 (application/json) {"errors":');
      expect(failed[0]!.message).toContain('the deployment lists the allowed values: KEEP_REMOTE, KEEP_LOCAL (set MOCKAPI_PUSH_POLICY to one of them)');
      const job = r.report!.checks.filter((c) => c.requirement.startsWith('JOB-') && pushOrJob(c));
      for (const c of job)
        expect(c).toMatchObject({ outcome: 'errored', message: 'the push was refused (status 422), so no job came back to judge; PUSH-STATUS says why' });
    });
  });

  test('npm run mock prints the .env lines of a running mock and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/mock-main.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
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
