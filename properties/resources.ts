// Generated organisation updates, data source configurations and push bodies (registered by their area's
// suite, after its hand-written checks, on the same fixtures). The organisation's name is put back at the end.
import { CHANGES_NOTHING, KEEPS_NO_STATE, perRun, type CheckContext, type CheckDefinition, type Target } from '../src/harness/check.ts';
import { describe, expectSuccess } from '../src/judge/checker.ts';
import type { Exchange } from '../src/http/client.ts';
import { type EffectRead, pendingWrite, readAfter, settledAfter } from '../src/harness/pending.ts';
import { PENDING_EFFECT_MS } from '../src/http/transient.ts';
import { expectEcho } from '../src/judge/echo.ts';
import { expandPath, operation } from '../contract/schemas.ts';
import { invalidDataSource, invalidKinds, invalidOrganisation, invalidPush, VALID_DATA_SOURCE_KINDS, validDataSource, type Invalid } from './arbitraries.ts';
import { generatedNames, passedInSequence, renamedAndShown, takenNote } from './shared-renames.ts';
import { expectInvalidRejected, sendInvalid } from './bodies.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { property, type PropertyOptions } from './property.ts';

export const orgPath = (organisationId: string) => expandPath(operation('updateOrganisation').path, { organisationId });
export const dsPath = (dataSourceId: string) => expandPath(operation('updateDataSource').path, { dataSourceId });
const pushPath = (mockApiId: string) => expandPath(operation('pushOpenApiToGit').path, { mockApiId });

async function organisationName(t: CheckContext): Promise<string | undefined> {
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
    name.original = await organisationName(name.check);
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
function organisationProperty<T>(
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

export function organisationProperties(): CheckDefinition[] {
  return [
    organisationProperty(
      'organisations/generated-names-taken',
      'ORG-RENAME',
      'generated names are taken: the answer and a later get show them',
      generatedNames.arbitrary,
      async (t, body, kept) => {
        const { name } = body.organisation;
        // its rename and the get right after it passed this judgement in a sequence before this check (shared-renames.ts)
        if (passedInSequence(t, name)) return;
        await kept.ensure(t);
        const path = orgPath(t.fixture('organisationId'));
        const renamed = await t.send({ method: 'PUT', path, json: body });
        renamedAndShown(t, name, renamed, await readAfter(t, renameShown(t, pendingWrite(`the rename to ${JSON.stringify(name)}`, renamed), [name])));
      },
      { live: KEEPS_NO_STATE, examples: generatedNames.examples, lazily: true, ridesIn: 'organisations/sequences-renames-gets', note: takenNote },
    ),
    organisationProperty(
      'organisations/generated-invalid-bodies-rejected',
      'ORG-TYPES',
      'generated organisation bodies of every wrong JSON type, or without their parts, are rejected and change nothing',
      invalidOrganisation,
      async (t, inv, { original: read }) => {
        const original = read(t)!;
        expectInvalidRejected(t, 'updateOrganisation', inv, await sendInvalid(t, orgPath(t.fixture('organisationId')), inv));
        const name = await organisationName(t);
        if (name === undefined) return;
        t.expect(name === original, 'ORG-TYPES', `the name still ${JSON.stringify(original)} after a body that was not accepted`, () => JSON.stringify(name));
        // the next input judges from the original name again
        if (name !== original) await putBackName(t, original);
        // a refused body and a read change nothing: inputs go out together, each read expects the original name
      },
      // beside the organisation's readers declared after it (the generated Authorization values), not before: a body
      // a broken deployment takes renames the organisation, which the checks of the organisation's get must not see
      { examples: () => invalidKinds('updateOrganisation'), together: true, overlaps: CHANGES_NOTHING },
    ),
  ];
}

export function dataSourceProperties(): CheckDefinition[] {
  const options = { operation: 'updateDataSource' as const, needs: ['dataSourceId' as const], writes: true };
  // the version the run's previous update answered with, and that update where it was answered 202 (its work pending)
  const last = perRun<{ version?: number; pending?: string }>(() => ({}));
  return [
    property(
      'data-sources/generated-configurations-replace',
      'DS-REPLACES',
      'generated configurations (every column type, rows that fit) are accepted and shown as sent, without rows, version raised',
      { ...options, live: KEEPS_NO_STATE, examples: () => VALID_DATA_SOURCE_KINDS },
      validDataSource,
      async (t, body) => {
        const lastVersion = last(t).version;
        const ex = await readAfter(
          t,
          versionShown(t, lastVersion === undefined ? undefined : last(t).pending, body, (version) => version > lastVersion!),
        );
        last(t).pending = pendingWrite('the previous update', ex);
        const answer = expectSuccess(t, 'updateDataSource', ex);
        if (!answer) return;
        const ds = answer.dataSource;
        const sent = body.dataSource;
        t.expect(
          ds.name === sent.name && ds.type === sent.type,
          'DS-REPLACES',
          `name ${JSON.stringify(sent.name)} and type ${sent.type}`,
          () => `name ${JSON.stringify(ds.name)}, type ${JSON.stringify(ds.type)}`,
        );
        // every column as sent and in the order sent; extra fields and another key order are allowed
        expectEcho(t, 'DS-REPLACES', sent.columnsMetadata, ds.columnsMetadata, 'dataSource.columnsMetadata');
        t.expect(!('rows' in ds), 'DS-NO-ROWS', 'no rows in the answer', () => `rows ${JSON.stringify(ds.rows).slice(0, 200)}`);
        if (lastVersion !== undefined)
          t.expect(ds.version > lastVersion, 'DS-VERSION', `a version above ${lastVersion}, the one of the previous update`, () => `version ${ds.version}`);
        last(t).version = ds.version;
      },
    ),
    malformedDataSources(options),
  ];
}

/** Generated malformed configurations of the data source: refused. */
function malformedDataSources(options: { operation: 'updateDataSource'; needs: 'dataSourceId'[]; writes: boolean }): CheckDefinition {
  // rows that do not fit their columns break a rule the description cannot state, so a mock cannot refuse them
  const fits = (t: Target) => (inv: Invalid) => inv.rule !== 'rows-misfit' || t.profile === 'live';
  const malformed = (t: Target) => invalidDataSource.filter(fits(t));
  const examples = (t: Target) => invalidKinds('updateDataSource').filter(fits(t));
  return property(
    'data-sources/generated-malformed-configurations-rejected',
    'DS-TYPES',
    'generated malformed configurations (wrong types at every depth, missing properties, rows that do not fit) are rejected',
    { ...options, overlaps: CHANGES_NOTHING, examples },
    malformed,
    async (t, inv) => {
      expectInvalidRejected(t, 'updateDataSource', inv, await sendInvalid(t, dsPath(t.fixture('dataSourceId')), inv));
    },
  );
}

export function pushProperties(): CheckDefinition[] {
  // made of the run's target when the check runs, around the user's policy
  const invalid = (t: Target) => invalidPush(t.pushPolicy ?? '');
  const examples = (t: Target) => invalidKinds('pushOpenApiToGit', t.pushPolicy ?? '');
  return [
    property(
      'push-jobs/generated-malformed-push-bodies-rejected',
      'PUSH-TYPES',
      'generated malformed push bodies are rejected (no job is started)',
      { operation: 'pushOpenApiToGit', needs: ['mockApiId'], writes: true, pushes: true, overlaps: CHANGES_NOTHING, examples },
      invalid,
      async (t, inv) => {
        expectInvalidRejected(t, 'pushOpenApiToGit', inv, await sendInvalid(t, pushPath(t.fixture('mockApiId')), inv));
      },
    ),
  ];
}
