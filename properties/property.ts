// A property check: a check of the register whose body runs once per generated input (fast-check, with the
// run's seed and number of runs). A failing input is shrunk, then run once more so that its requests become
// the check's evidence, with curl lines; the failure names the seed and the path that reproduce it.
import fc from 'fast-check';
import { check, CheckContext, CheckFailed, CheckStopped, target, type CheckOptions, type Target } from '../src/check.ts';
import type { RequirementId } from '../contract/requirements.ts';

async function runOnce<T>(t: CheckContext, body: (t: CheckContext, value: T) => Promise<void>, value: T): Promise<CheckContext> {
  const run = t.fork();
  try {
    await body(run, value);
  } catch (error) {
    // a stopped check (past its time bound) judges nothing more: the input counts as passed, so that fast-check
    // does not shrink on a stop, and the check ends stopped once fast-check returns
    if (error instanceof CheckStopped) return t.fork();
    if (!(error instanceof CheckFailed)) throw error;
  }
  return run;
}

export interface PropertyOptions<T> extends CheckOptions {
  /** requests one generated input sends (for the check's time bound; default 1) */
  perInput?: number;
  /**
   * Inputs sent on every run, before the generated ones and whatever the seed: one of each kind a generator
   * can make (properties/breaches.ts), so that the space it covers is covered by construction.
   */
  examples?: (t: Target) => T[];
}

export function property<T>(checkId: string, id: RequirementId, title: string, options: PropertyOptions<T>, arbitrary: fc.Arbitrary<T>, body: (t: CheckContext, value: T) => Promise<void>): void {
  const declared = target();
  const examples = options.examples?.(declared) ?? [];
  const perInput = options.perInput ?? 1;
  // a failure adds the replay of the smallest failing input (shrinking stops sending near the bound, below)
  const requests = (declared.runs + examples.length + 1) * perInput;
  check(checkId, id, title, { ...options, requests, generated: { perInput, fixed: examples.length } }, async (t) => {
    const { seed, runs } = t.target;
    // Past most of the check's bound, no new input is sent (one under way finishes; fast-check's own time limit
    // would return while it is still under way): a slow deployment gets fewer inputs, said in a note, rather
    // than a check that overruns into the next one.
    const start = Date.now();
    // read each time: 429 waits move the bound on
    const softDeadline = () => start + (t.deadline - start) * 0.85;
    let unsent = 0;
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => {
        if (Date.now() > softDeadline()) {
          unsent++;
          return true;
        }
        return (await runOnce(t, body, value)).violations.length === 0;
      }),
      { seed, numRuns: runs + examples.length, examples: examples.map((value): [T] => [value]) },
    );
    if (t.stoppedReason !== undefined) throw new CheckStopped(t.stoppedReason);
    if (unsent > 0) t.note(`${unsent} inputs were not sent: the check's time bound was near (the deployment answered more slowly than before the run)`);
    if (!details.failed) {
      t.note(`${details.numRuns - unsent} inputs (${examples.length} of them one of each kind, the rest generated), seed ${seed}`);
      return;
    }
    if (details.counterexample === null) {
      // the property itself threw: a defect of the check or a transport failure fast-check could not judge
      throw (details as { errorInstance?: unknown }).errorInstance ?? new Error(`property could not be judged (${details.numSkips} skipped runs, interrupted: ${details.interrupted})`);
    }
    const [value] = details.counterexample as [T];
    t.note(
      `${details.numRuns <= examples.length ? 'one of each kind' : 'generated input'} failed after ${details.numRuns} runs and ${details.numShrinks} shrinks: seed ${details.seed}, path ${details.counterexamplePath}` +
        ` (rerun with --seed ${details.seed}); smallest failing input: ${JSON.stringify(value)?.slice(0, 500)}`,
    );
    const final = await runOnce(t, body, value);
    // a replay cut short by the bound judges nothing: the deployment is not to be called inconsistent for it
    if (t.stoppedReason !== undefined) throw new CheckStopped(t.stoppedReason);
    t.adopt(final);
    if (final.violations.length === 0) t.violate(id, 'the same verdict when the smallest failing input is sent again', 'it passed the second time: the deployment answers this input inconsistently');
  });
}
