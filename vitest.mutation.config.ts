// `npm run mutation` (stryker.config.json): the unit tests that run the judging core in process. Tests that
// spawn the CLI cannot see an in-process mutant; the files below that also hold such tests cost them once, in
// Stryker's first run, since it runs for each mutant only the tests that reached it (perTest coverage).
// test/judge/exchange.test.ts is left out: it runs the reference with each fault (the fault matrix's job), about 20 s
// a mutant on two cores; the judge's unit tests are held to the score instead (docs/mutation.md). So is
// test/http/linear.test.ts: its 1 MiB inputs reach nearly every module of the judging core, seconds a mutant.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // MUTATION_TESTS (comma-separated): these files only, for the run of module-level mutants (stryker.static.json)
    include: process.env.MUTATION_TESTS?.split(',') ?? [
      'test/judge/checker.test.ts',
      'test/judge/checker-success.test.ts',
      'test/judge/checker-refusals.test.ts',
      'test/judge/fields.test.ts',
      'test/judge/check-exchange.test.ts',
      'test/http/client.test.ts',
      'test/contract/untrusted.test.ts',
      'test/http/redactor.test.ts',
      'test/reporters/inert.test.ts',
      'test/http/bounds.test.ts',
      'test/judge/iso8601.test.ts',
      'test/run/baseline.test.ts',
      'test/reporters/reports.test.ts',
      'test/vitest/outcomes.test.ts',
      'test/cli/diff.test.ts',
    ],
    reporters: ['default'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
