// Progress while a run is under way: one line rewritten in place in a terminal; plain lines, one per area,
// in a pipe; no colour codes in either, NO_COLOR or not.
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { cleanEnvironment } from '../../bench/measure.ts';
import { BIN } from '../support/cli.ts';

const ESC = '\x1b';
/** an SGR sequence: colour, bold and the like (a terminal's cursor codes are no colour) */
const COLOUR = /\x1b\[[0-9;]*m/;
// NO_COLOR left unset on purpose: no colour must come out whether it is set or not
const env = () => {
  const { NO_COLOR: _, FORCE_COLOR: __, ...rest } = cleanEnvironment();
  return rest;
};

test('in a pipe: a plain line per area, no escape code at all', () => {
  const r = spawnSync(process.execPath, [BIN, '--only', '^CHAOS-STATUS|^ORG-RENAME'], { encoding: 'utf8', env: env() });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).not.toContain(ESC);
  expect(r.stdout).toMatch(/^chaos-settings: 1 checks, 0 failed, 0 warned, 0 errored$/m);
  // the rename, the generated renames and the sequences of renames
  expect(r.stdout).toMatch(/^organisations: 3 checks, 0 failed, 0 warned, 0 errored$/m);
});

test('in a terminal: one line of checks done and failures so far, rewritten in place and cleared before the summary', () => {
  // script(1) gives the run a terminal
  const command = `${process.execPath} ${BIN} --only '^CHAOS-STATUS|^ORG-RENAME'`;
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: env() });
  expect(r.status, r.stdout).toBe(0);
  expect(r.stdout).toMatch(/\r\x1b\[2Kchecks \d+ of \d+: 0 failed, 0 warned, 0 errored so far/);
  expect(r.stdout).not.toMatch(/^chaos-settings: /m);
  expect(r.stdout).not.toMatch(COLOUR);
  expect(r.stdout).toMatch(/\r\x1b\[2K\r?\n?\s*Conformance of /);
});
