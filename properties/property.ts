// A property check: a check of the register whose body runs once per generated input (fast-check, with the
// run's seed and number of runs). A failing input is shrunk, then run once more so that its requests become
// the check's evidence, with curl lines; the failure names the seed and the path that reproduce it.
import fc from 'fast-check';
import { check, type CheckContext, CheckFailed, CheckStopped, exclusive, target, type CheckOptions, type Target } from '../src/harness/check.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { inputsNote, unsentNote } from '../src/harness/run-notes.ts';

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

/**
 * Sends a property's inputs `width` at a time, in fast-check's order for the seed (drawn first, with a predicate
 * that sends nothing), and returns each one's verdict by its position. Nothing after the first failing position
 * is started once that failure is known: fast-check stops there and shrinks.
 */
async function pooled<T>(
  arbitrary: fc.Arbitrary<T>,
  settings: fc.Parameters<[T]>,
  judge: (value: T) => Promise<boolean>,
  width: number,
): Promise<{ input: T; passed: boolean }[]> {
  const inputs: T[] = [];
  fc.check(
    fc.property(arbitrary, (value) => void inputs.push(value) === undefined),
    settings,
  );
  const verdicts: { input: T; passed: boolean }[] = [];
  let firstFailure = Number.POSITIVE_INFINITY;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < inputs.length && i < firstFailure; i = next++) {
      try {
        const passed = await judge(inputs[i]!);
        verdicts[i] = { input: inputs[i]!, passed };
        if (!passed) firstFailure = Math.min(firstFailure, i);
      } catch {
        // a check's defect or a transport failure: fast-check meets it again when it walks to this input
        firstFailure = Math.min(firstFailure, i);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, inputs.length) }, worker));
  return verdicts;
}

export interface PropertyOptions<T> extends CheckOptions {
  /** requests one generated input sends (for the check's time bound; default 1) */
  perInput?: number;
  /**
   * Inputs sent on every run, before the generated ones and whatever the seed: one of each kind a generator
   * can make (properties/breaches.ts), so that the space it covers is covered by construction.
   */
  examples?: (t: Target) => T[];
  /**
   * Whether inputs may go out together (--concurrency of them): each is judged on its own answers, and what one
   * sends cannot make another pass. Default: when the check runs beside others on its resource (it sends only
   * what must be refused, or reads). An input that fails among others is judged again alone before it counts.
   */
  together?: boolean;
  /**
   * Inputs that are sequences of up to `steps` steps (properties/model.ts): a fourth of --runs of them (sequencesOf),
   * and the smallest failing one is not sent again as the evidence: what a sequence finds on a deployment that
   * keeps state depends on what came before it, so its own failing run, the last of the shrinking, is the
   * evidence, and its steps are listed by the check.
   */
  steps?: number;
  /** Runs once before the inputs, in the check's own context: what it finds wrong ends the check there. */
  before?: (t: CheckContext) => Promise<void>;
  /** Runs once the inputs are done, also when the check failed or was stopped: puts back what they changed. */
  finally?: (t: CheckContext) => Promise<void>;
}

/** Sequences per run (PropertyOptions.steps): a sequence holds several requests, so a fourth of --runs, five at least. */
export const sequencesOf = (runs: number): number => Math.max(5, Math.ceil(runs / 4));

export function property<T>(
  checkId: string,
  id: RequirementId,
  title: string,
  options: PropertyOptions<T>,
  arbitrary: fc.Arbitrary<T>,
  body: (t: CheckContext, value: T) => Promise<void>,
): boolean {
  const declared = target();
  const examples = options.examples?.(declared) ?? [];
  const perInput = options.perInput ?? 1;
  // a failure adds the replay of the smallest failing input (shrinking stops sending near the bound, below)
  const sequences = options.steps !== undefined;
  const runsOf = (runs: number) => (sequences ? sequencesOf(runs) : runs);
  const requests = (runsOf(declared.runs) + examples.length + 1) * perInput;
  return check(
    checkId,
    id,
    title,
    { ...options, requests, generated: { perInput, fixed: examples.length, ...(options.steps !== undefined && { steps: options.steps }) } },
    async (t) => {
      const { seed } = t.target;
      const runs = runsOf(t.target.runs);
      // Past most of the check's bound, no new input is sent (one under way finishes; fast-check's own time limit
      // would return while it is still under way): a slow deployment gets fewer inputs, said in a note, rather
      // than a check that overruns into the next one.
      const start = Date.now();
      // read each time: 429 waits move the bound on
      const softDeadline = () => start + (t.deadline - start) * 0.85;
      let unsent = 0;
      // a check stopped at its bound ends stopped; inputs left out near it are said
      const settle = () => {
        if (t.stoppedReason !== undefined) throw new CheckStopped(t.stoppedReason);
        if (unsent > 0) t.note(unsentNote(unsent));
      };
      const passed = (inputs: number) => {
        settle();
        t.note(inputsNote(inputs - unsent, examples.length, seed));
      };
      const numRuns = runs + examples.length;
      const settings = { seed, numRuns, examples: examples.map((value): [T] => [value]) };
      // Sequences are not sent again: the evidence is the failing run itself, since fast-check's smallest
      // failing input is the last one it saw fail, by a violation or by an error. A run with a request the
      // deployment did not answer judges nothing: no more input is sent, and that run ends the check (errored).
      let lastFailed: { run: CheckContext } | { error: unknown } | undefined;
      let unanswered: CheckContext | undefined;
      const judge = async (value: T): Promise<boolean> => {
        if (Date.now() > softDeadline() || unanswered !== undefined) {
          if (unanswered === undefined) unsent++;
          return true;
        }
        let run: CheckContext;
        try {
          run = await runOnce(t, body, value);
        } catch (error) {
          if (sequences) lastFailed = { error };
          throw error;
        }
        // an input whose request got no answer judged nothing, sequence or not: its verdict is not a failure
        if (run.exchanges.some((e) => e.status === 0)) {
          unanswered = run;
          return true;
        }
        if (run.violations.length === 0) return true;
        if (sequences) lastFailed = { run };
        return false;
      };
      // Inputs that may go out together are sent --concurrency at a time first (pooled); fast-check then walks
      // the same inputs again, taking each verdict of the pool that passed, judging again alone any that failed.
      const walk = async (): Promise<void> => {
        // as many as the requests in flight may reach: the client's window decides how many are on the wire
        const width = t.target.adaptiveCeiling ?? t.target.concurrency;
        const known = (options.together ?? !exclusive(options)) && width > 1 ? await pooled(arbitrary, settings, judge, width) : undefined;
        // every input sent and passed: fast-check's walk would find what the pool found, so it is not walked
        if (known !== undefined && known.length === numRuns && Array.from(known).every((v) => v?.passed === true)) return passed(numRuns);
        let shrinking = false;
        let call = 0;
        const details = await fc.check(
          fc.asyncProperty(arbitrary, async (value) => {
            const i = call++;
            // the walk generates what the pool sent, in the same order, until the first failure; what shrinking
            // tries after it is new and sent one at a time, as fast-check asks
            const verdict = !shrinking && known?.[i]?.passed === true && fc.stringify(value) === fc.stringify(known[i]!.input) ? true : await judge(value);
            if (!verdict) shrinking = true;
            return verdict;
          }),
          settings,
        );
        if (unanswered !== undefined) {
          // what the run sent, with the request that got no answer: the check ends errored (src/harness/check.ts)
          t.adopt(unanswered);
          if (t.violations.length === 0)
            t.cannotJudge(`the deployment gave no HTTP answer: ${unanswered.exchanges.find((e) => e.status === 0)?.error ?? 'no response'}`);
          return;
        }
        if (!details.failed) return passed(details.numRuns);
        settle();
        if (details.counterexample === null) {
          // the property itself threw: a defect of the check or a transport failure fast-check could not judge
          throw (
            (details as { errorInstance?: unknown }).errorInstance ??
            new Error(`property could not be judged (${details.numSkips} skipped runs, interrupted: ${details.interrupted})`)
          );
        }
        const [value] = details.counterexample as [T];
        t.note(
          `${details.numRuns <= examples.length ? 'one of each kind' : sequences ? 'generated sequence' : 'generated input'} failed after ${details.numRuns} runs and ${details.numShrinks} shrinks: seed ${details.seed}, path ${details.counterexamplePath}` +
            ` (rerun with --seed ${details.seed}); smallest failing input: ${sequences ? 'the sequence listed below' : JSON.stringify(value)?.slice(0, 500)}`,
        );
        if (sequences && lastFailed !== undefined) {
          if ('error' in lastFailed) throw lastFailed.error;
          t.adopt(lastFailed.run);
          return;
        }
        const final = await runOnce(t, body, value);
        // a replay cut short by the bound judges nothing: the deployment is not to be called inconsistent for it
        if (t.stoppedReason !== undefined) throw new CheckStopped(t.stoppedReason);
        // the replay without an answer judges nothing either: inconsistent is said of two answers only
        const replayUnanswered = final.exchanges.find((e) => e.status === 0);
        if (replayUnanswered) {
          t.adopt(final);
          if (t.violations.length === 0)
            t.cannotJudge(`the deployment gave no HTTP answer when the smallest failing input was sent again: ${replayUnanswered.error ?? 'no response'}`);
          return;
        }
        t.adopt(final);
        if (final.violations.length === 0)
          t.violate(
            id,
            'the same verdict when the smallest failing input is sent again',
            'it passed the second time: the deployment answers this input inconsistently',
          );
      };
      try {
        await options.before?.(t);
        t.stopIfViolated();
        await walk();
      } finally {
        await options.finally?.(t);
      }
    },
  );
}
