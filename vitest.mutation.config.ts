// `npm run mutation` (stryker.config.json): the unit tests that run the judging core in process. Tests that
// spawn the CLI cannot see an in-process mutant; the files below that also hold such tests cost them once, in
// Stryker's first run, since it runs for each mutant only the tests that reached it (perTest coverage).
// test/exchange.test.ts is left out: it runs the reference with each fault (the fault matrix's job), about 20 s
// a mutant on two cores; the judge's unit tests are held to the score instead (docs/mutation.md).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/checker.test.ts',
      'test/client.test.ts',
      'test/untrusted.test.ts',
      'test/bounds.test.ts',
      'test/iso8601.test.ts',
      'test/baseline.test.ts',
      'test/reports.test.ts',
      'test/outcomes.test.ts',
      'test/diff.test.ts',
    ],
    reporters: ['default'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
