// vitest's global set-up (vitest.config.ts): the command compiled once for the whole `vitest run`, in the
// background, for the test files that make many runs through long-lived runners (test/support/runners.ts).
// Its folder is provided at once as `compiledDir`; a runner waits for the compilation to end.
import type { TestProject } from 'vitest/node';
import { rmSync } from 'node:fs';
import { startCompiling } from '../../bench/compiled.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    compiledDir: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const { dir, ended } = startCompiling();
  project.provide('compiledDir', dir);
  return async () => {
    await ended;
    rmSync(dir, { recursive: true, force: true });
  };
}
