// The model-based checks (their models in properties/sequences.ts): against the reference they pass and leave the fixtures as
// the interface lets them be left (the name put back, each consented delete made once); against each fault of
// what a deployment keeps, their check fails with the shrunk sequence listed step by step, a curl line per
// request and the seed; the same seed lists the same sequence; updates sent together show their interleaving.
import { afterEach, describe, expect, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { startRecorder } from '../../bench/recorder.ts';
import type { CliResult } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';
import { senderOf } from '../support/overlaps.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

const MODEL_BASED = ['--only', 'model-based'];

let deployment: ReferenceDeployment | undefined;
afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

/** The report entry of a check, by its id. */
const entry = (r: CliResult, id: string) => r.report!.checks.find((c) => c.id === id)!;

/** The steps a failure message lists, and its curl lines. */
function listing(message: string): { steps: string[]; curls: number } {
  const lines = message.split('\n');
  const from = lines.findIndex((l) => l.includes('the sequence, step by step'));
  const after = from < 0 ? [] : lines.slice(from + 1);
  const end = after.findIndex((l) => !/^\s+\d+\. /.test(l));
  const steps = end < 0 ? after : after.slice(0, end);
  return { steps, curls: lines.filter((l) => l.trim().startsWith('reproduce: curl')).length };
}

describe('model-based checks against the reference', () => {
  test('pass, put the organisation name back, delete each consented fixture once, and write to nothing else', async () => {
    const writes: { method: string; path: string; status: number }[] = [];
    deployment = await startReference({
      port: 0,
      faults: [],
      observe: async (seen) => {
        if (seen.method !== 'GET') writes.push(seen);
      },
    });
    const f = deployment.fixtures;
    const name = async () => {
      const answer = await fetch(`${deployment!.baseUrl}/v1/organisations/${f.organisationId}`, { headers: { authorization: `Token ${f.token}` } });
      return ((await answer.json()) as { organisation: { name: string } }).organisation.name;
    };
    const before = await name();
    const r = await runner.run([...MODEL_BASED, '--runs', '40', '--seed', '7'], runEnvironment(deployment));
    expect(r.code, r.stdout).toBe(0);
    expect(r.report!.summary).toMatchObject({ passed: 6, failed: 0, warned: 0, errored: 0, skipped: 0 });
    expect(await name()).toBe(before);
    const removed = (path: string) => writes.filter((w) => w.method === 'DELETE' && w.path === path && w.status >= 200 && w.status < 300).length;
    expect(removed(`/v1/data-sources/${f.deletableDataSourceId}`)).toBe(1);
    expect(removed(`/v1/teams/${f.teamId}/members/${f.teamMemberId}`)).toBe(1);
    const named = [
      `/v1/organisations/${f.organisationId}`,
      `/v1/data-sources/${f.dataSourceId}`,
      `/v1/data-sources/${f.deletableDataSourceId}`,
      `/v1/mock-apis/${f.mockApiId}/settings/chaos`,
      `/v1/mock-apis/${f.mockApiId}/settings/state`,
    ];
    // the team's paths: the member, and a user who is no member (a removal that finds nobody)
    const elsewhere = writes.filter((w) => !named.includes(w.path) && !w.path.startsWith(`/v1/teams/${f.teamId}/members/`));
    expect(elsewhere).toEqual([]);
    // the deleted data source is left deleted, whatever the updates between deletes answered
    const again = await fetch(`${deployment.baseUrl}/v1/data-sources/${f.deletableDataSourceId}`, {
      method: 'DELETE',
      headers: { authorization: `Token ${f.token}` },
    });
    expect(again.status).toBe(404);
  });
});

describe('a sequence with a request the deployment does not answer', () => {
  test('ends its check as could-not-judge, with that request in the evidence, and sends no further sequence', async () => {
    let renames = 0;
    // what reaches the organisation once the held rename is in: the rest of its step (renames sent with it, the
    // get after them) and the put-back's get and rename, no further sequence and no shrinking
    let after = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // the third rename is kept, and its answer held past the run's --timeout-ms: the model cannot know it landed
    deployment = await startReference({
      port: 0,
      faults: [],
      observe: async ({ method, path, status }) => {
        if (path !== `/v1/organisations/${deployment!.fixtures.organisationId}`) return;
        if (renames >= 3) after++;
        if (method === 'PUT' && status === 200 && ++renames === 3) await held;
      },
    });
    try {
      const r = await runner.run(['--only', 'ORG-RENAME sequences', '--runs', '40', '--seed', '7', '--timeout-ms', '1000'], runEnvironment(deployment));
      const c = entry(r, 'organisations/sequences-renames-gets');
      expect(c.outcome, c.message).toBe('errored');
      expect(c.message).toMatch(/no HTTP answer/);
      expect(c.violated).toEqual([]);
      expect(after).toBeLessThanOrEqual(6);
    } finally {
      release();
    }
  });
});

describe('model-based checks against faults of what a deployment keeps', () => {
  test('each fault fails its model-based check, with the shrunk sequence listed step by step, a curl line per request and the seed', async () => {
    const faults = [
      'organisation-stale-after-second-rename',
      'data-source-version-back-on-resend',
      'data-source-back-after-update',
      'team-member-back-after-not-found',
    ];
    const r = await runner.run([...MODEL_BASED, '--runs', '100', '--seed', '7'], { MOCKAPI_REFERENCE_FAULTS: faults.join(',') });
    expect(r.code, r.stdout).toBe(1);
    const expected: [string, string, string][] = [
      ['organisations/sequences-renames-gets', 'ORG-RENAME', 'failed'],
      ['data-sources/sequences-versions', 'DS-VERSION', 'warned'],
      ['data-sources/sequences-deleted-stays-gone', 'DS-DELETE-PERMANENT', 'failed'],
      ['teams/sequences-removed-stays-removed', 'TEAM-MEMBER-GONE', 'failed'],
    ];
    for (const [id, requirement, outcome] of expected) {
      const c = entry(r, id);
      expect(c.outcome, `${id}: ${c.message}`).toBe(outcome);
      expect(c.violated).toEqual([requirement]);
      const { steps, curls } = listing(c.message ?? '');
      // shrunk: a few steps at most, each with its answer; every request of them has its curl line
      expect(steps.length, c.message).toBeGreaterThan(0);
      expect(steps.length, c.message).toBeLessThanOrEqual(4);
      expect(curls).toBeGreaterThanOrEqual(steps.length);
      expect(c.message).toContain('rerun with --seed 7');
    }
    // the steps say what each sent and what came back
    // a configuration sent again: by a step of the sequence, or by shrinking, which sends a sequence's steps again
    expect(entry(r, 'data-sources/sequences-versions').message).toMatch(
      /send again the configuration of step \d|this configuration was also sent earlier in the run, and answered version \d+ then/,
    );
    expect(entry(r, 'data-sources/sequences-deleted-stays-gone').message).toMatch(/update data source "ds-archive" to .*: status 200/);
    expect(entry(r, 'state-settings/sequences-echo').outcome).toBe('passed');
  });

  test('the same seed lists the same shrunk sequence', async () => {
    const args = ['--only', 'ORG-RENAME sequences', '--runs', '100', '--seed', '11'];
    const env = { MOCKAPI_REFERENCE_FAULTS: 'organisation-stale-after-second-rename' };
    const [a, b] = [await runner.run(args, env), await runner.run(args, env)];
    const steps = (r: CliResult) => listing(entry(r, 'organisations/sequences-renames-gets').message ?? '').steps;
    expect(steps(a).length).toBeGreaterThan(0);
    expect(steps(b)).toEqual(steps(a));
  });

  test('requests sent together that lose an update or drop renames are reported with their interleaving; one request in flight sends nothing together', async () => {
    const env = { MOCKAPI_REFERENCE_FAULTS: 'data-source-lost-update-under-overlap,organisation-renames-dropped-under-overlap' };
    const args = ['--only', '(DS-VERSION|ORG-RENAME) sequences', '--runs', '40', '--seed', '7'];
    const overlapping = await runner.run([...args, '--concurrency', '4'], env);
    const versions = entry(overlapping, 'data-sources/sequences-versions');
    expect(versions.outcome, versions.message).toBe('warned');
    expect(versions.message).toMatch(/sent together: #1 update to name .*; answered in the order #\d \(200\)/);
    expect(versions.message).toContain('an update was lost');
    const names = entry(overlapping, 'organisations/sequences-renames-gets');
    expect(names.outcome, names.message).toBe('failed');
    expect(names.message).toMatch(/expected: a get after the renames sent together shows one of the names sent/);
    expect(names.message).toMatch(/sent together: #1 rename to .*; answered in the order #\d \(200\), #\d \(200\)/);
    const serial = await runner.run([...args, '--concurrency', '1'], env);
    expect(entry(serial, 'data-sources/sequences-versions').outcome).toBe('passed');
    expect(entry(serial, 'organisations/sequences-renames-gets').outcome).toBe('passed');
  });
});

describe('the generated names ride in the sequences of renames (properties/shared-renames.ts)', () => {
  const BOTH = ['--only', '^organisations/(generated-names-taken|sequences-renames-gets)$', '--runs', '20', '--seed', '7'];

  test('on the reference both pass, the generated names send no rename of their own, and the chain is shorter than the two one after the other', async () => {
    deployment = await startReference({ port: 0 });
    const f = deployment.fixtures;
    const recorder = await startRecorder(deployment.baseUrl, { token: f.token, forbiddenToken: f.forbiddenToken });
    try {
      const env = { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl };
      const r = await runner.run(BOTH, env);
      expect(r.code, r.stdout).toBe(0);
      expect(r.report!.checks.map((c) => [c.id, c.outcome])).toEqual([
        ['organisations/generated-names-taken', 'passed'],
        ['organisations/sequences-renames-gets', 'passed'],
      ]);
      expect(entry(r, 'organisations/generated-names-taken').notes).toContainEqual(
        expect.stringMatching(/^22 of its names were judged on the requests of organisations\/sequences-renames-gets, /),
      );
      const senders = recorder.mix().map((m) => senderOf(m.headers['user-agent']));
      expect(senders.filter((s) => s === 'organisations/generated-names-taken')).toEqual([]);
      // each of the 22 names (20 runs, 2 fixed) renamed once, in a sequence
      expect(recorder.mix().filter((m) => m.method === 'PUT').length).toBeGreaterThanOrEqual(22);
      const chain = (run: CliResult) => run.report!.summary.chains!.organisation!;
      // one after the other: both rename the one organisation, and runs at once would each see the other's names
      const alone: CliResult[] = [];
      for (const only of ['^organisations/generated-names-taken$', '^organisations/sequences-renames-gets$']) {
        alone.push(await runner.run(['--only', only, '--runs', '20', '--seed', '7'], runEnvironment(deployment!)));
      }
      for (const run of alone) expect(run.code, run.stdout).toBe(0);
      // the generated names alone: a rename and a get for each of 22 names, the name read first and put back
      expect(chain(alone[0]!)).toBeGreaterThanOrEqual(44);
      expect(chain(r)).toBeLessThan(chain(alone[0]!) + chain(alone[1]!) - 5);
    } finally {
      await recorder.close();
    }
  });

  test('a name the deployment does not take fails both checks, the generated names with their own smallest input and curl lines; what only sequences show fails only them', async () => {
    const ignored = await runner.run(BOTH, { MOCKAPI_REFERENCE_FAULTS: 'organisation-rename-ignored' });
    const names = entry(ignored, 'organisations/generated-names-taken');
    expect(names.outcome, names.message).toBe('failed');
    expect(names.violated).toEqual(['ORG-RENAME']);
    expect(names.message).toMatch(/failed after \d+ runs and \d+ shrinks: seed 7, .*smallest failing input: \{"organisation":\{"name":/);
    // the smallest input sent again, alone: its rename and the get after it
    const curls = names.evidence.map((e) => e.curl);
    expect(curls.some((c) => c.includes('-X PUT'))).toBe(true);
    expect(curls.some((c) => c.includes('-X GET') && c.includes('/v1/organisations/'))).toBe(true);
    expect(entry(ignored, 'organisations/sequences-renames-gets').outcome).toBe('failed');
    const stale = await runner.run(BOTH, { MOCKAPI_REFERENCE_FAULTS: 'organisation-stale-after-second-rename' });
    expect(entry(stale, 'organisations/sequences-renames-gets').outcome).toBe('failed');
    const taken = entry(stale, 'organisations/generated-names-taken');
    expect(taken.outcome, taken.message).toBe('passed');
  });
});
