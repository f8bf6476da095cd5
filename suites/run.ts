// The one test file of a run (src/vitest/checks-project.ts): every check of suites/ registered as a vitest test of the
// run vitest provides (src/vitest/tests.ts), so that one worker runs all checks of a run at the same time.
import { registerChecks } from '../src/vitest/tests.ts';
import { CHECKS } from './all.ts';

registerChecks(CHECKS);
