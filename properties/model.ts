// Model-based checks: fast-check draws sequences of steps on the fixtures the user named (renames and gets,
// updates and resends, deletes and what comes after them), runs each against the deployment and checks every
// answer against a model of what the interface says the deployment keeps. A failing sequence is shrunk by
// fast-check to the shortest that still fails; that sequence's own run is the check's evidence (one curl line
// per request; not a replay: what a sequence finds depends on what came before it) and is listed step by step
// in the failure, with the seed that reproduces the run.
import fc from 'fast-check';
import type { CheckContext, CheckDefinition, Target } from '../src/harness/check.ts';
import type { Exchange, RequestSpec } from '../src/http/client.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { property, type PropertyOptions } from './property.ts';

/** What a step acts on: the check's context, and the log of the sequence so far, one line per step. */
interface Real {
  t: CheckContext;
  log: string[];
}

/** One step of a sequence: when it may come (from the model), what it sends, and what it checks. */
export type Step<M extends object> = fc.AsyncCommand<M, Real>;

/**
 * A step: `run` sends, checks the answers against the model and updates it, and returns the line the
 * sequence's listing shows for it (`at`: its number in the sequence). A step that finds a violation ends the
 * sequence there.
 */
export function step<M extends object>(
  describe: () => string,
  may: (m: Readonly<M>) => boolean,
  run: (m: M, t: CheckContext, at: number) => Promise<string>,
): Step<M> {
  return {
    check: may,
    async run(m, real) {
      const at = real.log.length + 1;
      let line: string;
      try {
        line = await run(m, real.t, at);
      } catch (error) {
        real.log.push(`${at}. ${describe()}: no verdict (${error instanceof Error ? error.name : 'stopped'})`);
        throw error;
      }
      // described once it ran: what it chose (an earlier step's body) is known then
      real.log.push(`${at}. ${describe()}: ${line}`);
      real.t.stopIfViolated();
    },
    toString: describe,
  };
}

export interface ModelOptions<M extends object> extends Omit<PropertyOptions<Iterable<Step<M>>>, 'examples' | 'together' | 'steps'> {
  /**
   * The model at the start of each sequence. A sequence starts from what it reads itself (an opening read, or
   * its first answer), not from what an earlier one left: shrinking sends a sequence again after others, and a
   * sequence that failed may have left the model wrong. What is the run's own history (a fixture deleted) may be
   * shared across sequences, kept per run (perRun): the check's context is given.
   */
  start: (t: CheckContext) => M;
  /** steps of a sequence, at most (default 8) */
  maxSteps?: number;
  /** the step each sequence opens with: a read of what the deployment keeps, which the model starts from (not judged against it) */
  opening?: Step<M>;
  /** runs after each sequence's last step, as a step does (a probe of what the steps left) */
  end?: (m: M, real: Real) => Promise<void>;
}

/**
 * A step that sends again what an earlier step of the sequence sent (`earlier`: what the model lists, each with
 * the step that sent it; which one is drawn), described by that step's number once it ran.
 */
export function sentAgain<M extends object, B>(
  what: string,
  earlier: (m: Readonly<M>) => readonly { body: B; at: number }[],
  send: (m: M, t: CheckContext, at: number, chosen: { body: B; at: number }) => Promise<string>,
): fc.Arbitrary<Step<M>> {
  return fc.nat().map((k) => {
    let of: number | undefined;
    return step<M>(
      () => `send again the ${what} of ${of === undefined ? 'an earlier step' : `step ${of}`}`,
      (m) => earlier(m).length > 0,
      (m, t, at) => {
        const chosen = earlier(m)[k % earlier(m).length]!;
        of = chosen.at;
        return send(m, t, at, chosen);
      },
    );
  });
}

/**
 * A model-based check: sequences (a fourth of --runs, property.ts's sequencesOf) of the steps drawn from `steps`
 * (made of the run's target where what they send depends on it, such as its requests in flight), each run from the
 * model `start` gives, each answer checked as the step says. Options are a property's (properties/property.ts): its
 * seed, time bound, before and finally.
 */
export function modelCheck<M extends object>(
  checkId: string,
  id: RequirementId,
  title: string,
  options: ModelOptions<M>,
  steps: fc.Arbitrary<Step<M>>[] | ((target: Target) => fc.Arbitrary<Step<M>>[]),
): CheckDefinition {
  const { start, maxSteps = 8, opening, end, ...rest } = options;
  const sequences = (target: Target) => fc.commands(typeof steps === 'function' ? steps(target) : steps, { maxCommands: maxSteps });
  return property(
    checkId,
    id,
    title,
    // sequences: fewer of them than --runs, and the failing one's own run is the evidence (property.ts)
    { ...rest, steps: maxSteps },
    sequences,
    async (t, cmds) => {
      const model = start(t);
      const real: Real = { t, log: [] };
      try {
        await opening?.run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await end?.(model, real);
        t.stopIfViolated();
      } finally {
        if (t.violations.length > 0)
          t.note(
            `the sequence, step by step (the curl lines below are its requests in the order sent, after what the check sent before the steps and before what it sent after them):\n${real.log.map((line) => `    ${line}`).join('\n')}`,
          );
      }
    },
  );
}

/**
 * Sends requests together (all at once, each taking its place among the run's requests in flight) and says
 * how they interleaved: the order they were sent in and the order their answers came in.
 */
export async function together(t: CheckContext, specs: RequestSpec[], label: (i: number) => string): Promise<{ exchanges: Exchange[]; interleaving: string }> {
  const answered: number[] = [];
  const exchanges = await Promise.all(
    specs.map((spec, i) =>
      t.send(spec).then((ex) => {
        answered.push(i);
        return ex;
      }),
    ),
  );
  const interleaving = `sent together: ${specs.map((_, i) => `#${i + 1} ${label(i)}`).join(', ')}; answered in the order ${answered.map((i) => `#${i + 1} (${exchanges[i]!.status || 'no answer'})`).join(', ')}`;
  return { exchanges, interleaving };
}
