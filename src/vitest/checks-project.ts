// How vitest runs the checks, for the command (runConformance) and for an implementer's own vitest
// (conformanceProject) alike: one test file (suites/run.ts, which imports every suite), run in one worker thread that
// runs every check at once, set up by worker-setup before the suites. The run itself crosses by provide (crossing.ts).
import { join } from 'node:path';
import { CODE_ROOT, PACKAGE_ROOT, SOURCE_EXTENSION } from '../../contract/package-root.ts';

export function checksProject() {
  return {
    // the sources from a checkout, dist/ from an installed package
    root: CODE_ROOT,
    // one module that imports every suite (suites/run.ts): one worker runs every check, concurrently
    include: [`suites/run${SOURCE_EXTENSION}`],
    // an installed package is inside a node_modules, which vitest leaves out by default
    exclude: [],
    setupFiles: [
      ...(SOURCE_EXTENSION === '.ts' ? [join(PACKAGE_ROOT, 'src', 'vitest', 'worker-tsx.js')] : []),
      join(CODE_ROOT, 'src', 'vitest', `worker-setup${SOURCE_EXTENSION}`),
    ],
    // Every check in one worker, all at once: requests in flight are bounded by the client (--concurrency,
    // ClientOptions.connections), checks of one fixture by their lane (Lanes). One worker boots once, compiles the
    // schemas once, and holds the one client whose 429 back-off holds every request. A thread, not a process: the
    // run's stop (RunDescription.stop) is memory both threads share.
    pool: 'threads' as const,
    maxWorkers: 1,
    isolate: false,
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // a check waiting for its lane holds a place here: every check of the run may wait at once; each check sets
    // its own timeout (check())
    maxConcurrency: 10_000,
    passWithNoTests: false,
  };
}
