// What a run sends to the consented fixtures (suites/deletes.ts): the run's one delete of each goes out as two
// DELETEs at once, and the end-of-run check asks again at least 2 s after it, waiting only the rest of that time.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { useRunners } from '../support/runners.ts';
import { emptyDirectory } from '../support/cli.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

let deployment: ReferenceDeployment | undefined;
afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

test('each consented delete goes out twice at once, and once more by the end-of-run check at least 2 s later, waiting out what is left of the 2 s', async () => {
  const seen: { method: string; path: string; status: number; at: number }[] = [];
  deployment = await startReference({ port: 0, faults: [], observe: async (s) => void seen.push({ ...s, at: Date.now() }) });
  const f = deployment.fixtures;
  const cwd = emptyDirectory();
  const r = await runner.run(['--only', 'at the end of the run'], runEnvironment(deployment), { cwd });
  expect(r.code, r.stdout).toBe(0);
  // where the run's records go, said before its checks
  expect(r.stdout).toContain(
    `Deletes MOCKAPI_DELETABLE_DATA_SOURCE_ID and MOCKAPI_TEAM_MEMBER_ID once, recorded in ${join(cwd, '.mockapi-conformance-state.jsonl')} (--state-file)`,
  );
  const checks = r.report!.checks;
  expect(checks.map((c) => [c.id, c.outcome])).toEqual([
    ['data-sources/deleted-data-source-still-gone-end-run', 'passed'],
    ['teams/removed-member-still-gone-end-run', 'passed'],
  ]);
  // nothing else ran, so the run was shorter than 2 s: each check waited the rest, and said so (a machine that
  // stalled the run past 2 s waits nothing, and says that: the next test's case; the deletes below hold either way)
  for (const c of checks)
    expect(c.notes.join(' ')).toMatch(/waited \d+ ms, so that 2000 ms had passed since the delete|no wait: \d+ ms had passed since the delete/);
  for (const path of [`/v1/data-sources/${f.deletableDataSourceId}`, `/v1/teams/${f.teamId}/members/${f.teamMemberId}`]) {
    const deletes = seen.filter((s) => s.method === 'DELETE' && s.path === path);
    // the two sent at once: one removes it, the other finds it gone, in either order; then the end-of-run one
    expect([...deletes.slice(0, 2).map((d) => d.status)].sort()).toEqual([204, 404]);
    expect(deletes.map((d) => d.status)).toHaveLength(3);
    expect(deletes[2]!.status).toBe(404);
    expect(deletes[2]!.at - Math.max(deletes[0]!.at, deletes[1]!.at), path).toBeGreaterThanOrEqual(1_900);
  }
});

test('a run that already took 2 s since the delete waits nothing', async () => {
  // a slow deployment: the check after the delete (a second delete, 404) is answered 2.1 s later
  let deletes = 0;
  deployment = await startReference({
    port: 0,
    faults: [],
    observe: async (s) => {
      if (s.method === 'DELETE' && s.path.startsWith('/v1/data-sources/') && ++deletes === 3) await new Promise((resolve) => setTimeout(resolve, 2_100));
    },
  });
  const r = await runner.run(['--only', 'DS-DELETE-PERMANENT after delete|DS-DELETE-PERMANENT at the end of the run'], runEnvironment(deployment));
  expect(r.code, r.stdout).toBe(0);
  const c = r.report!.checks.find((check) => check.id === 'data-sources/deleted-data-source-still-gone-end-run')!;
  expect(c.outcome).toBe('passed');
  expect(c.notes.join(' ')).toMatch(/^no wait: \d+ ms had passed since the delete$/);
});

/**
 * A folder the run cannot write, the one it runs in: read-only to its owner; to root, whom no mode stops, a path
 * whose last part is a file, so that nothing can be made inside it.
 */
function unwritableFolder(): string {
  const parent = emptyDirectory();
  const folder = join(parent, 'checkout');
  if (process.getuid?.() === 0) writeFileSync(folder, '');
  else chmodSync(parent, 0o555);
  return process.getuid?.() === 0 ? folder : parent;
}

test('a run that cannot record what it deletes refuses before sending anything: one line naming its state file, exit 2', async () => {
  const seen: string[] = [];
  deployment = await startReference({ port: 0, faults: [], observe: async (s) => void seen.push(`${s.method} ${s.path}`) });
  const cwd = unwritableFolder();
  const r = await runner.run([], runEnvironment(deployment), { cwd });
  expect(r.code, r.stderr + r.stdout.slice(-1000)).toBe(2);
  expect(r.stderr.trim().split('\n'), r.stderr).toEqual([
    expect.stringMatching(
      new RegExp(
        `^mockapi-conformance: the run would delete MOCKAPI_DELETABLE_DATA_SOURCE_ID and MOCKAPI_TEAM_MEMBER_ID and cannot record it in its state file ${join(cwd, '.mockapi-conformance-state.jsonl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.+\\), so nothing is sent: give --state-file or MOCKAPI_STATE_FILE a file it can write, or --read-only$`,
      ),
    ),
  ]);
  expect(seen).toEqual([]);
  expect(r.report?.errors.join('\n')).toContain('cannot record it in its state file');
});
