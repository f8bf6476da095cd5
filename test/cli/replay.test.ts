// `mockapi-conformance replay [REPORT.json]`: the checks that did not pass in a report (or in your last red run's,
// kept in your state folder), run again with what repeats its requests and your own profile, strictness and
// --read-only, each said fixed or still failing; the deployment is the one given now, never the report's; its
// reports go beside the originals under names of their own. Runs of the compiled command through a long-lived runner.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { emptyDirectory } from '../support/cli.ts';
import { keptReports } from '../../src/run/kept-report.ts';
import { REPLAY_USAGE as REPLAY } from '../../src/cli/replay.ts';
import { useRunners } from '../support/runners.ts';

const runner = useRunners(1);
const FAULT = { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' };
const CHECK = 'chaos-settings/updating-chaos-settings-200';
const KEPT_RED = '.mockapi-conformance-last-red-run.json';

test('a failure replayed against the same fault is still failing (exit 1); against the clean reference it is fixed (exit 0)', async () => {
  const first = await runner.run(['--only', '^CHAOS-STATUS'], FAULT);
  expect(first.code).toBe(1);
  const file = join(emptyDirectory(), 'report.json');
  writeFileSync(file, first.reportText);

  const same = await runner.run([file], FAULT, { command: 'replay' });
  expect(same.code, same.stderr).toBe(1);
  const { seed, runs } = first.report!.run;
  expect(same.stdout).toContain(
    `Replaying 1 check of ${file} against the embedded reference deployment, seed ${seed}, ${runs} runs per property, 8 requests in flight\n`,
  );
  expect(same.stdout).toMatch(new RegExp(`^still failing  ${CHECK} \\(failed\\): \\[CHAOS-STATUS\\]`, 'm'));
  // only the checks that did not pass ran again, with the report's seed and runs per property
  expect(same.report!.checks.map((c) => c.id)).toEqual([CHECK]);
  expect(same.report!.run).toMatchObject({ seed, runs, concurrency: 8 });

  // the report names the fixtures' variables of its run (never their ids or a key): one not set again is said
  expect(first.report!.run.fixtures).toEqual([]);
  // a check whose id was retired since the report is said so, and not run again
  const retired = { ...first.report!.checks[0]!, id: 'identifiers/updateChaosSettings/body-not-json-answered-invalid-json' };
  const checks = [...first.report!.checks, retired];
  writeFileSync(file, JSON.stringify({ ...first.report, checks, run: { ...first.report!.run, fixtures: ['MOCKAPI_TEAM_ID'] } }));
  const clean = await runner.run([file], {}, { command: 'replay' });
  expect(clean.code, clean.stderr).toBe(0);
  expect(clean.stderr).toBe(
    "mockapi-conformance replay: warning: the report's run had MOCKAPI_TEAM_ID set, this one has not: the checks that need it are skipped\n",
  );
  expect(clean.stdout).toMatch(new RegExp(`^fixed          ${CHECK}$`, 'm'));
  expect(clean.stdout).toMatch(new RegExp(`^retired        ${retired.id}: not run again, the interface fixes the Invalid JSON entry`, 'm'));
  expect(clean.report!.checks.map((c) => c.id)).toEqual([CHECK]);
  expect(clean.stdout).toMatch(/^1 fixed, 0 still failing, 0 not judged$/m);
});

/** A state folder of the test's own (XDG_STATE_HOME), and where a red run of the state file in `dir` is kept there. */
function stateFolder(dir: string): { env: Record<string, string>; red: string } {
  const env = { XDG_STATE_HOME: join(emptyDirectory(), 'state') };
  return { env, red: keptReports(join(dir, '.mockapi-conformance-state.jsonl'), env).red! };
}

test('with no report, replay takes your last red run, kept in your state folder, which a red run names last and a green run removes', async () => {
  const dir = emptyDirectory();
  const { env, red: keptRed } = stateFolder(dir);
  const red = await runner.run(['--only', '^CHAOS-STATUS'], { ...FAULT, ...env }, { cwd: dir });
  expect(red.code).toBe(1);
  // the red run's last line names the command (the runner's directory is not the process's: the state file is named)
  expect(red.stdout.trimEnd().split('\n').at(-1)).toBe(
    `Replay the 1 check that did not pass: mockapi-conformance replay --state-file ${join(dir, '.mockapi-conformance-state.jsonl')}`,
  );
  const kept = readFileSync(keptRed, 'utf8');
  expect(JSON.parse(kept)).toMatchObject({ run: { seed: red.report!.run.seed }, checks: [{ id: CHECK, outcome: 'failed' }] });
  expect(existsSync(join(dir, KEPT_RED))).toBe(false);

  const replayed = await runner.run([], { ...FAULT, ...env }, { command: 'replay', cwd: dir });
  expect(replayed.code, replayed.stderr).toBe(1);
  expect(replayed.stdout).toContain(`Replaying 1 check of ${keptRed} against the embedded reference deployment, seed ${red.report!.run.seed}`);
  // a replay keeps no report of its own: what it replays stays as it was
  expect(readFileSync(keptRed, 'utf8')).toBe(kept);

  // a green run keeps its report as the last run's, names no replay, and removes the red one it supersedes
  const green = await runner.run(['--only', '^CHAOS-STATUS'], env, { cwd: dir });
  expect(green.code).toBe(0);
  expect(green.stdout).not.toContain('Replay');
  expect(JSON.parse(readFileSync(join(dir, '.mockapi-conformance-last-run.json'), 'utf8')).summary.failed).toBe(0);
  expect(existsSync(keptRed)).toBe(false);
  const none = await runner.run([], env, { command: 'replay', cwd: dir });
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(
    /^mockapi-conformance replay: no red run to replay for \S+: a run that did not pass keeps one in \S+, and a run that passed removes it; /,
  );
});

test('a red run planted in the checkout is never replayed, nor one in your state folder that is not yours: one line, exit 2', async () => {
  const dir = emptyDirectory();
  const { env, red: keptRed } = stateFolder(dir);
  // a checkout that tracks a red run of write checks beside its state file, as a run once kept it there
  const red = await runner.run(['--only', '^CHAOS-STATUS'], FAULT);
  writeFileSync(join(dir, KEPT_RED), red.reportText);
  const planted = await runner.run([], { ...FAULT, ...env }, { command: 'replay', cwd: dir });
  expect(planted.code, planted.stdout).toBe(2);
  expect(planted.stdout).not.toContain('Replaying');
  expect(planted.stderr).toMatch(/^mockapi-conformance replay: no red run to replay for /);

  // in your state folder, but writable by others: not yours
  writeFileSync(keptRed, red.reportText);
  chmodSync(keptRed, 0o666);
  const shared = await runner.run([], { ...FAULT, ...env }, { command: 'replay', cwd: dir });
  expect(shared.code).toBe(2);
  expect(shared.stderr).toBe(
    `mockapi-conformance replay: ${keptRed} is not your red run (writable by others): not replayed; remove it, or give a JSON report (${REPLAY})\n`,
  );
});

test('replay runs with your profile, strictness and --read-only, never weaker ones from the report; the first line says where they differ', async () => {
  const echo = { MOCKAPI_REFERENCE_FAULTS: 'chaos-echo-loses-a-status' };
  const red = await runner.run(['--only', '^CHAOS-ECHO'], echo);
  expect(red.code, red.stdout).toBe(1);
  const failing = red.report!.checks.filter((c) => c.outcome === 'failed').map((c) => c.id);
  expect(failing.length).toBeGreaterThan(0);
  // a report that says its run was a mock's (echoes not judged) and not strict: what still fails is still failing
  const file = join(emptyDirectory(), 'mock.json');
  writeFileSync(file, JSON.stringify({ ...red.report, target: { ...red.report!.target, profile: 'mock' } }));
  const live = await runner.run([file, '--strict'], echo, { command: 'replay' });
  expect(live.code, live.stdout).toBe(1);
  expect(live.stdout.split('\n')[0]).toMatch(/; with your settings: profile live, not the report's mock; strict, not the report's not strict$/);
  expect(live.report!.target.profile).toBe('live');
  expect(live.report!.run.strict).toBe(true);
  for (const id of failing) expect(live.stdout).toMatch(new RegExp(`^still failing  ${id} \\(failed\\)`, 'm'));

  // a report's --strict only judges more: kept, where you give none
  writeFileSync(file, JSON.stringify({ ...red.report, run: { ...red.report!.run, strict: true } }));
  const strict = await runner.run([file], echo, { command: 'replay' });
  expect(strict.report!.run.strict).toBe(true);
  expect(strict.stdout.split('\n')[0]).not.toContain('with your settings');

  // your --read-only holds where the report's run wrote: the write checks are skipped, nothing is written
  writeFileSync(file, red.reportText);
  const readOnly = await runner.run([file], { ...echo, MOCKAPI_READ_ONLY: 'true' }, { command: 'replay' });
  expect(readOnly.stdout.split('\n')[0]).toMatch(/\d requests in flight; with your settings: read-only, where the report's run was not$/);
  expect(readOnly.report!.run.readOnly).toBe(true);
  expect(readOnly.report!.checks.filter((c) => c.outcome !== 'skipped')).toEqual([]);
});

test('no report, a flag the report decides, or a file that is no report: one line, exit 2', async () => {
  const dir = emptyDirectory();
  writeFileSync(join(dir, 'x.json'), '{"not": "a report"}');
  for (const args of [[], ['r.json', '--seed', '3'], ['r.json', '--concurrency', '2'], ['x.json'], ['a.json', 'b.json'], ['r.json', '--bse-url', 'x']]) {
    const r = await runner.run(args, {}, { command: 'replay', cwd: dir });
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stderr).toMatch(/^mockapi-conformance replay: [^\n]+\n$/);
  }
  const misspelt = await runner.run(['r.json', '--bse-url', 'x'], {}, { command: 'replay', cwd: dir });
  expect(misspelt.stderr).toBe("mockapi-conformance replay: Unknown option '--bse-url'; did you mean --base-url? (see mockapi-conformance replay --help)\n");
});

describe('the deployment is the one given now: a report never chooses where the key goes', () => {
  let reference: ReferenceDeployment;
  let listener: Server;
  let elsewhere: string;
  const received: string[] = [];
  let report: string;

  beforeAll(async () => {
    reference = await startReference({ port: 0, faults: ['chaos-status-201'] });
    listener = createServer((req, res) => {
      received.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    elsewhere = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    // a report someone passed around: its checks failed on a deployment that names another host
    const red = await runner.run(['--only', '^CHAOS-STATUS'], FAULT);
    report = join(emptyDirectory(), 'downloaded.json');
    writeFileSync(report, JSON.stringify({ ...red.report, target: { ...red.report!.target, baseUrl: elsewhere, embedded: false } }));
  });

  afterAll(async () => {
    await reference?.close();
    listener?.close();
  });

  test("with the key set and no base URL given, replay stops with one line naming the report's host, and sends it nothing", async () => {
    const r = await runner.run([report], { MOCKAPI_TOKEN: reference.fixtures.token }, { command: 'replay' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `mockapi-conformance replay: the report verified ${elsewhere}, and a report never chooses where your key goes: give the deployment by --base-url, MOCKAPI_BASE_URL or --env\n`,
    );
    expect(received).toEqual([]);
  });

  test("with a base URL given, replay verifies it, says in one line that the report named another, and the report's host gets nothing", async () => {
    const r = await runner.run([report], runEnvironment(reference), { command: 'replay' });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toBe(`mockapi-conformance replay: the report verified ${elsewhere}; this replay verifies ${reference.baseUrl}, as given now\n`);
    expect(r.stdout).toMatch(new RegExp(`^still failing  ${CHECK} \\(failed\\)`, 'm'));
    expect(r.report!.target.baseUrl).toBe(reference.baseUrl);
    expect(received).toEqual([]);
  });
});

test("replay against the config environment the report came from writes its reports beside the environment's, never over them", async () => {
  const reference = await startReference({ port: 0, faults: ['chaos-status-201'] });
  try {
    const dir = emptyDirectory();
    const reports = join(dir, 'reports');
    mkdirSync(reports);
    // absolute, inside the directory: the runner's process works elsewhere, where a relative path would land
    const config = {
      environments: {
        prod: {
          baseUrl: reference.baseUrl,
          tokenVariable: 'MOCKAPI_TOKEN_PROD',
          fixtures: { mockApiId: reference.fixtures.mockApiId },
          reportJunit: join(reports, 'prod.xml'),
          reportMarkdown: join(reports, 'prod.md'),
          reportHtml: join(reports, 'prod.html'),
          reportHar: join(reports, 'prod.har'),
        },
      },
    };
    writeFileSync(join(dir, 'mockapi-conformance.config.json'), JSON.stringify(config));
    // the config file is the checkout's (no git says it is yours): your key goes where you give the same base URL
    const key = { MOCKAPI_TOKEN_PROD: reference.fixtures.token, MOCKAPI_BASE_URL: reference.baseUrl };
    const red = await runner.run(['--env', 'prod', '--only', '^CHAOS-STATUS'], key, { cwd: dir });
    expect(red.code, red.stderr).toBe(1);
    expect(red.report!.run.env).toBe('prod');
    const files = ['prod.xml', 'prod.md', 'prod.html', 'prod.har'].map((f) => join(reports, f));
    const digest = () => files.map((f) => createHash('sha256').update(readFileSync(f)).digest('hex'));
    const before = digest();

    // no report and no --env: the last red run, against the environment it came from
    const replayed = await runner.run([], key, { command: 'replay', cwd: dir });
    expect(replayed.code, replayed.stderr).toBe(1);
    expect(replayed.stdout).toContain(`against ${reference.baseUrl} (environment prod), seed ${red.report!.run.seed}`);
    expect(digest()).toEqual(before);
    const own = ['prod.replay.xml', 'prod.replay.md', 'prod.replay.html', 'prod.replay.har'].map((f) => join(reports, f));
    for (const f of own) expect(existsSync(f), f).toBe(true);
    expect(replayed.stdout).toMatch(new RegExp(`^Reports of this replay: \\S+report\\.json, ${own.join(', ')}$`, 'm'));
    expect(readFileSync(own[0]!, 'utf8')).toContain(`name="${CHECK} `);
  } finally {
    await reference.close();
  }
});
