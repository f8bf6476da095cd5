// The command end to end: a full run against the embedded reference deployment passes with nothing
// skipped; against a deployment given by URL it uses exactly the fixtures named, and finds what only the update's
// answer breaks; configuration errors and unreachable targets get their exit codes. Faults and variations:
// test/e2e/fault-matrix.test.ts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { SEED } from '../../reference/store.ts';
import { REQUIREMENTS } from '../../contract/requirements.ts';
import { emptyDirectory, runCli, unjudgedReports } from '../support/cli.ts';
import { startFront } from '../support/front.ts';
import { useRunners } from '../support/runners.ts';
import { UNUSUAL_IDS } from '../support/unusual-ids.ts';
import { catalogue } from '../../src/harness/catalogue.ts';
import { keyFingerprint } from '../../src/run/deletions.ts';

// The first run is the command as a user types it (bin/, a process of its own); the others are made by a
// long-lived runner (test/support/runners.ts), one at a time: several share a deployment and what it keeps.
const runner = useRunners(1);

describe('a full run against the embedded reference deployment', () => {
  let result: Awaited<ReturnType<typeof runCli>>;
  /** when the run was started and when it had ended */
  let ran: { from: number; to: number };
  beforeAll(async () => {
    const from = Date.now();
    result = await runCli([]);
    ran = { from, to: Date.now() };
  });

  test('exits 0 with every check passed', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.report!.summary).toMatchObject({ failed: 0, warned: 0, errored: 0, skipped: 0 });
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
    for (const area of [
      'authentication',
      'chaos-settings',
      'data-sources',
      'identifiers',
      'logged-requests',
      'organisations',
      'push-jobs',
      'state-settings',
      'teams',
    ]) {
      expect(result.stdout).toMatch(new RegExp(`ok +${area} +\\d+ passed +0 failed +0 warned +0 errored +0 skipped`));
    }
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of \d+ checks judged, 0% skipped; \d+ requests in [\d.]+ s$/m);
  });

  test('the JSON report has the summary, the target without a key, and every check', async () => {
    const ids = (await catalogue()).map((e) => e.id);
    const report = result.report!;
    expect(report.summary.requests).toBeGreaterThan(100);
    expect(report.summary.durationMs).toBeGreaterThan(0);
    expect(report.target).toMatchObject({ profile: 'live', embedded: true });
    expect(report.target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(report.target).sort()).toEqual(['baseUrl', 'embedded', 'profile']);
    for (const check of report.checks) {
      expect(check).toMatchObject({ outcome: 'passed', level: expect.stringMatching(/^(must|should)$/) });
      expect(check.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(check.startedAt!)).toBeGreaterThanOrEqual(ran.from);
      expect(Date.parse(check.startedAt!)).toBeLessThanOrEqual(ran.to);
    }
    // a check's own time (JUnit's time): a one-request check's is its request's, not its wait among 300 checks (well
    // under half the run, however long a busy machine held that one request); together they are at most the run's
    // time for each request that can be in flight at once
    const oneRequest = report.checks.find((c) => c.id === 'authentication/getOrganisation/bearer-scheme-valid-key-401')!;
    expect(oneRequest.ownMs! * 2).toBeLessThan(report.summary.durationMs);
    expect(oneRequest.ownMs).toBeLessThanOrEqual(oneRequest.durationMs);
    const own = report.checks.reduce((sum, c) => sum + c.ownMs!, 0);
    expect(own).toBeLessThan(report.summary.durationMs * report.run.concurrency!);
    // each check under its stable id, the one the catalogue lists
    expect(new Set(report.checks.map((c) => c.id)).size).toBe(report.checks.length);
    expect(ids).toEqual(expect.arrayContaining(report.checks.map((c) => c.id)));
  });
});

describe('a run against a deployment given by URL, its fixtures under ids holding ä, :, @ and +', () => {
  let reference: ReferenceDeployment;
  let env: Record<string, string>;
  beforeAll(async () => {
    // ids outside ASCII and with reserved characters, percent-encoded in requests and in the deployment's links
    reference = await startReference({ port: 0, faults: [], ids: UNUSUAL_IDS });
    env = {
      ...runEnvironment(reference),
      // the logged request whose body is not UTF-8: body and bodyAsBase64 compared by decoding
      MOCKAPI_REQUEST_ID: SEED.binaryRequestId,
    };
  });
  afterAll(() => reference.close());

  test('with every fixture set: no failure, no skip, and neither key in any output', async () => {
    const r = await runner.run([], env);
    expect(r.code, r.stdout).toBe(0);
    expect(r.report!.summary).toMatchObject({ failed: 0, errored: 0, skipped: 0 });
    // the links the reference builds percent-encode the ids: JOB-LINKS, DS-LINKS and ORG-LINKS judge them
    for (const requirement of ['JOB-LINKS', 'DS-LINKS', 'ORG-LINKS']) {
      expect(
        r.report!.checks.filter((c) => c.requirement === requirement).map((c) => c.outcome),
        requirement,
      ).toEqual(['passed']);
    }
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
    const r = await runner.run([], { MOCKAPI_BASE_URL: env.MOCKAPI_BASE_URL!, MOCKAPI_TOKEN: env.MOCKAPI_TOKEN! });
    expect(r.code).toBe(0);
    const skipped = r.report!.checks.filter((c) => c.outcome === 'skipped');
    expect(skipped.length).toBeGreaterThan(30);
    for (const c of skipped) expect(c.message).toMatch(/^not configured: set MOCKAPI_[A-Z_]+(, MOCKAPI_[A-Z_]+)*( \(consent to push, [^)]+\))?$/);
    expect(r.report!.summary.failed).toBe(0);
    // checks that need no fixture still ran: 401s on every operation (without Authorization, and with the key
    // in 5 query parameters, cookies and X-API-Key instead), unknown ids
    expect(r.report!.checks.filter((c) => c.requirement === 'AUTH-401-MISSING' && c.outcome === 'passed')).toHaveLength(9 * 8);
  });

  test('--read-only skips every check that sends a request other than GET, saying why', async () => {
    const r = await runner.run(['--read-only'], env);
    expect(r.code).toBe(0);
    const skipped = r.report!.checks.filter((c) => c.outcome === 'skipped');
    expect(skipped.length).toBeGreaterThan(50);
    for (const c of skipped) expect(c.message).toBe('read-only run: this check sends a request that can change data');
    expect(r.report!.checks.filter((c) => c.area === 'logged-requests' && c.outcome === 'passed').length).toBeGreaterThan(5);
  });
});

/** Each answered update of an organisation with links.subscription moved under the organisation: a deviation only the update's answer shows. */
function subscriptionBrokenInUpdates(method: string, path: string, status: number, body: Buffer): Buffer {
  if (method !== 'PUT' || !path.startsWith('/v1/organisations/') || status !== 200) return body;
  const answer = JSON.parse(body.toString()) as { organisation: { id: string; links: Record<string, string> } };
  answer.organisation.links.subscription = `/v1/organisations/${answer.organisation.id}/subscription`;
  return Buffer.from(JSON.stringify(answer));
}

test("a subscription link broken only in the update's answer fails the rename check on ORG-LINKS, while the get's links pass", async () => {
  const reference = await startReference({ port: 0, faults: [] });
  const front = await startFront(reference.baseUrl, { rewrite: subscriptionBrokenInUpdates });
  try {
    const only = '^organisations/(update-changes-name-answer-later-get|links-built-organisation-id-acl-ids)$';
    const r = await runner.run(['--only', only], { ...runEnvironment(reference), MOCKAPI_BASE_URL: front.baseUrl });
    expect(r.code, r.stdout).toBe(1);
    const outcome = (id: string) => r.report!.checks.find((c) => c.id === id);
    expect(outcome('organisations/links-built-organisation-id-acl-ids')?.outcome).toBe('passed');
    expect(outcome('organisations/update-changes-name-answer-later-get')).toMatchObject({ outcome: 'failed', violated: ['ORG-LINKS'] });
    expect(outcome('organisations/update-changes-name-answer-later-get')?.message).toMatch(/links\.subscription = \/v1\/subscriptions\//);
  } finally {
    await front.close();
    await reference.close();
  }
});

describe('a second run against the same deployment and fixtures', () => {
  let reference: ReferenceDeployment;
  let env: Record<string, string>;
  beforeAll(async () => {
    reference = await startReference({ port: 0, faults: [] });
    env = runEnvironment(reference);
  });
  afterAll(() => reference.close());

  test('remembers what the first deleted, says those checks could not judge (exit 4), and fails nothing; elsewhere a missing fixture is its own problem', async () => {
    const cwd = emptyDirectory();
    const first = await runner.run([], env, { cwd });
    expect(first.code).toBe(0);
    expect(first.report!.summary).toMatchObject({ failed: 0, skipped: 0 });
    const state = readFileSync(join(cwd, '.mockapi-conformance-state.jsonl'), 'utf8');
    const lines = state
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.deployment, l.fixture, l.resource, l.status])).toEqual(
      expect.arrayContaining([
        [reference.baseUrl, 'MOCKAPI_DELETABLE_DATA_SOURCE_ID', '/v1/data-sources/ds-archive', 204],
        [reference.baseUrl, 'MOCKAPI_TEAM_MEMBER_ID', '/v1/teams/team-qa/members/user-alan', 204],
      ]),
    );
    expect(lines).toHaveLength(2);
    expect(state).not.toContain(reference.fixtures.token);
    // keyed by the key's fingerprint too: a deployment restarted on the same base URL with new keys starts afresh (test/run/deletions.test.ts)
    for (const l of lines) expect(l.key).toBe(keyFingerprint(reference.fixtures.token));

    const second = await runner.run([], env, { cwd });
    expect(second.code, second.stdout).toBe(4);
    expect(second.report!.summary).toMatchObject({ failed: 0, warned: 0, skipped: 0 });
    expect(second.stdout).toMatch(
      new RegExp(
        `^Deleted by an earlier run \\(${join(cwd, '.mockapi-conformance-state.jsonl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): /v1/data-sources/ds-archive at \\S+; the checks that delete it end errored \\(could not judge\\), sending nothing$`,
        'm',
      ),
    );
    const consumed = second.report!.checks.filter((c) => c.outcome === 'errored');
    // the delete checks, the update of the deleted data source, the sequences of deletes that follow them
    // (properties/sequences.ts) and the end-of-run checks (stillGone)
    expect(consumed.map((c) => c.requirement).sort()).toEqual([
      'AUTH-403',
      'AUTH-403',
      'AUTH-403-BODY',
      'AUTH-403-BODY',
      'DS-DELETE',
      'DS-DELETE-PERMANENT',
      'DS-DELETE-PERMANENT',
      'DS-DELETE-PERMANENT',
      'DS-DELETED-NOT-UPDATED',
      'TEAM-MEMBER-DELETE',
      'TEAM-MEMBER-GONE',
      'TEAM-MEMBER-GONE',
      'TEAM-MEMBER-GONE',
      'TEAM-MEMBER-THAT-TEAM',
    ]);
    expect(second.stdout).toMatch(/^Errored \(could not judge\):$/m);
    for (const c of consumed)
      expect(c.message).toMatch(
        /^consumed: an earlier run deleted \/v1\/(data-sources|teams)\/\S+ on this deployment at \S+ \(recorded in .+\); set MOCKAPI_(DELETABLE_DATA_SOURCE_ID|TEAM_MEMBER_ID) to one that exists/,
      );

    // another directory has no memory of those deletes: the fixtures answer 404, which is theirs to explain
    // (the forbidden key still gets its 403: the reference refuses permission before it looks for the resource)
    const elsewhere = await runner.run([], env);
    expect(elsewhere.code, elsewhere.stdout).toBe(4);
    expect(elsewhere.report!.summary.failed).toBe(0);
    const unjudged = elsewhere.report!.checks.filter((c) => c.outcome === 'errored');
    expect(unjudged.map((c) => c.requirement).sort()).toEqual([
      'DS-DELETE',
      'DS-DELETE-PERMANENT',
      'DS-DELETE-PERMANENT',
      'DS-DELETE-PERMANENT',
      'DS-DELETED-NOT-UPDATED',
      'TEAM-MEMBER-DELETE',
      'TEAM-MEMBER-GONE',
      'TEAM-MEMBER-GONE',
      'TEAM-MEMBER-GONE',
      'TEAM-MEMBER-THAT-TEAM',
    ]);
    for (const c of unjudged)
      expect(c.message).toMatch(
        /^fixture problem: MOCKAPI_(DELETABLE_DATA_SOURCE_ID|TEAM_MEMBER_ID) names .+, which answered 404 to the first delete this tool sent it, and no earlier run deleted it .*set MOCKAPI_\w+ to one that exists$/,
      );
  });
});

test("a forbidden key's 404 is a violation only for a fixture that exists: for one that is gone it is the fixture's problem", async () => {
  // this deployment answers the key without permission 404 on a data source delete (fault forbidden-delete-404)
  const hiding = await startReference({ port: 0, faults: ['forbidden-delete-404'] });
  try {
    const env = runEnvironment(hiding);
    const ds = `${hiding.baseUrl}/v1/data-sources/${hiding.fixtures.deletableDataSourceId}`;
    const present = await runner.run(['--only', 'deleteDataSource|^DS-DELETE'], env);
    expect(present.code).toBe(1);
    expect(
      present
        .report!.checks.filter((c) => c.outcome === 'failed')
        .map((c) => c.requirement)
        .sort(),
    ).toEqual(['AUTH-403', 'AUTH-403-BODY']);
    // gone, deleted by someone else: the same answers cannot be judged
    expect((await fetch(ds, { method: 'DELETE', headers: { Authorization: `Token ${hiding.fixtures.token}` } })).status).toBe(404);
    const gone = await runner.run(['--only', 'deleteDataSource|^DS-DELETE'], env);
    expect(gone.code, gone.stdout).toBe(4);
    const forbidden = gone.report!.checks.filter((c) => c.requirement.startsWith('AUTH-403') && c.title.includes('deleteDataSource'));
    expect(forbidden.map((c) => c.outcome)).toEqual(['errored', 'errored']);
    for (const c of forbidden) expect(c.message).toMatch(/^fixture problem: MOCKAPI_DELETABLE_DATA_SOURCE_ID names data source "ds-archive"/);
  } finally {
    await hiding.close();
  }
});

describe('--only', () => {
  test('runs the checks whose name matches and reports only those', async () => {
    const r = await runner.run(['--only', '^team-']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Only the checks whose id or name matches /^team-/i');
    const checks = r.report!.checks;
    expect(checks.length).toBeGreaterThan(1);
    for (const c of checks) expect(c).toMatchObject({ requirement: expect.stringMatching(/^TEAM-/), outcome: 'passed' });
    expect(r.report!.summary).toMatchObject({ passed: checks.length, failed: 0, skipped: 0 });
  });

  test('an anchored pattern finds the checks of every suite, those of the nine operations of authentication included', async () => {
    const r = await runner.run(['--only', '^AUTH-401-MISSING ']);
    expect(r.code).toBe(0);
    expect(r.report!.checks.map((c) => c.requirement)).toEqual(Array(9 * 8).fill('AUTH-401-MISSING'));
  });

  test('a pattern that matches no check: one line, exit 2, before the reference is started', async () => {
    const r = await runner.run(['--only', 'no-check-is-called-this']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("mockapi-conformance: no check's id or name matches --only no-check-is-called-this (--list shows every check)");
    expect(r.stdout).toMatch(/^JSON report: \S+\n$/);
  });

  test("an area's name picks every check of that area, and a check's id that check alone", async () => {
    const r = await runner.run(['--only', '^teams/|^organisations/generated-names-taken$']);
    expect(r.code, r.stderr).toBe(0);
    const ids = r.report!.checks.map((c) => c.id);
    expect(ids).toContain('organisations/generated-names-taken');
    expect(ids.filter((id) => !id.startsWith('teams/'))).toEqual(['organisations/generated-names-taken']);
    expect(ids.filter((id) => id.startsWith('teams/')).length).toBeGreaterThan(2);
    const area = await runner.run(['--only', 'organisations']);
    expect(area.code, area.stderr).toBe(0);
    expect(new Set(area.report!.checks.map((c) => c.area))).toEqual(new Set(['organisations']));
  });
});

describe('--max-failures', () => {
  test('with one request in flight, the first failed check ends the sending: every later check ends errored, saying why', async () => {
    const faults = { MOCKAPI_REFERENCE_FAULTS: 'chaos-percentage-above-100-accepted,chaos-status-201' };
    const r = await runner.run(['--max-failures', '1', '--concurrency', '1', '--only', '^CHAOS-'], faults);
    expect(r.code).toBe(1);
    const { summary, checks } = r.report!;
    expect(summary).toMatchObject({ failed: 1, passed: 0, warned: 0, skipped: 0 });
    expect(summary.errored).toBe(checks.length - 1);
    for (const c of checks.filter((c) => c.outcome === 'errored'))
      expect(c.message).toBe('not run: 1 check had failed, and --max-failures 1 stops the run from sending more once that many have');
    const failed = checks.find((c) => c.outcome === 'failed')!;
    expect(summary.requests, 'nothing is sent after the failed check').toBe(failed.evidence.length);
  });

  test('0 is no limit: refused, one line, exit 2', async () => {
    const r = await runner.run(['--max-failures', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('mockapi-conformance: --max-failures must be a whole number from 1 to 100000, not "0"');
  });
});

describe('exit codes', () => {
  test('an unknown flag: one line, exit 2', async () => {
    const r = await runner.run(['--bse-url', 'http://127.0.0.1:1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mockapi-conformance: Unknown option '--bse-url'/);
  });

  test('a key without a base URL: one line, exit 2; the reports asked for say so, under GitHub Actions an ::error and the step summary', async () => {
    const dir = emptyDirectory();
    const [junit, stepSummary] = [join(dir, 'r.xml'), join(dir, 'step.md')];
    const r = await runner.run(['--report-junit', junit], { MOCKAPI_TOKEN: 'k', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mockapi-conformance: MOCKAPI_TOKEN is set but no base URL/);
    const { said, exit, junit: cases } = await unjudgedReports(r, junit);
    expect(exit).toEqual({ code: 2, reason: said });
    expect(cases).toEqual([{ name: 'nothing judged (exit 2)', error: said }]);
    expect(r.stdout).toContain(`\n::error title=nothing judged (exit 2)::${said}\n`);
    // Markdown escapes what it would act on (MOCKAPI\_TOKEN): the words are the line's
    expect(readFileSync(stepSummary, 'utf8')).toMatch(/nothing judged \(exit 2\)[\s\S]*\n- MOCKAPI\\_TOKEN is set but no base URL: /);
  });

  test('a deployment that refuses connections: one line before any check, exit 3', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const junit = join(emptyDirectory(), 'r.xml');
    const r = await runner.run(['--report-junit', junit], { MOCKAPI_BASE_URL: `http://127.0.0.1:${port}`, MOCKAPI_TOKEN: 'secret-key-123' });
    expect(r.code).toBe(3);
    expect(r.stderr.trim()).toMatch(new RegExp(`^mockapi-conformance: cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
    // the target is opened before vitest starts (src/vitest/run.ts), so no worker was started; the reports say where they are
    expect(r.stdout.split('\n')).toEqual([expect.stringMatching(/^JSON report: \S+\/report\.json$/), `JUnit report: ${junit}`, '']);
    expect(r.stderr + r.stdout + r.reportText).not.toContain('secret-key-123');
    const { said, exit, junit: cases } = await unjudgedReports(r, junit);
    expect(exit).toEqual({ code: 3, reason: said });
    expect(cases).toEqual([{ name: 'nothing judged (exit 3)', error: said }]);
    expect(r.report!.target).toEqual({ baseUrl: `http://127.0.0.1:${port}`, profile: 'live', embedded: false });
  });

  test('an unknown fault of the embedded reference: one line naming it and how to list them, exit 2', async () => {
    const r = await runner.run([], { MOCKAPI_REFERENCE_FAULTS: 'no-such-fault' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'mockapi-conformance: MOCKAPI_REFERENCE_FAULTS names an unknown fault: no-such-fault (mockapi-conformance reference --list-faults lists them)\n',
    );
  });

  test('a report that cannot be written: one line and exit 2 before any request', async () => {
    const r = await runner.run(['--report-json', '/no/such/dir/r.json']);
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
