// `npm run mutation` (stryker.config.json): the unit tests that run the judging core in process. Tests that
// spawn the CLI cannot see an in-process mutant, so files made only of them are left out; the mixed files
// below hold both kinds, and Stryker runs for each mutant only the tests that reached it (perTest coverage).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/checker.test.ts',
      'test/client.test.ts',
      'test/untrusted.test.ts',
      'test/exchange.test.ts',
      'test/bounds.test.ts',
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
