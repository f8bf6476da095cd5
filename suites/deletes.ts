// The delete of a deletable fixture (MOCKAPI_DELETABLE_DATA_SOURCE_ID, MOCKAPI_TEAM_MEMBER_ID), shared by the
// checks of its suite: sent once per run, recorded in the state file when it succeeds on a deployment that
// keeps data between runs, and read so that a fixture that is not there is reported as the fixture's problem
// rather than as a violation of the interface.
import { client, shared, target, type CheckContext } from '../src/check.ts';
import type { Exchange } from '../src/client.ts';
import { keyFingerprint, recordDeletion } from '../src/deletions.ts';
import { FIXTURE_VARIABLES, type FixtureName } from '../contract/fixtures.ts';

export interface FixtureDelete {
  fixture: FixtureName;
  /** what the fixture names, in words: 'data source "ds-1"' */
  what(): string;
  /** the delete with the full key, sent at most once per run */
  send(): Promise<Exchange>;
  /** why the delete could not be recorded in the state file, if it could not */
  unrecorded(): string | undefined;
  /** records a delete that another request made (the key without permission, wrongly let through) */
  takenBy(ex: Exchange, who: string): void;
  /** who else deleted the fixture before the delete with the full key, if anyone did */
  taken(): string | undefined;
}

export function fixtureDelete(fixture: FixtureName, path: () => string, what: () => string): FixtureDelete {
  let unrecorded: string | undefined;
  let taken: string | undefined;
  /** every delete that succeeds is remembered, whoever sent it: the next run must know the fixture is gone */
  const record = (ex: Exchange) => {
    const { deletions, baseUrl, token } = target();
    if (deletions?.stateFile === undefined || ex.status < 200 || ex.status >= 300) return;
    const deletion = { deployment: baseUrl, fixture: FIXTURE_VARIABLES[fixture], resource: path(), key: keyFingerprint(token), deletedAt: new Date().toISOString(), status: ex.status };
    unrecorded = recordDeletion(deletions.stateFile, deletion);
  };
  const send = shared(async () => {
    const ex = await client().send({ method: 'DELETE', path: path() });
    record(ex);
    return ex;
  });
  return {
    fixture,
    what,
    send,
    unrecorded: () => unrecorded,
    takenBy(ex, who) {
      if (taken !== undefined || ex.status < 200 || ex.status >= 300) return;
      taken = who;
      record(ex);
    },
    taken: () => taken,
  };
}

/**
 * The answer of the first delete, unless it says the fixture is not there: a 404 to the first delete this tool
 * sends a fixture that no earlier run deleted (the run skipped it otherwise) means the user named something that
 * does not exist, which says nothing about the interface. Only where the fixture is the user's: the embedded
 * reference and a mock answer for fixtures they are known to have.
 */
export async function firstDelete(t: CheckContext, d: FixtureDelete): Promise<Exchange> {
  const ex = t.uses(await d.send());
  const unrecorded = d.unrecorded();
  if (unrecorded) t.note(unrecorded);
  const taken = d.taken();
  if (ex.status === 404 && taken !== undefined) t.cannotJudge(`${taken} deleted ${d.what()} first (AUTH-403 reports it), so nothing was left for the delete with the full key`);
  if (ex.status === 404 && t.target.deletions) {
    const variable = FIXTURE_VARIABLES[d.fixture];
    t.cannotJudge(
      `fixture problem: ${variable} names ${d.what()}, which answered 404 to the first delete this tool sent it, and no earlier run deleted it ` +
        `(${t.target.deletions.stateFile ?? 'this run keeps no state file'}): it does not exist on this deployment, so the delete could not be judged; set ${variable} to one that exists`,
    );
  }
  return ex;
}

/**
 * The forbidden key's answer to a delete of the fixture. A 404 there is a violation only if the fixture
 * exists: then the delete with the full key is sent at once, and its answer tells (see firstDelete).
 */
export async function forbiddenDelete(t: CheckContext, d: FixtureDelete, forbidden: () => Promise<Exchange>): Promise<Exchange> {
  const ex = t.uses(await forbidden());
  d.takenBy(ex, 'the key without permission');
  if (ex.status === 404) {
    const real = await firstDelete(t, d);
    t.note(`the forbidden key got 404, and the delete with the full key that followed got ${real.status || real.error}: ${d.what()} was there`);
  }
  return ex;
}
