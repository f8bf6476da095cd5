// Where a run keeps what is the user's alone: one state folder for the red run and the accepted hosts.
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { bindingsFile } from '../../src/run/host-bindings.ts';
import { keptReports } from '../../src/run/kept-report.ts';
import { stateFolder, stateHome } from '../../src/run/state-folder.ts';

/** the tests run where files have owners and modes */
const uid = process.getuid!();

test('a state home not made yet is made, private, and the red run and the accepted hosts are kept in one folder of it', () => {
  const home = join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-state-')), 'not', 'made', 'yet');
  const env = { XDG_STATE_HOME: home };
  const folder = stateFolder(env, uid);
  expect(folder).toBe(join(home, 'mockapi-conformance'));
  expect(statSync(home).mode & 0o077).toBe(0);
  expect(keptReports('/a/state-file.jsonl', env, uid).red?.startsWith(`${folder}/red-runs/`)).toBe(true);
  expect(bindingsFile(env)).toBe(join(folder!, 'accepted-hosts.json'));
});

test('a relative XDG_STATE_HOME is ignored, as the specification says, and a state home others may write keeps nothing', () => {
  expect(stateHome({ XDG_STATE_HOME: 'state', HOME: '/home/someone' })).toBe('/home/someone/.local/state');
  const shared = mkdtempSync(join(tmpdir(), 'mockapi-conformance-state-'));
  chmodSync(shared, 0o777);
  expect(stateFolder({ XDG_STATE_HOME: shared }, uid)).toBeUndefined();
  expect(keptReports('/a/state-file.jsonl', { XDG_STATE_HOME: shared }, uid).red).toBeUndefined();
});
