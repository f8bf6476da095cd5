// The delete of a deletable fixture (MOCKAPI_DELETABLE_DATA_SOURCE_ID, MOCKAPI_TEAM_MEMBER_ID), shared by the
// checks of its suite: sent once per run, as two identical DELETEs at once (the consent is for removing the
// fixture, and sending that removal twice is still only that: a deployment must not let two removals that
// overlap bring it back), recorded in the state file when it succeeds on a deployment that keeps data between
// runs, and read so that a fixture that is not there is reported as the fixture's problem rather than as a
// violation of the interface.
import { check, perRun, shared, type CheckContext, type CheckDefinition, type CheckOptions, type Target } from '../src/harness/check.ts';
import type { Exchange } from '../src/http/client.ts';
import { keyFingerprint, recordDeletion } from '../src/run/deletions.ts';
import { expectNotFound } from '../src/judge/checker.ts';
import { pendingWrite, readAfter } from '../src/harness/pending.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { FIXTURE_VARIABLES, type FixtureName } from '../contract/fixtures.ts';

/** How long after its delete a fixture is asked for again at the end of the run: a delete that does not last shows. */
const STILL_GONE_AFTER_MS = 2_000;

/** The note of a check that waited on a timer for STILL_GONE_AFTER_MS to pass since the run's delete. */
const waitedNote = (waitMs: number) => `waited ${Math.ceil(waitMs)} ms, so that ${STILL_GONE_AFTER_MS} ms had passed since the delete`;

/**
 * Whether a check's note says it waited on a timer for a delete to last (waitedNote): the benchmark tells that wait
 * from the checks' work (bench/main.ts), on loopback the larger part of a run's checks.
 */
export function waitedForDelete(note: string): boolean {
  return /^waited \d+ ms, so that \d+ ms had passed since the delete$/.test(note);
}

export interface FixtureDelete {
  fixture: FixtureName;
  /** what the fixture of the target names, in words: 'data source "ds-1"' */
  what(t: Target): string;
  /** the path of its delete on the target */
  path(t: Target): string;
  /**
   * the delete with the full key, sent once per run as two DELETEs at once: the answer that tells what happened
   * (the first 2xx, else the first that is not 404, else the first)
   */
  send(t: CheckContext): Promise<Exchange>;
  /** both answers of the two DELETEs sent at once, in the order sent, and when the later one came */
  together(t: CheckContext): Promise<{ exchanges: Exchange[]; answeredAt: number }>;
  /** why the run's delete could not be recorded in the state file, if it could not */
  unrecorded(t: CheckContext): string | undefined;
  /** records a delete that another request of the run made (the key without permission, wrongly let through) */
  takenBy(t: CheckContext, ex: Exchange, who: string): void;
  /** who else deleted the fixture in the run before the delete with the full key, if anyone did */
  taken(t: CheckContext): string | undefined;
}

/** What a run did and learnt of its delete of a fixture (FixtureDelete). */
interface Deleted {
  sent?: Promise<Exchange>;
  unrecorded?: string;
  taken?: string;
}

export function fixtureDelete(fixture: FixtureName, path: (t: Target) => string, what: (t: Target) => string): FixtureDelete {
  const deleted = perRun<Deleted>(() => ({}));
  /** every delete that succeeds is remembered, whoever sent it: the next run must know the fixture is gone */
  const record = (t: CheckContext, ex: Exchange) => {
    const { deletions, baseUrl, token } = t.target;
    if (deletions?.stateFile === undefined || ex.status < 200 || ex.status >= 300) return;
    const deletion = {
      deployment: baseUrl,
      fixture: FIXTURE_VARIABLES[fixture],
      resource: path(t.target),
      key: keyFingerprint(token),
      deletedAt: new Date().toISOString(),
      status: ex.status,
    };
    deleted(t).unrecorded = recordDeletion(deletions.stateFile, deletion);
  };
  const together = shared(async ({ client, target }) => {
    const exchanges = await Promise.all([0, 1].map(() => client.send({ method: 'DELETE', path: path(target) })));
    return { exchanges, answeredAt: Date.now() };
  });
  const send = async (t: CheckContext) => {
    const { exchanges } = await together(t);
    const ex = exchanges.find((e) => e.status >= 200 && e.status < 300) ?? exchanges.find((e) => e.status !== 404) ?? exchanges[0]!;
    record(t, ex);
    return ex;
  };
  return {
    fixture,
    what,
    path,
    send: (t) => (deleted(t).sent ??= send(t)),
    together,
    unrecorded: (t) => deleted(t).unrecorded,
    takenBy(t, ex, who) {
      if (deleted(t).taken !== undefined || ex.status < 200 || ex.status >= 300) return;
      deleted(t).taken = who;
      record(t, ex);
    },
    taken: (t) => deleted(t).taken,
  };
}

/**
 * The answer of the first delete, unless it says the fixture is not there: a 404 to the first delete this tool
 * sends a fixture that no earlier run deleted (the run skipped it otherwise) means the user named something that
 * does not exist, which says nothing about the interface. Only where the fixture is the user's: the embedded
 * reference and a mock answer for fixtures they are known to have.
 */
export async function firstDelete(t: CheckContext, d: FixtureDelete): Promise<Exchange> {
  const ex = await d.send(t);
  const { exchanges } = await d.together(t);
  // both are evidence: the other one's answer is part of what happened
  for (const e of exchanges) t.uses(e);
  const other = exchanges.find((e) => e !== ex)!;
  const answers = exchanges.map((e) => e.status || e.error).join(' and ');
  if (ex.status >= 200 && ex.status < 300 && other.status !== 404 && (other.status < 200 || other.status >= 300)) {
    t.note(
      `the delete of ${d.what(t.target)} was sent twice at once and answered ${answers}: the interface shows no answer for a removal that overlaps another, so the other one is not judged`,
    );
  }
  const unrecorded = d.unrecorded(t);
  if (unrecorded) t.note(unrecorded);
  const taken = d.taken(t);
  if (ex.status === 404 && taken !== undefined)
    t.cannotJudge(`${taken} deleted ${d.what(t.target)} first (AUTH-403 reports it), so nothing was left for the delete with the full key`);
  if (ex.status === 404 && t.target.deletions) {
    const variable = FIXTURE_VARIABLES[d.fixture];
    t.cannotJudge(
      `fixture problem: ${variable} names ${d.what(t.target)}, which answered 404 to the first delete this tool sent it, and no earlier run deleted it ` +
        `(${t.target.deletions.stateFile ?? 'this run keeps no state file'}): it does not exist on this deployment, so the delete could not be judged; set ${variable} to one that exists`,
    );
  }
  return ex;
}

/**
 * The forbidden key's answer to a delete of the fixture. A 404 there is a violation only if the fixture
 * exists: then the delete with the full key is sent at once, and its answer tells (see firstDelete).
 */
export async function forbiddenDelete(t: CheckContext, d: FixtureDelete, forbidden: (t: CheckContext) => Promise<Exchange>): Promise<Exchange> {
  const ex = t.uses(await forbidden(t));
  d.takenBy(t, ex, 'the key without permission');
  if (ex.status === 404) {
    const real = await firstDelete(t, d);
    t.note(`the forbidden key got 404, and the delete with the full key that followed got ${real.status || real.error}: ${d.what(t.target)} was there`);
  }
  return ex;
}

/** The run's delete of the fixture in words, where one of its pair was answered 202 (its work pending); else undefined. */
async function deletePending(t: CheckContext, d: FixtureDelete): Promise<string | undefined> {
  return pendingWrite(`the run's delete of ${d.what(t.target)}`, ...(await d.together(t)).exchanges);
}

/**
 * Another delete of the fixture after the run's, to be judged 404: sent once; or, where the run's delete was answered
 * 202, sent again at growing intervals until it is answered 404 (readAfter: a pending delete is judged once it lands).
 */
export async function deletedAgain(t: CheckContext, d: FixtureDelete): Promise<Exchange> {
  return readAfter(t, {
    pending: await deletePending(t, d),
    read: () => t.send({ method: 'DELETE', path: d.path(t.target) }),
    shows: (ex) => ex.status === 404,
    seen: (ex) => `status ${ex.status || ex.error}`,
  });
}

/** Where the run's delete was answered 202: waits until it has landed (deletedAgain), so that what follows comes after it. */
export async function deleteLanded(t: CheckContext, d: FixtureDelete): Promise<void> {
  if ((await deletePending(t, d)) !== undefined) await deletedAgain(t, d);
}

export interface StillGone {
  id: RequirementId;
  title: string;
  options: CheckOptions & { operation: 'deleteDataSource' | 'deleteTeamMember' };
  d: FixtureDelete;
}

/**
 * The fixture asked for again once every other check of it is done (declared last, it is the last of its lane,
 * so holding the lane while it waits holds back no one), and at least STILL_GONE_AFTER_MS after the run's delete:
 * a run that took longer waits nothing; a shorter one waits on a timer, using no CPU. A delete that does not last
 * ("permanently removes") shows here, where every other check of it runs milliseconds after the delete.
 */
export function stillGone(checkId: string, o: StillGone): CheckDefinition {
  return check(checkId, o.id, o.title, o.options, async (t) => {
    const ex = await firstDelete(t, o.d);
    if (ex.status < 200 || ex.status >= 300)
      t.skip(`the run's delete of ${o.d.what(t.target)} answered ${ex.status || ex.error}, so nothing was deleted to stay gone`);
    const { answeredAt } = await o.d.together(t);
    const wait = answeredAt + STILL_GONE_AFTER_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const since = Date.now() - answeredAt;
    t.note(wait > 0 ? waitedNote(wait) : `no wait: ${since} ms had passed since the delete`);
    const again = await deletedAgain(t, o.d);
    if (
      t.expect(
        again.status === 404,
        o.id,
        `status 404: ${o.d.what(t.target)} was deleted ${(since / 1000).toFixed(1)} s before (${wait > 0 ? `the check waited ${Math.ceil(wait)} ms for that` : 'no wait: the run had taken that long'}), and stays gone`,
        () => `status ${again.status || again.error}`,
      )
    ) {
      expectNotFound(t, o.options.operation, again);
    }
  });
}
