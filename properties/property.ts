// A property check: a check of the register whose body runs once per generated input (fast-check, with the
// run's seed and number of runs). A failing input is shrunk, then run once more so that its requests become
// the check's evidence, with curl lines; the failure names the seed and the path that reproduce it.
// In named parts: the definition (property, sizedFor), the share of the check's bound in which inputs are
// sent (sendingCutOff), the verdict of one input and of the walk (PropertyRun.judge, PropertyRun.concluded) and
// the failure (PropertyRun.failed). The rest is runCheck's: its time bound moved on by 429 waits (movingBound),
// the outcome of what the property throws (outcomeOfError) and the failure vitest reports (throwFailure).
import fc from 'fast-check';
import { check, type CheckContext, type CheckDefinition, CheckFailed, CheckStopped, exclusive, type CheckOptions, type Target } from '../src/harness/check.ts';
import { asFlags, type RunSetting } from '../src/harness/check-context.ts';
import { CheckCannotJudge } from '../src/judge/judge.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { inputsNote, unsentNote } from '../src/harness/run-notes.ts';
import { notJudged } from '../src/http/transient.ts';

/** One input's run: its context, and why it could not judge, where it could not (CheckContext.cannotJudge). */
interface InputRun {
  run: CheckContext;
  unjudged?: CheckCannotJudge;
}

async function runOnce<T>(t: CheckContext, body: (t: CheckContext, value: T) => Promise<void>, value: T): Promise<InputRun> {
  const run = t.fork();
  try {
    await body(run, value);
  } catch (error) {
    // a stopped check (past its time bound) judges nothing more: the input counts as passed, so that fast-check
    // does not shrink on a stop, and the check ends stopped once fast-check returns
    if (error instanceof CheckStopped) return { run: t.fork() };
    // an input that could not judge (a pending write whose effect never showed) is no failure to shrink on
    if (error instanceof CheckCannotJudge && run.violations.length === 0) return { run, unjudged: error };
    if (!(error instanceof CheckFailed)) throw error;
  }
  return { run };
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

/** The inputs a property generates per run: --runs of them, or sequencesOf them when they are sequences. */
const runsOf = (options: PropertyOptions<unknown>, runs: number): number => (options.steps !== undefined ? sequencesOf(runs) : runs);

/**
 * A property check. `arbitrary` generates its inputs; one that depends on the run's target (its keys, its push
 * policy, its requests in flight) is made of it when the check runs, as are its fixed inputs (examples).
 */
export function property<T>(
  checkId: string,
  id: RequirementId,
  title: string,
  options: PropertyOptions<T>,
  arbitrary: fc.Arbitrary<T> | ((t: Target) => fc.Arbitrary<T>),
  body: (t: CheckContext, value: T) => Promise<void>,
): CheckDefinition {
  // made once for each run's target: its size and its inputs are read of the same examples
  const made = new WeakMap<Target, T[]>();
  const examplesOn = (target: Target): T[] => {
    if (!made.has(target)) made.set(target, options.examples?.(target) ?? []);
    return made.get(target)!;
  };
  const definition = check(checkId, id, title, options, (t) => {
    const inputs = typeof arbitrary === 'function' ? arbitrary(t.target) : arbitrary;
    return new PropertyRun(t, { checkId, id, options, arbitrary: inputs, body, examples: examplesOn(t.target), sequences: options.steps !== undefined }).run();
  });
  return { ...definition, sized: (target) => sizedFor(options, target, examplesOn(target).length) };
}

/**
 * What a property sends on a run of a target: about how many requests (for its time bound) and what it generates
 * (for the catalogue and the lanes' weights).
 */
function sizedFor<T>(options: PropertyOptions<T>, target: Target, fixed: number): Pick<CheckOptions, 'requests' | 'generated'> {
  const perInput = options.perInput ?? 1;
  // a failure adds the replay of the smallest failing input (shrinking stops sending near the bound, below)
  const requests = (runsOf(options, target.runs) + fixed + 1) * perInput;
  return { requests, generated: { perInput, fixed, ...(options.steps !== undefined && { steps: options.steps }) } };
}

/** The share of a check's time bound in which a property sends new inputs. */
const SENDING_SHARE = 0.85;

/**
 * When a property stops sending new inputs: most of the way from when its inputs began to the check's deadline.
 * Past it, one input under way finishes and no new one is sent (fast-check's own time limit would return while
 * one is still under way): a slow deployment gets fewer inputs, said in a note, rather than a check that overruns
 * into the next one. Read at each input: 429 waits move the deadline on (movingBound), and the cut-off with it.
 */
export function sendingCutOff(start: number, deadline: number): number {
  return start + (deadline - start) * SENDING_SHARE;
}

/** What a property is, once declared. */
interface Spec<T> {
  checkId: string;
  id: RequirementId;
  options: PropertyOptions<T>;
  arbitrary: fc.Arbitrary<T>;
  body: (t: CheckContext, value: T) => Promise<void>;
  /** inputs sent on every run, before the generated ones (PropertyOptions.examples) */
  examples: T[];
  /** inputs are sequences of steps (PropertyOptions.steps) */
  sequences: boolean;
}

/** One run of a property inside its check: the inputs sent and judged, and what the check makes of them. */
class PropertyRun<T> {
  private readonly start = Date.now();
  private readonly numRuns: number;
  private readonly settings: fc.Parameters<[T]>;
  /** inputs not sent because the cut-off was past (sendingCutOff) */
  private unsent = 0;
  /**
   * Sequences are not sent again: the evidence is the failing run itself, since fast-check's smallest failing
   * input is the last one it saw fail, by a violation or by an error.
   */
  private lastFailed: { run: CheckContext } | { error: unknown } | undefined;
  /** A run with a request the deployment did not answer, or answered only transiently, judges nothing: no more input is sent, and that run ends the check (errored). */
  private unanswered: CheckContext | undefined;
  /** A run that could not judge, likewise: no more input is sent, and the check ends errored, saying why. */
  private unjudged: Required<InputRun> | undefined;

  constructor(
    private readonly t: CheckContext,
    private readonly spec: Spec<T>,
  ) {
    this.numRuns = runsOf(spec.options, t.target.runs) + spec.examples.length;
    this.settings = { seed: t.target.seed, numRuns: this.numRuns, examples: spec.examples.map((value): [T] => [value]) };
  }

  async run(): Promise<void> {
    try {
      await this.spec.options.before?.(this.t);
      this.t.stopIfViolated();
      await this.walk();
    } finally {
      await this.spec.options.finally?.(this.t);
    }
  }

  /** A check stopped at its bound ends stopped; inputs left out near it are said. */
  private settle(): void {
    if (this.t.stoppedReason !== undefined) throw new CheckStopped(this.t.stoppedReason);
    if (this.unsent > 0) this.t.note(unsentNote(this.unsent));
  }

  private passed(inputs: number): void {
    if (this.unjudged !== undefined) {
      this.t.adopt(this.unjudged.run);
      throw this.unjudged.unjudged;
    }
    this.settle();
    this.t.note(inputsNote(inputs - this.unsent, this.spec.examples.length, this.t.target.seed));
  }

  /**
   * An input's verdict: false when its run found a violation. One not sent (past the cut-off, or after a request
   * went unanswered) or whose request got no answer, or one still transient (429, 503), judged nothing, sequence or
   * not: its verdict is no failure.
   */
  private readonly judge = async (value: T): Promise<boolean> => {
    const stopped = this.unanswered ?? this.unjudged;
    if (Date.now() > sendingCutOff(this.start, this.t.deadline) || stopped !== undefined) {
      if (stopped === undefined) this.unsent++;
      return true;
    }
    let run: CheckContext;
    try {
      const ran = await runOnce(this.t, this.spec.body, value);
      run = ran.run;
      if (ran.unjudged !== undefined) {
        this.unjudged = { run, unjudged: ran.unjudged };
        return true;
      }
    } catch (error) {
      if (this.spec.sequences) this.lastFailed = { error };
      throw error;
    }
    if (run.exchanges.some((e) => notJudged(e) !== undefined)) {
      this.unanswered = run;
      return true;
    }
    if (run.violations.length === 0) return true;
    if (this.spec.sequences) this.lastFailed = { run };
    return false;
  };

  /**
   * Inputs that may go out together are sent --concurrency at a time first (pooled); fast-check then walks the
   * same inputs again, taking each verdict of the pool that passed, judging again alone any that failed.
   */
  private async walk(): Promise<void> {
    const { options, arbitrary } = this.spec;
    // as many as the requests in flight may reach: the client's window decides how many are on the wire
    const width = this.t.target.adaptiveCeiling ?? this.t.target.concurrency;
    const known = (options.together ?? !exclusive(options)) && width > 1 ? await pooled(arbitrary, this.settings, this.judge, width) : undefined;
    // every input sent and passed: fast-check's walk would find what the pool found, so it is not walked
    if (known !== undefined && known.length === this.numRuns && Array.from(known).every((v) => v?.passed === true)) return this.passed(this.numRuns);
    let shrinking = false;
    let call = 0;
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => {
        const i = call++;
        // the walk generates what the pool sent, in the same order, until the first failure; what shrinking
        // tries after it is new and sent one at a time, as fast-check asks
        const verdict = !shrinking && known?.[i]?.passed === true && fc.stringify(value) === fc.stringify(known[i]!.input) ? true : await this.judge(value);
        if (!verdict) shrinking = true;
        return verdict;
      }),
      this.settings,
    );
    await this.concluded(details);
  }

  /** The check's verdict once fast-check's walk ends: errored without an answer, passed, thrown, or failed. */
  private async concluded(details: fc.RunDetails<[T]>): Promise<void> {
    if (this.unanswered !== undefined) {
      // what the run sent, with the request that got no answer: the check ends errored (throwFailure)
      this.t.adopt(this.unanswered);
      if (this.t.violations.length === 0) this.t.cannotJudge(this.unanswered.exchanges.map(notJudged).find((why) => why !== undefined)!);
      return;
    }
    if (!details.failed) return this.passed(details.numRuns);
    this.settle();
    if (details.counterexample === null) {
      // the property itself threw: a defect of the check or a transport failure fast-check could not judge
      throw (
        (details as { errorInstance?: unknown }).errorInstance ??
        new Error(`property could not be judged (${details.numSkips} skipped runs, interrupted: ${details.interrupted})`)
      );
    }
    await this.failed(details, details.counterexample[0]);
  }

  /** What runs the check again with this seed, where the user runs the checks (RunOfChecks.rerun). */
  private rerun(seed: number): string {
    const settings: RunSetting[] = [
      { flag: 'seed', variable: 'MOCKAPI_SEED', value: seed },
      { flag: 'runs', variable: 'MOCKAPI_RUNS', value: this.t.target.runs },
    ];
    return this.t.run.rerun?.(this.spec.checkId, settings) ?? asFlags(settings);
  }

  /**
   * The failure: the note that says how to reproduce it, and as evidence a sequence's own failing run, or the
   * smallest failing input sent once more.
   */
  private async failed(details: fc.RunDetails<[T]>, value: T): Promise<void> {
    const { sequences, examples } = this.spec;
    this.t.note(
      `${details.numRuns <= examples.length ? 'one of each kind' : sequences ? 'generated sequence' : 'generated input'} failed after ${details.numRuns} runs and ${details.numShrinks} shrinks: seed ${details.seed}, path ${details.counterexamplePath}` +
        ` (rerun with ${this.rerun(details.seed)}); smallest failing input: ${sequences ? 'the sequence listed below' : JSON.stringify(value)?.slice(0, 500)}`,
    );
    if (sequences && this.lastFailed !== undefined) {
      if ('error' in this.lastFailed) throw this.lastFailed.error;
      this.t.adopt(this.lastFailed.run);
      return;
    }
    await this.replayed(value);
  }

  /** The smallest failing input sent again: its run is the evidence, and a pass the second time is itself a violation. */
  private async replayed(value: T): Promise<void> {
    const t = this.t;
    const { run: final, unjudged } = await runOnce(t, this.spec.body, value);
    // a replay cut short by the bound judges nothing: the deployment is not to be called inconsistent for it
    if (t.stoppedReason !== undefined) throw new CheckStopped(t.stoppedReason);
    t.adopt(final);
    if (unjudged !== undefined) throw unjudged;
    // the replay without an answer (or with one still transient) judges nothing either: inconsistent is said of two answers only
    const replayUnjudged = final.exchanges.map(notJudged).find((why) => why !== undefined);
    if (replayUnjudged) {
      if (t.violations.length === 0) t.cannotJudge(`when the smallest failing input was sent again, ${replayUnjudged}`);
      return;
    }
    if (final.violations.length === 0)
      t.violate(
        this.spec.id,
        'the same verdict when the smallest failing input is sent again',
        'it passed the second time: the deployment answers this input inconsistently',
      );
  }
}
