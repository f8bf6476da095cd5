// What the checks on the organisation and the data source are made with: their paths, the reads that show a
// write answered 202 has landed (renameShown, versionShown), the organisation's name kept and put back (nameKept,
// putBackName), and a property on the organisation with its name kept (organisationProperty). The checks are
// declared in their area's suite file.
import { perRun, type CheckContext, type CheckDefinition } from '../src/harness/check.ts';
import { describe, expectSuccess } from '../src/judge/checker.ts';
import type { Exchange } from '../src/http/client.ts';
import { type EffectRead, pendingWrite, settledAfter } from '../src/harness/pending.ts';
import { PENDING_EFFECT_MS } from '../src/http/transient.ts';
import { expandPath, operation } from '../contract/schemas.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { property, type PropertyOptions } from './property.ts';

export const orgPath = (organisationId: string) => expandPath(operation('updateOrganisation').path, { organisationId });
export const dsPath = (dataSourceId: string) => expandPath(operation('updateDataSource').path, { dataSourceId });

/** The organisation's name a get shows (a violation where the get is not answered as documented). */
export async function readName(t: CheckContext): Promise<string | undefined> {
  const answer = expectSuccess(t, 'getOrganisation', await t.send({ method: 'GET', path: orgPath(t.fixture('organisationId')) }));
  return answer?.organisation?.name;
}

/** The data source's version an answer shows, whatever else it shows. */
const versionIn = (ex: Exchange): unknown => (ex.json as { dataSource?: { version?: unknown } } | undefined)?.dataSource?.version;

/**
 * An update of the data source with `body`, as the read that shows whether an update before it answered 202 has
 * landed (readAfter): the only read of a data source's version is an update's answer, so it is sent again until its
 * version is `above` what the model expects.
 */
export const versionShown = (t: CheckContext, pending: string | undefined, body: unknown, above: (version: number) => boolean): EffectRead<Exchange> => ({
  pending,
  read: () => t.send({ method: 'PUT', path: dsPath(t.fixture('dataSourceId')), json: body }),
  shows: (ex) => {
    const version = versionIn(ex);
    return typeof version === 'number' && Number.isInteger(version) && above(version);
  },
  seen: (ex) => (ex.status >= 200 && ex.status < 300 ? `version ${JSON.stringify(versionIn(ex))}` : `status ${ex.status || ex.error}`),
});

/** The organisation's name an answer shows, whatever else it shows. */
const nameIn = (ex: Exchange): unknown => (ex.json as { organisation?: { name?: unknown } } | undefined)?.organisation?.name;

/** The get of the organisation that shows whether a rename answered 202 has landed (readAfter): it shows one of `names`. */
export const renameShown = (t: CheckContext, pending: string | undefined, names: readonly unknown[]): EffectRead<Exchange> => ({
  pending,
  read: () => t.send({ method: 'GET', path: orgPath(t.fixture('organisationId')) }),
  shows: (ex) => ex.status >= 200 && ex.status < 300 && names.includes(nameIn(ex)),
  seen: (ex) => (ex.status >= 200 && ex.status < 300 ? `name ${JSON.stringify(nameIn(ex))}` : `status ${ex.status || ex.error}`),
});

/** What a check's run knows of the organisation's name it keeps (nameKept). */
interface KeptName {
  /** the name read, once read */
  original?: string;
  /** the check's own context, in which the name is read */
  check?: CheckContext;
  read: boolean;
}

/** The organisation's name a check keeps: read once, by the check's first input that sends (or at once). */
export interface NameKept {
  /** the name read, once read (a context of the check or of one of its inputs) */
  original: (t: CheckContext) => string | undefined;
  /** reads the name, in the check's own context, unless it was read */
  ensure: (t: CheckContext) => Promise<void>;
}

/**
 * The organisation's name read before a check's inputs and put back once they are done, whatever happened (also
 * when the check was stopped at its time bound: the next check must find the name it expects). For a property's
 * `before` and `finally`; `original` is the name read, kept for the check's run (perRun). Read `lazily`, it is read by
 * `ensure` before the first input that sends, in the check's own context: a check whose inputs all passed elsewhere
 * (shared-renames.ts) sends nothing.
 */
export function nameKept(options: { lazily?: boolean } = {}): Required<Pick<PropertyOptions<unknown>, 'before' | 'finally'>> & NameKept {
  const kept = perRun<KeptName>(() => ({ read: false }));
  const ensure = async (t: CheckContext) => {
    const name = kept(t);
    if (name.read || name.check === undefined) return;
    name.read = true;
    name.original = await readName(name.check);
    name.check.stopIfViolated();
  };
  return {
    before: async (t) => {
      kept(t).check = t;
      if (!options.lazily) await ensure(t);
    },
    // never read: no input went out, nothing to put back; else a get says whether it is needed
    finally: async (t) => {
      const { original } = kept(t);
      if (original !== undefined && (await changed(t, original))) await putBackName(t, original);
    },
    original: (t) => kept(t).original,
    ensure,
  };
}

/** A property on the organisation, its name kept (nameKept). */
export function organisationProperty<T>(
  ...[checkId, id, title, arbitrary, body, more]: [
    string,
    RequirementId,
    string,
    Parameters<typeof property<T>>[4],
    (t: CheckContext, value: T, kept: NameKept) => Promise<void>,
    (Pick<PropertyOptions<T>, 'live' | 'examples' | 'together' | 'ridesIn' | 'overlaps'> & {
      lazily?: boolean;
      note?: (t: CheckContext) => string | undefined;
    })?,
  ]
): CheckDefinition {
  const { lazily, note, ...rest } = more ?? {};
  const { original, ensure, ...kept } = nameKept({ lazily });
  const after = async (t: CheckContext) => {
    await kept.finally(t);
    const said = note?.(t);
    if (said !== undefined) t.note(said);
  };
  return property(
    checkId,
    id,
    title,
    { operation: 'updateOrganisation', needs: ['organisationId'], writes: true, perInput: 2, ...rest, before: kept.before, finally: after },
    arbitrary,
    (t, value) => body(t, value, { original, ensure }),
  );
}

/** Whether the organisation's name is no longer `original` (a get). */
async function changed(t: CheckContext, original: string): Promise<boolean> {
  return nameIn(await t.putBack({ method: 'GET', path: orgPath(t.fixture('organisationId')) })) !== original;
}

/**
 * Renames the organisation back to `original`, and where that is answered 202, waits until a get shows it: the next
 * check on the organisation must find the name it expects, not see it land during its own reads.
 */
export async function putBackName(t: CheckContext, original: string): Promise<void> {
  const path = orgPath(t.fixture('organisationId'));
  const restore = await t.putBack({ method: 'PUT', path, json: { organisation: { name: original } } });
  const redo = `rename the organisation to ${JSON.stringify(original)}`;
  if (restore.status < 200 || restore.status >= 300) {
    t.note(`could not put the original name back: ${describe(restore)}; ${redo}`);
    return;
  }
  const shown = await settledAfter(t, {
    ...renameShown(t, pendingWrite('the rename back to the original name', restore), [original]),
    read: () => t.putBack({ method: 'GET', path }),
  });
  if (!shown)
    t.note(`the original name was put back (202 Accepted), but a get did not show it within ${PENDING_EFFECT_MS / 1000} s; if it is not back, ${redo}`);
}
