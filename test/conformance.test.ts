// The command end to end: a full run against the embedded reference deployment passes with nothing
// skipped; against a deployment given by URL it uses exactly the fixtures named; configuration errors and
// unreachable targets get their exit codes. Faults and variations: test/fault-matrix.test.ts.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runEnvironment } from '../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../reference/server.ts';
import { SEED } from '../reference/store.ts';
import { REQUIREMENTS } from '../src/requirements.ts';
import { runCli } from './support/cli.ts';

describe('a full run against the embedded reference deployment', () => {
  let result: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    result = await runCli([]);
  });

  test('exits 0 with no failed and no skipped check', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.report!.summary).toMatchObject({ failed: 0, skipped: 0 });
    expect(result.report!.summary.passed).toBeGreaterThan(140);
    expect(result.report!.errors).toEqual([]);
  });

  test('every check cites a requirement of the register in its title', () => {
    const ids = new Set(REQUIREMENTS.map((r) => r.id));
    for (const check of result.report!.checks) {
      expect(ids.has(check.requirement), check.title).toBe(true);
      expect(check.title.startsWith(`${check.requirement} `)).toBe(true);
    }
  });

  test('prints a summary per area and the closing line', () => {
    for (const area of ['authentication', 'chaos-settings', 'data-sources', 'identifiers', 'logged-requests', 'organisations', 'push-jobs', 'state-settings', 'teams']) {
      expect(result.stdout).toMatch(new RegExp(`ok +${area} +\\d+ passed +0 failed +0 skipped`));
    }
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed, 0 skipped; \d+ requests in [\d.]+ s$/m);
  });

  test('the JSON report has the summary, the target without a key, and every check', () => {
    const report = result.report!;
    expect(report.summary.requests).toBeGreaterThan(100);
    expect(report.summary.durationMs).toBeGreaterThan(0);
    expect(report.target).toMatchObject({ profile: 'live', embedded: true });
    expect(report.target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(report.target).sort()).toEqual(['baseUrl', 'embedded', 'profile']);
    for (const check of report.checks) {
      expect(check).toMatchObject({ status: 'passed', level: expect.stringMatching(/^(must|should)$/) });
      expect(check.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(check.startedAt!) - Date.now())).toBeLessThan(120_000);
      expect(check.id).toMatch(/^[a-z-]+\/[a-z0-9-]+$/);
    }
    expect(new Set(report.checks.map((c) => c.id)).size).toBe(report.checks.length);
  });
});

describe('a run against a deployment given by URL', () => {
  let reference: ReferenceDeployment;
  let env: Record<string, string>;
  beforeAll(async () => {
    reference = await startReference({ port: 0, faults: [] });
    env = {
      ...runEnvironment(reference),
      // the logged request whose body is not UTF-8: body and bodyAsBase64 compared by decoding
      MOCKAPI_REQUEST_ID: SEED.binaryRequestId,
    };
  });
  afterAll(() => reference.close());

  test('with every fixture set: no failure, no skip, and neither key in any output', async () => {
    const r = await runCli([], env);
    expect(r.code).toBe(0);
    expect(r.report!.summary).toMatchObject({ failed: 0, skipped: 0 });
    expect(r.report!.target.embedded).toBe(false);
    const lr = r.report!.checks.find((c) => c.requirement === 'LR-BODY')!;
    expect(lr.notes.join(' ')).toMatch(/not valid UTF-8/);
    for (const key of [reference.fixtures.token, reference.fixtures.forbiddenToken]) {
      expect(r.stdout).not.toContain(key);
      expect(r.stderr).not.toContain(key);
      expect(r.reportText).not.toContain(key);
    }
  });

  test('with only a key: checks that need a fixture are skipped with a reason naming its variable', async () => {
    const r = await runCli([], { MOCKAPI_BASE_URL: env.MOCKAPI_BASE_URL!, MOCKAPI_TOKEN: env.MOCKAPI_TOKEN! });
    expect(r.code).toBe(0);
    const skipped = r.report!.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(30);
    for (const c of skipped) expect(c.message).toMatch(/^not configured: set MOCKAPI_[A-Z_]+(, MOCKAPI_[A-Z_]+)*( \(consent to push, [^)]+\))?$/);
    expect(r.report!.summary.failed).toBe(0);
    // checks that need no fixture still ran: 401s on every operation, unknown ids
    expect(r.report!.checks.filter((c) => c.requirement === 'AUTH-401-MISSING' && c.status === 'passed')).toHaveLength(9);
  });

  test('--read-only skips every check that sends a request other than GET, saying why', async () => {
    const r = await runCli(['--read-only'], env);
    expect(r.code).toBe(0);
    const skipped = r.report!.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(50);
    for (const c of skipped) expect(c.message).toBe('read-only run: this check sends a request that can change data');
    expect(r.report!.checks.filter((c) => c.area === 'logged-requests' && c.status === 'passed').length).toBeGreaterThan(5);
  });
});

describe('--only', () => {
  test('runs the checks whose name matches and reports only those', async () => {
    const r = await runCli(['--only', '^team-']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Only the checks whose name matches /^team-/i');
    const checks = r.report!.checks;
    expect(checks.length).toBeGreaterThan(1);
    for (const c of checks) expect(c).toMatchObject({ requirement: expect.stringMatching(/^TEAM-/), status: 'passed' });
    expect(r.report!.summary).toMatchObject({ passed: checks.length, failed: 0, skipped: 0 });
  });

  test('a pattern that matches no check: one line, exit 2', async () => {
    const r = await runCli(['--only', 'no-check-is-called-this']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("mockapi-conformance: no check's name matches --only no-check-is-called-this");
  });
});

describe('exit codes', () => {
  test('an unknown flag: one line, exit 2', async () => {
    const r = await runCli(['--bse-url', 'http://127.0.0.1:1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mockapi-conformance: Unknown option '--bse-url'/);
  });

  test('a key without a base URL: one line, exit 2', async () => {
    const r = await runCli([], { MOCKAPI_TOKEN: 'k' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mockapi-conformance: MOCKAPI_TOKEN is set but no base URL/);
  });

  test('a deployment that refuses connections: one line before any check, exit 3', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const r = await runCli([], { MOCKAPI_BASE_URL: `http://127.0.0.1:${port}`, MOCKAPI_TOKEN: 'secret-key-123' });
    expect(r.code).toBe(3);
    expect(r.stderr.trim()).toMatch(new RegExp(`^mockapi-conformance: cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
    expect(r.stdout).not.toContain('RUN');
    expect(r.stderr + r.stdout).not.toContain('secret-key-123');
  });

  test('an unknown fault of the embedded reference: one line naming it and how to list them, exit 2', async () => {
    const r = await runCli([], { MOCKAPI_REFERENCE_FAULTS: 'no-such-fault' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mockapi-conformance: MOCKAPI_REFERENCE_FAULTS names an unknown fault: no-such-fault (npm run reference -- --list-faults lists them)\n');
  });

  test('a report that cannot be written: one line and exit 2 before any request', async () => {
    const r = await runCli(['--report-json', '/no/such/dir/r.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mockapi-conformance: --report-json: the directory /no/such/dir does not exist\n');
    expect(r.stdout).not.toContain('Verifying');
  });

  test('--help: the usage, exit 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: mockapi-conformance');
  });
});
