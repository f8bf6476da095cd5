// The generated names of organisations/generated-names-taken ride in the sequences of
// organisations/sequences-renames-gets (both declared in suites/organisations.suite.ts), which runs before it on
// the organisation: each of the first sequences opens with a share of them, each a rename and a get right after
// it, nothing else on the organisation between them (the sequences run alone there). The sequence judges them
// against its model, and the generated names' own judgement (renamedAndShown) is made of the same two answers: a
// name that passed it is not sent again by the generated names, whose walk takes it as passed. A name that failed
// there, or was not sent (a sequence failed before it, or the sequences are not in the run), is sent by the
// generated names as before, alone: its failure, shrinking and curl lines are that check's own. The two checks
// share requests instead of running one after the other on the organisation, the run's longest chain
// (docs/speed.md).
import fc from 'fast-check';
import type { Exchange } from '../src/http/client.ts';
import type { Judge } from '../src/judge/judge.ts';
import { expectSuccess } from '../src/judge/checker.ts';
import { type CheckContext, perRun, type Target } from '../src/harness/check.ts';
import { VALID_ORGANISATION_KINDS, validOrganisation } from './arbitraries.ts';

/** The generated names' inputs: what organisations/generated-names-taken is declared with (one source for both). */
export const generatedNames = { arbitrary: validOrganisation, examples: () => VALID_ORGANISATION_KINDS };

/** What one run knows of the generated names riding in its sequences (perRun): nothing of it is left for the next run. */
interface Riding {
  /** the names not yet sent in a sequence, in the generated names' order for the seed; undefined until first asked */
  queue?: string[];
  /** sequences opened so far with the names: the rest are shared among those still to come */
  opened: number;
  /** names whose rename and get in a sequence passed the generated names' judgement */
  passed: Set<string>;
  /** names the generated names took as passed in a sequence */
  taken: Set<string>;
}

const riding = perRun<Riding>(() => ({ opened: 0, passed: new Set(), taken: new Set() }));

/**
 * The generated names' inputs, drawn as fast-check draws them for the check (the seed, the runs and the fixed
 * inputs first), with a predicate that sends nothing: the same inputs the check's walk then meets.
 */
function drawn(t: Target): string[] {
  const names: string[] = [];
  const examples = generatedNames.examples();
  fc.check(
    fc.property(generatedNames.arbitrary, (body) => void names.push(body.organisation.name) === undefined),
    { seed: t.seed, numRuns: t.runs + examples.length, examples: examples.map((body): [typeof body] => [body]) },
  );
  return names;
}

/**
 * The names the next sequence opens with: an equal share of those left over the sequences still to come (none
 * once a sequence failed: what fast-check sends after a failure is its shrinking, which sends its own steps). The
 * sequences carry the names only in a run that has their check, `namesCheck`.
 */
export function namesForSequence(t: CheckContext, namesCheck: string, sequences: number): string[] {
  if (!t.run.declares(namesCheck)) return [];
  const run = riding(t);
  run.queue ??= drawn(t.target);
  return run.queue.splice(0, Math.ceil(run.queue.length / Math.max(1, sequences - run.opened++)));
}

/** No further name rides in a sequence of the run (one failed): the generated names send what is left themselves. */
export function namesStop(t: CheckContext): void {
  riding(t).queue = [];
}

/**
 * The generated names' judgement of a rename and the get sent right after it: both answered as documented, and
 * both show the name sent.
 */
export function renamedAndShown(t: Judge, name: string, renamed: Exchange, later: Exchange): void {
  const answer = expectSuccess(t, 'updateOrganisation', renamed);
  if (answer)
    t.expect(answer.organisation.name === name, 'ORG-RENAME', `the answer shows name ${JSON.stringify(name)}`, () => JSON.stringify(answer.organisation.name));
  const got = expectSuccess(t, 'getOrganisation', later);
  if (got)
    t.expect(got.organisation.name === name, 'ORG-RENAME', `a later get shows name ${JSON.stringify(name)}`, () => JSON.stringify(got.organisation.name));
}

/** A name's rename and get in a sequence passed the generated names' judgement (a fresh judge, renamedAndShown). */
export function namePassed(t: CheckContext, name: string): void {
  riding(t).passed.add(name);
}

/** Whether a generated name passed in a sequence of the run: the generated names take it as passed without sending it. */
export function passedInSequence(t: CheckContext, name: string): boolean {
  const run = riding(t);
  if (!run.passed.has(name)) return false;
  run.taken.add(name);
  return true;
}

/** What the generated names' report says of the inputs they took as passed in the run's sequences, if any. */
export function takenNote(t: CheckContext): string | undefined {
  const { taken } = riding(t);
  if (taken.size === 0) return undefined;
  return `${taken.size} of its names were judged on the requests of organisations/sequences-renames-gets, which ran before it (each a rename and a get right after it, nothing between them), passed there and were not sent again`;
}
