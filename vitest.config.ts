// `npm test`: the project's own tests (test/). The conformance suites (suites/, properties/) are not run
// from here directly; they need a target, and the CLI (src/cli/cli.ts) runs them through vitest's Node API.
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // 'default' even where an agent or CI variable would pick another reporter
    reporters: ['default'],
    // safety nets far above what a slow, busy 2-core machine takes: a test waits for what it asserts, and one that
    // never ends is cut here (a run of the command through a runner, at 5 minutes: test/support/runners.ts)
    testTimeout: 600_000,
    // Three files at a time on two cores (vitest's default is one): most files wait on the child processes and
    // servers they start (slow.test.ts: 33 s of wall, 4 CPU s), and one file's wait is another's turn; with two,
    // the cores idled ~10 % of npm test (docs/test-speed.md).
    maxWorkers: 3,
    // worker threads rather than child processes for the test files: a file starts in a thread of a process
    // already up (no test changes its working directory; the runs they make are processes of their own)
    pool: 'threads',
    // and the files of one thread share their modules (vitest's default imports them anew for each file): the
    // unit files spent more on importing undici, Ajv and the judges than on their tests (docs/test-speed.md)
    isolate: false,
    // concurrent tests spawn whole conformance runs; two at a time fill the two cores
    maxConcurrency: 2,
    hookTimeout: 600_000,
    // expect.poll waits for what it asserts (a line a process prints); its default of a second is a time a busy
    // machine passes, so its bound is a safety net like the others
    expect: { poll: { timeout: 120_000 } },
    // the command compiled once, in the background, for the files that make many runs (test/support/runners.ts)
    globalSetup: ['test/support/global-setup.ts'],
    // the longest files first, whatever vitest's cache holds (none on a clean clone)
    sequence: { sequencer: LongestFirst },
  },
});
