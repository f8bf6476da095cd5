// Ctrl-C in the middle of a rename: the run stops sending, puts the organisation's name back, and exits 130.
// The reference holds its answer to the rename, so the interruption lands exactly inside the check.
import type { ChildProcess } from 'node:child_process';
import { afterAll, expect, test } from 'vitest';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { startRecorder, type Recorder } from '../../bench/recorder.ts';
import { runCli } from '../support/cli.ts';

let reference: ReferenceDeployment | undefined;
afterAll(() => reference?.close());

test('an interrupted run puts the organisation name back and exits 130', async () => {
  let child: ChildProcess | undefined;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let interrupted = false;
  reference = await startReference({
    port: 0,
    faults: [],
    observe: async ({ method, path, status }) => {
      // the first accepted PUT of the organisation is the rename of ORG-RENAME: interrupt while it is answered
      if (!interrupted && method === 'PUT' && path === '/v1/organisations/org-1a2b3c' && status === 200) {
        interrupted = true;
        child!.kill('SIGINT');
        await held;
      }
    },
  });
  const f = reference.fixtures;
  const r = await runCli(
    ['--timeout-ms', '2000'],
    { MOCKAPI_BASE_URL: reference.baseUrl, MOCKAPI_TOKEN: f.token, MOCKAPI_ORGANISATION_ID: f.organisationId },
    { onSpawn: (spawned) => (child = spawned) },
  );
  release();
  expect(interrupted).toBe(true);
  expect(r.code, r.stderr + r.stdout.slice(-1500)).toBe(130);
  expect(r.stderr).toContain('mockapi-conformance: interrupted; stopping the checks and putting back what they changed');
  expect(r.stderr).toContain(`mockapi-conformance: the organisation's name is "Example Ltd", as before the run`);
  // one line that the run was interrupted, one of what was put back: no trace of vitest's
  expect(r.stderr.trim().split('\n'), r.stderr).toEqual([
    'mockapi-conformance: interrupted; stopping the checks and putting back what they changed',
    `mockapi-conformance: the organisation's name is "Example Ltd", as before the run`,
  ]);
  const answer = await fetch(`${reference.baseUrl}/v1/organisations/org-1a2b3c`, { headers: { Authorization: `Token ${f.token}` } });
  expect(((await answer.json()) as { organisation: { name: string } }).organisation.name).toBe('Example Ltd');
});

test('the name Ctrl-C puts back is read before any check sends: the checks wait for it, however slow its answer', async () => {
  const deployment = await startReference({ port: 0, faults: [] });
  const f = deployment.fixtures;
  const path = `/v1/organisations/${f.organisationId}`;
  // the organisation's reads by no check: the preflight's, then the guard's (src/run/guard.ts), held 1.5 s
  let readsByNoCheck = 0;
  const slow: Recorder = await startRecorder(
    deployment.baseUrl,
    { token: f.token, forbiddenToken: f.forbiddenToken },
    {
      delayMs: (index) => {
        const request = slow.mix()[index]!;
        const byNoCheck = request.method === 'GET' && request.path === path && !(request.headers['user-agent'] ?? '').includes('(check ');
        return byNoCheck && ++readsByNoCheck === 2 ? 1500 : 0;
      },
    },
  );
  try {
    const r = await runCli(['--only', '^ORG-IDENTITY'], { MOCKAPI_BASE_URL: slow.baseUrl, MOCKAPI_TOKEN: f.token, MOCKAPI_ORGANISATION_ID: f.organisationId });
    expect(r.code, r.stderr + r.stdout.slice(-1500)).toBe(0);
    const mix = slow.mix();
    const arrivals = slow.arrivals();
    const answered = slow.answered();
    const byNoCheck = mix
      .map((m, i) => ({ m, i }))
      .filter(({ m }) => m.method === 'GET' && m.path === path && !(m.headers['user-agent'] ?? '').includes('(check '));
    const guard = byNoCheck[1]!.i;
    const byChecks = mix.map((m, i) => ({ m, i })).filter(({ m }) => (m.headers['user-agent'] ?? '').includes('(check '));
    expect(byChecks.length).toBeGreaterThan(0);
    expect(Math.min(...byChecks.map(({ i }) => arrivals[i]!))).toBeGreaterThanOrEqual(answered[guard]!);
  } finally {
    await slow.close();
    await deployment.close();
  }
});
