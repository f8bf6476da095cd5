// A property check: a check of the register whose body runs once per generated input (fast-check, with the
// run's seed and number of runs). A failing input is shrunk, then run once more so that its requests become
// the check's evidence, with curl lines; the failure names the seed and the path that reproduce it.
import fc from 'fast-check';
import { check, CheckContext, CheckFailed, type CheckOptions } from '../src/check.ts';
import type { RequirementId } from '../src/requirements.ts';

async function runOnce<T>(t: CheckContext, body: (t: CheckContext, value: T) => Promise<void>, value: T): Promise<CheckContext> {
  const run = t.fork();
  try {
    await body(run, value);
  } catch (error) {
    if (!(error instanceof CheckFailed)) throw error;
  }
  return run;
}

export function property<T>(
  id: RequirementId,
  title: string,
  options: CheckOptions,
  arbitrary: fc.Arbitrary<T>,
  body: (t: CheckContext, value: T) => Promise<void>,
): void {
  check(id, title, options, async (t) => {
    const { seed, runs } = t.target;
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => (await runOnce(t, body, value)).violations.length === 0),
      { seed, numRuns: runs },
    );
    if (!details.failed) {
      t.note(`${details.numRuns} generated inputs, seed ${seed}`);
      return;
    }
    if (details.counterexample === null) {
      // the property itself threw: a defect of the check or a transport failure fast-check could not judge
      throw (details as { errorInstance?: unknown }).errorInstance ?? new Error(`property could not be judged (${details.numSkips} skipped runs, interrupted: ${details.interrupted})`);
    }
    const [value] = details.counterexample;
    t.note(
      `generated input failed after ${details.numRuns} runs and ${details.numShrinks} shrinks: seed ${details.seed}, path ${details.counterexamplePath}` +
        ` (rerun with --seed ${details.seed}); smallest failing input: ${JSON.stringify(value)?.slice(0, 500)}`,
    );
    const final = await runOnce(t, body, value);
    t.adopt(final);
    if (final.violations.length === 0) t.violate(id, 'the same verdict when the smallest failing input is sent again', 'it passed the second time: the deployment answers this input inconsistently');
  });
}
