// The one adapter into vitest: the checks of a run as vitest tests, for the command's run (src/vitest/run.ts), the
// library's and an implementer's own vitest (conformanceProject) alike. The run comes from vitest's provide, read
// once (`run`, RunDescription); each check the run has is a concurrent test that runs it (runCheck) and tells vitest
// how it ended. Everything the reporters read is the check's record (TaskMeta.check) and the area (TaskMeta.area).
import { inject, test } from 'vitest';
import { routeWarnings } from '../../contract/untrusted.ts';
import type { CheckDefinition } from '../harness/check.ts';
import { CheckRun } from '../harness/check-run.ts';
import { checkMeta, runCheck } from '../harness/run-check.ts';
import { providedRun } from './crossing.ts';

/**
 * vitest's own timeout is not used: ours is moved on by 429 waits, and a stopped check still waits for its last
 * answer and a put-back; the run's own bound (--run-timeout-ms) ends a check that never settles.
 */
const NO_VITEST_TIMEOUT = 2 ** 31 - 1;

/**
 * A check's failure as vitest is to show it: its stack is its message alone (no frame is worth reading), and it says
 * so by its parsed frames, none, which vitest reads before it parses a stack. Left to parse, vitest 3.2 takes a stack
 * without a frame of Node's for a Firefox one, and matches each line of the message with a pattern whose time grows
 * as a power of the line's length: seconds of a core for each failure that quotes an answer.
 */
function withoutFrames(failure: Error): Error {
  return Object.assign(failure, { stacks: [] });
}

/**
 * Registers the checks of the run vitest provides as tests, in the order given: concurrent, since checks run at the
 * same time and lanes keep those of one fixture apart (src/harness/lanes.ts). The area rides along for the progress
 * line, which counts an area's checks before any has started; the record is the test's from its start, so that a
 * check cut off (a lost worker) still says which it was.
 */
export function registerChecks(definitions: readonly CheckDefinition[]): void {
  const run = new CheckRun(providedRun(inject));
  // the worker's own warnings too: one inert line each, the run's keys redacted (docs/untrusted.md)
  routeWarnings(
    (line) => process.stderr.write(line),
    (text) => run.client.redactor.redact(text),
  );
  for (const d of run.checksOf(definitions)) {
    test(run.testName(d), { concurrent: true, timeout: NO_VITEST_TIMEOUT, meta: { area: d.id.split('/')[0]! } }, async (ctx) => {
      const meta = checkMeta(d);
      ctx.task.meta.check = meta;
      const ended = await runCheck(d, run, meta);
      if (ended.skipped !== undefined) ctx.skip(ended.skipped);
      if (ended.failure !== undefined) throw withoutFrames(ended.failure);
    });
  }
}
