// vitest's global set-up (vitest.config.ts): the command compiled once for the whole `vitest run`, in the
// background, for the test files that make many runs through long-lived runners (test/support/runners.ts).
// Its folder is provided at once as `compiledDir`; a runner waits for the compilation to end.
// And one temporary folder for the whole `vitest run`: every folder a test, a run or a program they start makes
// under the system's temporary folder goes in it, and it is removed when the run ends, so npm test leaves
// nothing behind however many runs, reports and installs it made; the state folder (XDG_STATE_HOME) is in it.
import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCompiling } from '../../bench/compiled.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    compiledDir: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const { dir, ended } = startCompiling();
  project.provide('compiledDir', dir);
  const temporary = useOwnTemporaryFolder();
  return async () => {
    await ended;
    rmSync(dir, { recursive: true, force: true });
    temporary.remove();
  };
}

/**
 * TMPDIR names a new folder before vitest starts its workers: they, and every process started with their
 * environment, take it from there (os.tmpdir()).
 */
function useOwnTemporaryFolder(): { remove(): void } {
  const before = process.env.TMPDIR;
  const folder = mkdtempSync(join(tmpdir(), 'mockapi-conformance-tests-'));
  // others may pass through, as through the system's: a daemon a test starts (squid) drops to its own user and
  // writes in the folder the test made for it; what is in it still keeps its own mode
  chmodSync(folder, 0o711);
  process.env.TMPDIR = folder;
  // the state folder too (a red run's report, src/run/kept-report.ts): runs of the tests keep nothing in the user's
  const stateBefore = process.env.XDG_STATE_HOME;
  process.env.XDG_STATE_HOME = join(folder, 'state');
  return {
    remove() {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      if (stateBefore === undefined) delete process.env.XDG_STATE_HOME;
      else process.env.XDG_STATE_HOME = stateBefore;
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
