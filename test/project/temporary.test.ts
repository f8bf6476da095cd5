// What the tests write under the system's temporary folder is in one folder of the whole `vitest run`
// (test/support/global-setup.ts), which the run removes as it ends: here, a test file's thread and a process it
// starts both take their temporary folder from there.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { expect, test } from 'vitest';

test("a test file's temporary folder, and that of a process it starts, is the run's own folder, which others may pass through but not read", () => {
  const own = tmpdir();
  expect(basename(own)).toMatch(/^mockapi-conformance-tests-\w{6}$/);
  expect(statSync(own).mode & 0o777).toBe(0o711);
  const child = spawnSync(process.execPath, ['-e', "process.stdout.write(require('node:os').tmpdir())"], { encoding: 'utf8' });
  expect(child.stdout).toBe(own);
});
