// The order `vitest run` starts the test files in (vitest.config.ts): the longest first, so that no long file
// starts late and holds the end of the run while the other workers have nothing left. Vitest's own order knows
// only what its cache recorded (none on a clean clone, as in CI: then the files go alphabetically, and the fault
// matrix, the longest by far, started after seventeen others) and the last run of each file (often a filtered one).
// The files named here go first, in this order; the others follow in vitest's order.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files of `npm test`, longest first (docs/test-speed.md), and the static checks early beside the matrices; each must exist. */
const LONGEST_FIRST = [
  'test/e2e/fault-matrix.test.ts',
  'test/e2e/freedom-matrix.test.ts',
  'test/project/static.test.ts',
  'test/e2e/package.test.ts',
  'test/e2e/bench.test.ts',
  'test/e2e/mock.test.ts',
  'test/e2e/hostile.test.ts',
  'test/e2e/networks.test.ts',
  'test/e2e/slow.test.ts',
  'test/judge/exchange.test.ts',
  'test/e2e/conformance.test.ts',
  'test/recorded/report-har.test.ts',
  'test/harness/sequences.test.ts',
  'test/cli/rerun.test.ts',
  'test/reference/faults.test.ts',
  'test/reference/main.test.ts',
  'test/e2e/concurrency.test.ts',
  'test/e2e/stops.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    // a file renamed or gone would silently lose its place: said at once, in any run
    const gone = LONGEST_FIRST.filter((file) => !existsSync(join(root, file)));
    if (gone.length > 0) throw new Error(`test/support/sequencer.ts names test files that do not exist: ${gone.join(', ')}`);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(relative(root, spec.moduleId));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the files not named keep vitest's order
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
