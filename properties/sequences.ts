// The models of what the interface says a deployment keeps, each run as sequences of steps (properties/
// model.ts) on the fixtures the user named: the model's state, its steps and the parts of its options that are the
// model's. Each check of sequences is declared in its area's suite file:
// - the organisation's name: every get shows the name of the last accepted rename; renames sent together are
//   each answered, and end with a get, with one of their names (--concurrency above 1);
// - the data source's configuration and version counter: the answer to an update sent alone shows the
//   configuration sent (one sent together may show another that landed after it); the version (should) is never
//   below the one before, above it after an update that changes the configuration, and N accepted updates sent
//   together that change it raise it at least N times;
// - a deleted data source and a removed member stay gone: every later delete is answered 404, whatever came
//   between (an update of the deleted data source; a removal of a user who is no member);
// - chaos and state settings: every answer shows what was just sent, also when an earlier body is sent again.
import fc from 'fast-check';
import { KEEPS_NO_STATE, perRun, type CheckContext, type CheckDefinition, type CheckOptions, type Target } from '../src/harness/check.ts';
import { expectNotFound, expectSuccess, expectValidAcceptedOrOpen } from '../src/judge/checker.ts';
import { dataSourceReplaces, lastUpdatedNotBefore } from '../src/judge/fields.ts';
import type { Exchange } from '../src/http/client.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { expandPath, operation } from '../contract/schemas.ts';
import { organisationName, validDataSource } from './arbitraries.ts';
import { modelCheck, sentAgain, step, together, type ModelOptions, type Step } from './model.ts';
import { sequencesOf } from './property.ts';
import { dsPath, nameKept, orgPath, renameShown, versionShown } from './resources.ts';
import { pendingWrite, readAfter } from '../src/harness/pending.ts';
import { namePassed, namesForSequence, namesStop, renamedAndShown } from './shared-renames.ts';

/** Requests sent together in one step: the run's --concurrency, four at most (a step, not a load test). */
const togetherAtMost = (target: Target) => Math.max(2, Math.min(4, target.concurrency));

/** A step's line for an answer without the documented body. */
const status = (ex: Exchange) => (ex.status ? `status ${ex.status}` : `no answer (${ex.error ?? 'none'})`);

// ---- the organisation's name ------------------------------------------------------------------------------

interface NameModel {
  /**
   * the names the deployment may keep, as far as the steps know: the last rename's; after renames sent together whose
   * work is pending, any of theirs, since any may still land last (undefined: unknown)
   */
  names: string[] | undefined;
  /** the last rename, or renames sent together, in words, where answered 202 and no get has shown it yet (readAfter) */
  pending: string | undefined;
}

/** What a get is expected to show of the model's names. */
const expectedName = ({ names, pending }: NameModel): string =>
  names!.length === 1
    ? `name ${JSON.stringify(names![0])}, the name of the last rename`
    : `one of the names of ${pending} (${names!.map((n) => JSON.stringify(n)).join(', ')}), any of which may land last`;

const getName = (t: CheckContext) => t.send({ method: 'GET', path: orgPath(t.fixture('organisationId')) });
const putName = (t: CheckContext, name: string) => t.send({ method: 'PUT', path: orgPath(t.fixture('organisationId')), json: { organisation: { name } } });

/** A rename, judged against the model; `seen` is handed its exchange (a generated name's, shared-renames.ts). */
function renaming(name: string, seen?: (ex: Exchange) => void, what = ''): Step<NameModel> {
  return step<NameModel>(
    () => `rename to ${JSON.stringify(name)}${what}`,
    () => true,
    async (m, t) => {
      const ex = await putName(t, name);
      seen?.(ex);
      const answer = expectSuccess(t, 'updateOrganisation', ex);
      if (!answer) return status(ex);
      t.expect(answer.organisation.name === name, 'ORG-RENAME', `the answer shows name ${JSON.stringify(name)}`, () =>
        JSON.stringify(answer.organisation.name),
      );
      m.names = [name];
      m.pending = pendingWrite(`the rename to ${JSON.stringify(name)}`, ex);
      return `${ex.status}, name ${JSON.stringify(answer.organisation.name)}`;
    },
  );
}

/** A get: judged against the model unless it opens the sequence, which starts from the name it shows. */
function reading(opens: boolean, seen?: (ex: Exchange) => void): Step<NameModel> {
  return step<NameModel>(
    () => (opens ? 'get (the sequence starts from the name it shows)' : 'get'),
    () => true,
    async (m, t) => {
      const judged = !opens && m.names !== undefined;
      // after a rename answered 202, the get waits for it to land
      const ex = judged ? await readAfter(t, renameShown(t, m.pending, m.names!)) : await getName(t);
      seen?.(ex);
      const answer = expectSuccess(t, 'getOrganisation', ex);
      if (!answer) return status(ex);
      const name = answer.organisation.name;
      if (judged) t.expect(m.names!.includes(name), 'ORG-RENAME', expectedName(m), () => `name ${JSON.stringify(name)}`);
      // renames sent together whose work is pending may still land after this get: the model keeps them all
      if (m.pending === undefined || m.names === undefined || m.names.length === 1) {
        m.names = [name];
        m.pending = undefined;
      }
      return `${ex.status}, name ${JSON.stringify(name)}`;
    },
  );
}

/** Renames that overlap, then a get: whichever lands last is kept, but it must be one of them. */
function renamedTogether(target: Target): fc.Arbitrary<Step<NameModel>> {
  return fc.uniqueArray(organisationName, { minLength: 2, maxLength: togetherAtMost(target) }).map((names) =>
    step<NameModel>(
      () => `rename to ${names.map((n) => JSON.stringify(n)).join(', ')} together, then get`,
      () => true,
      async (m, t) => {
        const sent = await together(
          t,
          names.map((name) => ({ method: 'PUT', path: orgPath(t.fixture('organisationId')), json: { organisation: { name } } })),
          (i) => `rename to ${JSON.stringify(names[i])}`,
        );
        // an answer may show the organisation after another of them landed (a deployment that reads back what it
        // wrote): one of the names sent, if not its own
        sent.exchanges.forEach((ex, i) => {
          const answer = expectSuccess(t, 'updateOrganisation', ex);
          if (answer)
            t.expect(
              names.includes(answer.organisation.name),
              'ORG-RENAME',
              `the answer to #${i + 1} shows one of the names sent together`,
              () => `${JSON.stringify(answer.organisation.name)}; ${sent.interleaving}`,
            );
        });
        // renames answered 202 land later: the get waits for one of them, and any of them may still land after it
        const pending = pendingWrite('the renames sent together', ...sent.exchanges);
        const ex = await readAfter(t, renameShown(t, pending, names));
        const answer = expectSuccess(t, 'getOrganisation', ex);
        if (!answer) return `${sent.interleaving}; get: ${status(ex)}`;
        const name = answer.organisation.name;
        t.expect(
          names.includes(name),
          'ORG-RENAME',
          `a get after the renames sent together shows one of the names sent (${names.map((n) => JSON.stringify(n)).join(', ')})`,
          () => `name ${JSON.stringify(name)}; ${sent.interleaving}`,
        );
        m.names = pending === undefined ? [name] : [...names];
        m.pending = pending;
        return `${sent.interleaving}; get: ${ex.status}, name ${JSON.stringify(name)}`;
      },
    ),
  );
}

/** The steps of a sequence of renames and gets, made of the run's target: renames sent together only where it sends several at once. */
export function nameSteps(target: Target): fc.Arbitrary<Step<NameModel>>[] {
  return [organisationName.map((name) => renaming(name)), fc.constant(reading(false)), ...(target.concurrency > 1 ? [renamedTogether(target)] : [])];
}

/**
 * The model's part of the options of sequences of renames and gets: the organisation's name read before the first
 * sequence and put back after the last (nameKept), each sequence's opening, end and start. `namesCheck` is the check
 * whose generated names ride in the sequences (shared-renames.ts).
 */
export function nameModel(namesCheck: string): Pick<ModelOptions<NameModel>, 'before' | 'finally' | 'opening' | 'end' | 'start'> {
  const kept = nameKept();
  return {
    before: kept.before,
    finally: kept.finally,
    // every sequence opens with a get: it starts from what the deployment shows, whatever came before; or,
    // while the generated names ride in the sequences, with its share of them, each a rename and a get
    opening: generatedOpening(namesCheck),
    // a rename answered 202 that no get has shown yet: a get waits for it, so that the next sequence starts from it
    end: async (m, real) => {
      if (m.pending !== undefined) await reading(false).run(m, real);
    },
    start: () => ({ names: undefined, pending: undefined }),
  };
}

/**
 * The opening of a sequence of renames and gets: a get, from whose name the sequence starts; or, while the
 * generated names of `namesCheck` ride in the sequences (shared-renames.ts), the sequence's share of them, each a rename
 * and a get right after it, judged against the model like any step and, on a fresh judge, as that check judges its
 * own (renamedAndShown). A sequence that failed stops them: what comes after it is fast-check's shrinking.
 */
function generatedOpening(namesCheck: string): Step<NameModel> {
  // the run's sequence before this one, whose violations stop the names
  const last = perRun<{ sequence?: CheckContext }>(() => ({}));
  return {
    check: () => true,
    async run(m, real) {
      const before = last(real.t).sequence;
      if (before !== undefined && before.violations.length > 0) namesStop(real.t);
      last(real.t).sequence = real.t;
      const names = namesForSequence(real.t, namesCheck, sequencesOf(real.t.target.runs));
      if (names.length === 0) return reading(true).run(m, real);
      for (const name of names) {
        let renamed: Exchange | undefined;
        let later: Exchange | undefined;
        await renaming(name, (ex) => (renamed = ex), ` (a generated name, judged for ${namesCheck} too)`).run(m, real);
        await reading(false, (ex) => (later = ex)).run(m, real);
        const judge = real.t.fork();
        renamedAndShown(judge, name, renamed!, later!);
        if (judge.violations.length === 0) namePassed(real.t, name);
      }
    },
    toString: () => 'opening',
  };
}

// ---- the data source's version counter -----------------------------------------------------------------------

type DataSourceBody = typeof validDataSource extends fc.Arbitrary<infer B> ? B : never;

interface VersionModel {
  /**
   * the version the last accepted update answered (undefined: none yet); after updates sent together whose work is
   * pending, the least the version is once they have landed
   */
  version: number | undefined;
  /** where `version` comes from, in words, where it is not the answer of the update before */
  versionFrom?: string;
  /** the last update, or updates sent together, in words, where answered 202 and no answer has shown its effect yet */
  pending: string | undefined;
  /** the configuration kept now, as JSON: one, or after updates sent together any of theirs (empty: not known) */
  current: string[];
  /** accepted configurations, with the step that sent each */
  sent: { body: DataSourceBody; at: number }[];
  /** the data source the last update sent alone answered (undefined: none, or updates sent together came after it) */
  answered: any;
}

const describeConfiguration = ({ dataSource: d }: DataSourceBody) =>
  `name ${JSON.stringify(d.name)}, ${d.columnsMetadata.length} columns, ${d.rows.length} rows`;

// every configuration the run had accepted and the version it answered first: shrinking sends a sequence's
// steps again, so a step may send what an earlier sequence sent, and its failure should say so
const histories = perRun(() => new Map<string, number>());

const putConfiguration = (t: CheckContext, body: DataSourceBody) => t.send({ method: 'PUT', path: dsPath(t.fixture('dataSourceId')), json: body });

/** One update and its version against the model: above the one before when the configuration changes, never below it. */
async function update(m: VersionModel, t: CheckContext, body: DataSourceBody, at: number, again?: number): Promise<string> {
  const json = JSON.stringify(body);
  // the configuration kept (or, after updates sent together, one that may be) sent again: a no-op need not count
  const same = m.current.includes(json);
  const before = m.version;
  // after an update answered 202, this one's answer is the read that shows its effect on the version: sent again until it does
  const ex =
    before === undefined
      ? await putConfiguration(t, body)
      : await readAfter(
          t,
          versionShown(t, m.pending, body, (version) => (same ? version >= before : version > before)),
        );
  m.pending = pendingWrite(`the update of step ${at}`, ex);
  const answer = expectSuccess(t, 'updateDataSource', ex)?.dataSource;
  if (!answer) return status(ex);
  // the configuration the model keeps is the one sent: the answer shows it (rows aside)
  dataSourceReplaces(t, answer, body.dataSource);
  lastUpdatedNotBefore(t, answer, m.answered);
  m.answered = answer;
  const version = answer.version;
  versionJudged(m, t, version, json, same, again);
  m.current = [json];
  if (again === undefined) m.sent.push({ body, at });
  return `${ex.status}, version ${JSON.stringify(version)}`;
}

/**
 * The version an update sent alone answered, against the model's (`same`: the update sent the configuration kept,
 * or one that may be; `again`: the step whose configuration it sent again); the model then keeps it.
 */
function versionJudged(m: VersionModel, t: CheckContext, version: number, json: string, same: boolean, again: number | undefined): void {
  const history = histories(t);
  if (t.expect(Number.isInteger(version), 'DS-VERSION', 'an integer version', () => `version ${JSON.stringify(version)}`) && m.version !== undefined) {
    const earlier = history.has(json) ? `; this configuration was also sent earlier in the run, and answered version ${history.get(json)} then` : '';
    if (same)
      t.expect(
        version >= m.version,
        'DS-VERSION',
        `a version not below ${m.version}${m.versionFrom === undefined ? '' : `, ${m.versionFrom}`} (the configuration sent again is, or may be, the one kept: the counter never goes back)`,
        () => `version ${version}${earlier}`,
      );
    else
      t.expect(
        version > m.version,
        'DS-VERSION',
        `a version above ${m.version}, ${m.versionFrom ?? 'the one the update before answered'}${again !== undefined ? ` (the configuration of step ${again}, sent again, replaces another)` : ''}`,
        () => `version ${version}${earlier}`,
      );
  }
  if (Number.isInteger(version)) {
    m.version = version;
    m.versionFrom = undefined;
    if (!history.has(json)) history.set(json, version);
  }
}

/**
 * Updates that overlap: each accepted one that changes the configuration counts, so the counter rises at least
 * once per such update (no update lost); bodies differ from each other, and one equal to the configuration
 * kept may change nothing, as one sent alone may.
 */
function updatedTogether(target: Target): fc.Arbitrary<Step<VersionModel>> {
  return fc.uniqueArray(validDataSource, { minLength: 2, maxLength: togetherAtMost(target), selector: (b) => JSON.stringify(b) }).map((bodies) =>
    step<VersionModel>(
      () => `update ${bodies.length} times together (${bodies.map(describeConfiguration).join('; ')})`,
      () => true,
      async (m, t, at) => {
        const sent = await together(
          t,
          bodies.map((json) => ({ method: 'PUT', path: dsPath(t.fixture('dataSourceId')), json })),
          (i) => `update to name ${JSON.stringify(bodies[i]!.dataSource.name)}`,
        );
        const accepted: Accepted[] = [];
        sent.exchanges.forEach((ex, i) => {
          // the answer may show the data source after another of them landed: its configuration is not judged
          const version = expectSuccess(t, 'updateDataSource', ex)?.dataSource?.version;
          if (!Number.isInteger(version)) return;
          accepted.push({ version, changes: !m.current.includes(JSON.stringify(bodies[i])) });
          m.sent.push({ body: bodies[i]!, at });
        });
        const line = `${sent.interleaving}; versions ${accepted.map((a) => a.version).join(', ') || 'none'}`;
        m.pending = pendingWrite(`the ${bodies.length} updates sent together`, ...sent.exchanges) ?? m.pending;
        countedTogether(m, t, accepted, line);
        // which was written last is not known: the next update's time is set against none of theirs
        m.answered = undefined;
        // which one landed last is not known: any of them may be kept
        m.current = bodies.map((b) => JSON.stringify(b));
        return line;
      },
    ),
  );
}

/** An update sent together that was accepted: the version it answered, and whether it changes the configuration kept. */
interface Accepted {
  version: number;
  changes: boolean;
}

/** The versions of updates sent together against the model's (`line`: how they interleaved); the model then keeps the least the version is. */
function countedTogether(m: VersionModel, t: CheckContext, accepted: Accepted[], line: string): void {
  const versions = accepted.map((a) => a.version);
  const rises = accepted.filter((a) => a.changes).length;
  const pending = m.pending;
  if (m.version !== undefined && accepted.length > 0 && pending !== undefined) {
    // work pending: an answer may show the version before another, or the update before them, landed; the next
    // update's answer shows whether each counted, waiting for them as for any update answered 202
    const before = m.version;
    m.version = Math.max(before + rises, ...versions);
    m.versionFrom = `the least the version is once ${pending} (202 Accepted) landed: ${before}, raised by each of the ${rises} that change the configuration`;
  } else if (m.version !== undefined && accepted.length > 0) {
    const before = m.version;
    t.expect(
      accepted.every((a) => (a.changes ? a.version > before : a.version >= before)),
      'DS-VERSION',
      `every accepted update sent together answers a version above ${before}, the one before them (not below it, for one that sends the configuration kept)`,
      () => line,
    );
    t.expect(
      Math.max(...versions) >= before + rises,
      'DS-VERSION',
      `${rises} accepted updates that change the configuration raise the version at least ${rises} times: to ${before + rises} or more`,
      () => `at most ${Math.max(...versions)} (${line}): an update was lost`,
    );
    m.version = Math.max(...versions);
    m.versionFrom = undefined;
  } else if (accepted.length > 0) m.version = Math.max(...versions);
}

/**
 * The steps of a sequence of updates, made of the run's target: an update, an earlier configuration of the sequence
 * sent again (an implementation that keys versions by content goes back there), and updates sent together only where
 * the run sends several at once.
 */
export function versionSteps(target: Target): fc.Arbitrary<Step<VersionModel>>[] {
  const updated = validDataSource.map((body) =>
    step<VersionModel>(
      () => `update to ${describeConfiguration(body)}`,
      () => true,
      (m, t, at) => update(m, t, body, at),
    ),
  );
  const again = sentAgain<VersionModel, DataSourceBody>(
    'configuration',
    (m) => m.sent,
    (m, t, at, earlier) => update(m, t, earlier.body, at, earlier.at),
  );
  return [updated, again, ...(target.concurrency > 1 ? [updatedTogether(target)] : [])];
}

/**
 * A sequence of updates starts from none: its first accepted update is where its version starts, and an earlier
 * configuration is one of the sequence's own, so that its listing says which.
 */
export const versionStart = (): VersionModel => ({ version: undefined, pending: undefined, current: [], sent: [], answered: undefined });

// ---- what is deleted stays gone ----------------------------------------------------------------------------

interface GoneModel {
  /** what the delete before answered (undefined: the run's own delete, which removed it) */
  last: string | undefined;
  /** what came between the last delete and now, one line per step (across sequences: a run is one history) */
  since: string[];
  /** a step between may have brought it back (it answered 2xx): a delete must follow before the sequence ends */
  mayBeBack: boolean;
  /** the run's delete in words, where answered 202 and no delete has been answered 404 since (readAfter) */
  pending?: string;
}

export interface GoneOptions {
  id: RequirementId;
  title: string;
  options: CheckOptions & { operation: 'deleteDataSource' | 'deleteTeamMember' };
  /** the fixture of the target in words: 'data source "ds-1"' */
  what: (t: Target) => string;
  /** the path of its delete on the target */
  path: (t: Target) => string;
  /** the run's one delete that removes it, shared with the suite's checks (suites/deletes.ts, firstDelete) */
  first: (t: CheckContext) => Promise<Exchange>;
  /** steps that may come between two deletes, each harmless to a fixture that is gone, made of the run's target */
  between: ((target: Target) => fc.Arbitrary<Step<GoneModel>>)[];
}

/** A delete of the fixture gone, judged 404 whatever came between; a step's description is read without its run (fast-check prints it), so it is made of the run's target. */
function deleteAgainStep(o: GoneOptions): (target: Target) => Step<GoneModel> {
  return (target) =>
    step<GoneModel>(
      () => `delete ${o.what(target)} again`,
      () => true,
      async (m, t) => {
        // after the run's delete answered 202, the delete waits for it to land
        const ex = await readAfter(t, {
          pending: m.pending,
          read: () => t.send({ method: 'DELETE', path: o.path(t.target) }),
          shows: (answer) => answer.status === 404,
          seen: status,
        });
        m.pending = undefined;
        const before =
          m.last === undefined
            ? "the run's delete (sent twice at once) removed it, and the suite's own checks may have sent it more"
            : `the delete before this one answered ${m.last}`;
        const since = m.since.length > 0 ? `; since then: ${m.since.join('; ')}` : '; nothing since then';
        if (t.expect(ex.status === 404, o.id, `status 404: ${o.what(t.target)} was deleted earlier in this run (${before}${since})`, () => status(ex)))
          expectNotFound(t, o.options.operation, ex);
        m.last = status(ex);
        m.since = [];
        m.mayBeBack = false;
        return status(ex);
      },
    );
}

/**
 * Deletes of a fixture the run has deleted, with other steps between them: each is answered 404. The one delete
 * that removes it is the run's (the suite's, shared); every delete here goes to a fixture already gone.
 */
export function staysGone(checkId: string, o: GoneOptions): CheckDefinition {
  const deleteAgain = deleteAgainStep(o);
  // the run's history of the fixture, one for all sequences: that it is gone is the run's doing, not a sequence's
  const history = perRun<GoneModel>(() => ({ last: undefined, since: [], mayBeBack: false }));
  return modelCheck<GoneModel>(
    checkId,
    o.id,
    o.title,
    {
      ...o.options,
      writes: true,
      live: KEEPS_NO_STATE,
      perInput: 8,
      before: async (t) => {
        const ex = await o.first(t);
        // a fixture the delete did not remove has nothing to keep gone (the suite's delete check judges that)
        if (ex.status < 200 || ex.status >= 300) t.skip(`the run's delete of ${o.what(t.target)} answered ${status(ex)}, so nothing was deleted to stay gone`);
        history(t).pending = pendingWrite(`the run's delete of ${o.what(t.target)}`, ex);
      },
      start: history,
      // a sequence that may have brought it back ends with a delete: judged, and it leaves the fixture gone
      end: async (m, real) => {
        if (m.mayBeBack) await deleteAgain(real.t.target).run(m, real);
      },
      // a check that failed or was stopped before that delete still leaves the fixture gone (sent even when stopped)
      finally: async (t) => {
        if (!history(t).mayBeBack) return;
        const ex = await t.putBack({ method: 'DELETE', path: o.path(t.target) });
        history(t).mayBeBack = false;
        t.note(
          `an update of ${o.what(t.target)} was answered 2xx after its delete and no delete followed in its sequence: one was sent to leave it gone (${status(ex)})`,
        );
      },
    },
    (target) => [fc.constant(deleteAgain(target)), ...o.between.map((between) => between(target))],
  );
}

/** Between deletes of the deleted data source: an update of it (errors not shown, so its answer is not judged). */
export function updateOfDeleted(path: (t: Target) => string, what: (t: Target) => string): (target: Target) => fc.Arbitrary<Step<GoneModel>> {
  // a step's description is read without its run (fast-check prints it): the fixture of the run's target
  return (target) =>
    validDataSource.map((body) =>
      step<GoneModel>(
        () => `update ${what(target)} to ${describeConfiguration(body)}`,
        () => true,
        async (m, t) => {
          const ex = await t.send({ method: 'PUT', path: path(t.target), json: body });
          m.since.push(`an update answered ${status(ex)}`);
          if (ex.status >= 200 && ex.status < 300) m.mayBeBack = true;
          return `${status(ex)} (not judged: the interface shows no errors of an update)`;
        },
      ),
    );
}

/** Between removals of the removed member: a removal of a user who is no member (harmless; judged elsewhere). */
export function removalOfNonMember(path: (t: Target) => string, what: (t: Target) => string): (target: Target) => fc.Arbitrary<Step<GoneModel>> {
  return (target) =>
    fc.constant(
      step<GoneModel>(
        () => `remove ${what(target)}`,
        () => true,
        async (m, t) => {
          const ex = await t.send({ method: 'DELETE', path: path(t.target) });
          m.since.push(`a removal of ${what(t.target)} answered ${status(ex)}`);
          return status(ex);
        },
      ),
    );
}

// ---- chaos and state settings --------------------------------------------------------------------------------

interface EchoModel<B> {
  /** bodies sent, with the step that sent each */
  sent: { body: B; at: number }[];
}

/**
 * The steps of settings sent, and earlier ones sent again, each answer held to what was just sent (not what was sent
 * before) by `judge`; a model that starts from no body sent. Each body is harmless (chaos never enabled,
 * properties/arbitraries.ts).
 */
export function echoSteps<B extends { [key: string]: unknown }>(
  op: 'updateChaosSettings' | 'updateStateSettings',
  arbitrary: fc.Arbitrary<B>,
  wrapper: 'chaos' | 'state',
  judge: (t: CheckContext, sent: B, got: unknown) => void,
  valid?: RequirementId,
  open?: (t: CheckContext, path: string, ex: Exchange) => Promise<string | undefined>,
): fc.Arbitrary<Step<EchoModel<B>>>[] {
  const path = (t: CheckContext) => expandPath(operation(op).path, { mockApiId: t.fixture('mockApiId') });
  const send = async (m: EchoModel<B>, t: CheckContext, body: B, at: number, again?: number) => {
    const ex = await t.send({ method: 'PUT', path: path(t), json: body });
    // a valid body refused breaks the statement of its field (valid), where one names what is valid
    const what = `the ${wrapper} settings ${JSON.stringify(body).slice(0, 200)}`;
    if (valid && !expectValidAcceptedOrOpen(t, ex, valid, what, await open?.(t, path(t), ex))) return status(ex);
    const answer = expectSuccess(t, op, ex);
    if (!answer) return status(ex);
    judge(t, body, answer[wrapper]);
    if (again === undefined) m.sent.push({ body, at });
    return `${ex.status}, ${JSON.stringify(answer[wrapper]).slice(0, 200)}`;
  };
  const sent = arbitrary.map((body) =>
    step<EchoModel<B>>(
      () => `send ${JSON.stringify(body).slice(0, 200)}`,
      () => true,
      (m, t, at) => send(m, t, body, at),
    ),
  );
  const again = sentAgain<EchoModel<B>, B>(
    'body',
    (m) => m.sent,
    (m, t, at, earlier) => send(m, t, earlier.body, at, earlier.at),
  );
  return [sent, again];
}
