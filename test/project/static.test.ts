// The checks that read the code without running it: the type check (tsc), the lint and format check (Biome) and the
// unused files, exports and dependencies (knip). They are tests of `npm test` rather than commands before it, so they
// take a core while the other files wait on their servers and runs, not before any of them starts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs a tool of node_modules/.bin in the project's root; its exit code and all it said. */
function tool(name: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(join(ROOT, 'node_modules', '.bin', name), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

test.concurrent('the sources type-check (tsc --noEmit, strict)', async () => {
  const r = await tool('tsc', ['--noEmit']);
  expect(r.code, r.output).toBe(0);
});

test.concurrent('Biome finds nothing to lint or format', async () => {
  const r = await tool('biome', ['check', '.']);
  expect(r.code, r.output).toBe(0);
});

test.concurrent('knip finds no unused file, export or dependency', async () => {
  const r = await tool('knip', []);
  expect(r.code, r.output).toBe(0);
});
