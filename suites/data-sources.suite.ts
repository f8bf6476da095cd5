// Update data source and Delete data source by ID (Endpoints; Resources > Data source). Updates replace the
// configuration of MOCKAPI_DATA_SOURCE_ID; deletes touch only MOCKAPI_DELETABLE_DATA_SOURCE_ID. The
// forbidden key's delete runs first: after the real delete, 403 and 404 would both be right answers.
import { CHANGES_NOTHING, check, type CheckDefinition, type CheckContext, KEEPS_NO_STATE, perRun, shared, type Target } from '../src/harness/check.ts';
import { expectEnvelope, expectForbidden, expectForbiddenBody, expectNotFound, expectRejected, expectSuccess, wrappedResource } from '../src/judge/checker.ts';
import { dataSourceLinks, dataSourceNoRows, dataSourceReplaces, lastUpdatedNow, lastUpdatedTime } from '../src/judge/fields.ts';
import { deletedAgain, deleteLanded, fixtureDelete, firstDelete, forbiddenDelete, stillGone } from './deletes.ts';
import { exampleBody, MISSING, pathOf } from '../src/harness/support.ts';
import { dsPath, versionShown } from '../properties/resources.ts';
import type { Exchange } from '../src/http/client.ts';
import { pendingWrite, readAfter } from '../src/harness/pending.ts';
import { expectEcho } from '../src/judge/echo.ts';
import { invalidDataSource, invalidKinds, type Invalid, VALID_DATA_SOURCE_KINDS, validDataSource } from '../properties/arbitraries.ts';
import { expectInvalidRejected, sendInvalid } from '../properties/bodies.ts';
import { modelCheck } from '../properties/model.ts';
import { property } from '../properties/property.ts';
import { staysGone, updateOfDeleted, versionSteps, versionStart } from '../properties/sequences.ts';

const updating = { operation: 'updateDataSource' as const, needs: ['dataSourceId' as const], writes: true };
const deleting = {
  operation: 'deleteDataSource' as const,
  needs: ['deletableDataSourceId' as const],
  writes: true,
  consumes: 'deletableDataSourceId' as const,
};
/** The version the run's previous generated configuration answered with, and that update where it was answered 202 (its work pending). */
const lastUpdate = perRun<{ version?: number; pending?: string }>(() => ({}));
/** Rows that do not fit their columns break a rule the description cannot state, so a mock cannot refuse them. */
const fits = (t: Target) => (inv: Invalid) => inv.rule !== 'rows-misfit' || t.profile === 'live';

const updatePath = (dataSourceId: string) => pathOf('updateDataSource', { dataSourceId });
const deletePath = (dataSourceId: string) => pathOf('deleteDataSource', { dataSourceId });

const sent = exampleBody('updateDataSource').dataSource;
const update = shared(({ client, target }) => client.send({ method: 'PUT', path: updatePath(target.fixtures.dataSourceId!), json: { dataSource: sent } }));

/** The data source of the shared update, when its answer has the documented shape. */
async function updated(t: CheckContext): Promise<any> {
  return expectSuccess(t, 'updateDataSource', t.uses(await update(t)))?.dataSource;
}

const answered = async (t: CheckContext) => wrappedResource(t, await update(t), 'dataSource', 'DS-RESPONSE');

/**
 * The answer to an update sent after `first` (an update's exchange and its data source): where `first` was answered 202,
 * its effect on the version shows only in a later update's answer, which is sent again until its version is above.
 */
const updateAfter = async (t: CheckContext, first: { ex: Exchange; version: number }, dataSource: typeof sent) =>
  expectSuccess(
    t,
    'updateDataSource',
    await readAfter(
      t,
      versionShown(t, pendingWrite('the update before', first.ex), { dataSource }, (version) => version > first.version),
    ),
  )?.dataSource;

/** Two updates in a row, the second changing only what `change` changes: its version must be above the first's. */
const versionRises = (checkId: string, title: string, before: typeof sent, after: typeof sent) =>
  check(checkId, 'DS-VERSION', title, { ...updating, live: KEEPS_NO_STATE }, async (t) => {
    const ex = await t.send({ method: 'PUT', path: updatePath(t.fixture('dataSourceId')), json: { dataSource: before } });
    const first = expectSuccess(t, 'updateDataSource', ex)?.dataSource;
    if (!first) return;
    const second = await updateAfter(t, { ex, version: first.version }, after);
    if (!second) return;
    t.expect(
      Number.isInteger(second.version) && second.version > first.version,
      'DS-VERSION',
      `a version above ${first.version}, the one of the update before`,
      () => `version ${JSON.stringify(second.version)}`,
    );
  });

// rows that fit their columns are a rule across fields that the description cannot state, so no mock enforces it
const rejecting = { ...updating, overlaps: CHANGES_NOTHING };
const rowsRule = { ...rejecting, live: 'the rule relates two fields, which the description cannot state' };

const deletable = fixtureDelete(
  'deletableDataSourceId',
  (target) => deletePath(target.fixtures.deletableDataSourceId!),
  (target) => `data source ${JSON.stringify(target.fixtures.deletableDataSourceId)}`,
);
const forbiddenExchange = shared(({ client, target }) =>
  client.send({ method: 'DELETE', path: deletePath(target.fixtures.deletableDataSourceId!), credentials: 'forbidden' }),
);
const forbidden = (t: CheckContext) => forbiddenDelete(t, deletable, forbiddenExchange);

export const checks: CheckDefinition[] = [
  check('data-sources/update-2xx-datasource-data-source', 'DS-RESPONSE', 'update answers a 2xx with { dataSource: <Data source> }', updating, async (t) => {
    await updated(t);
  }),

  check(
    'data-sources/updatedatasource-answer-wraps-resource-datasource',
    'GEN-WRAP-RESPONSE',
    'updateDataSource: the answer wraps the resource in "dataSource"',
    updating,
    async (t) => {
      expectEnvelope(t, 'updateDataSource', t.uses(await update(t)));
    },
  ),

  check('data-sources/update-answer-carries-no-rows', 'DS-NO-ROWS', 'the update answer carries no rows', updating, async (t) => {
    dataSourceNoRows(t, await answered(t));
  }),

  check(
    'data-sources/update-answer-shows-name-type-columns',
    'DS-REPLACES',
    'the update answer shows the name, type and columns sent, columns in the order sent',
    { ...updating, live: KEEPS_NO_STATE },
    async (t) => {
      dataSourceReplaces(t, await answered(t), sent);
    },
  ),

  check(
    'data-sources/lastupdatedtime-iso-8601-utc-timestamp-fractional',
    'DS-LAST-UPDATED',
    'lastUpdatedTime is an ISO 8601 UTC timestamp with fractional seconds',
    updating,
    async (t) => {
      lastUpdatedTime(t, await answered(t));
    },
  ),

  check(
    'data-sources/lastupdatedtime-update-s-answer-time-update',
    'DS-LAST-UPDATED-NOW',
    "lastUpdatedTime of an update's answer is the time of the update (its Date header, within 15 minutes)",
    { ...updating, live: "a mock answers with the example's time" },
    async (t) => {
      const ds = await answered(t);
      const ex = await update(t);
      lastUpdatedNow(t, ds, ex);
    },
  ),

  check(
    'data-sources/links-self-links-acl-built-data-source-id',
    'DS-LINKS',
    'links.self and links.acl are built from the data source id',
    updating,
    async (t) => {
      dataSourceLinks(t, await answered(t), t.target.fixtures.dataSourceId!);
    },
  ),

  check(
    'data-sources/version-integer-successful-update-raises',
    'DS-VERSION',
    'version is an integer that every successful update raises',
    { ...updating, live: KEEPS_NO_STATE },
    async (t) => {
      const first = await answered(t);
      const again = { ...sent, name: `${sent.name} again`, rows: sent.rows.slice(0, 1) };
      const second = await updateAfter(t, { ex: await update(t), version: first.version }, again);
      if (!second) return;
      t.expect(
        Number.isInteger(first.version) && Number.isInteger(second.version) && second.version > first.version,
        'DS-VERSION',
        `a version above ${first.version} after another update`,
        () => `version ${JSON.stringify(second.version)}`,
      );
    },
  ),

  versionRises('data-sources/version-rises-with-rows-alone', 'an update that changes only the rows raises version', sent, {
    ...sent,
    rows: sent.rows.slice(0, 1),
  }),
  versionRises(
    'data-sources/version-rises-with-columns-alone',
    'an update that changes only the columns raises version',
    { ...sent, rows: [] },
    { ...sent, columnsMetadata: sent.columnsMetadata.slice(0, -1), rows: [] },
  ),

  check('data-sources/row-fewer-strings-than-columns-rejected', 'DS-ROWS-FIT', 'a row with fewer strings than columns is rejected', rowsRule, async (t) => {
    const body = { dataSource: { ...sent, rows: [sent.rows[0].slice(1)] } };
    expectRejected(t, await t.send({ method: 'PUT', path: updatePath(t.fixture('dataSourceId')), json: body }), 'DS-ROWS-FIT', 'a row one string short');
  }),

  check('data-sources/row-number-instead-string-rejected', 'DS-ROWS-FIT', 'a row with a number instead of a string is rejected', rejecting, async (t) => {
    const row = [...sent.rows[0]];
    row[row.length - 1] = 3;
    const body = { dataSource: { ...sent, rows: [row] } };
    expectRejected(
      t,
      await t.send({ method: 'PUT', path: updatePath(t.fixture('dataSourceId')), json: body }),
      'DS-ROWS-FIT',
      'a number where a string is due',
    );
  }),

  check(
    'data-sources/rows-sent-object-instead-array-arrays',
    'DS-TYPES',
    'rows sent as an object instead of an array of arrays are rejected',
    rejecting,
    async (t) => {
      const body = { dataSource: { ...sent, rows: { 0: sent.rows[0] } } };
      expectRejected(t, await t.send({ method: 'PUT', path: updatePath(t.fixture('dataSourceId')), json: body }), 'DS-TYPES', 'rows as an object');
    },
  ),

  check('data-sources/name-number-rejected', 'DS-TYPES', 'a name that is a number is rejected', rejecting, async (t) => {
    const body = { dataSource: { ...sent, name: 42 } };
    expectRejected(t, await t.send({ method: 'PUT', path: updatePath(t.fixture('dataSourceId')), json: body }), 'DS-TYPES', 'name 42');
  }),

  check(
    'data-sources/deletedatasource-valid-key-without-permission-403',
    'AUTH-403',
    'deleteDataSource: a valid key without permission is answered 403',
    { ...deleting, forbidden: true },
    async (t) => {
      expectForbidden(t, await forbidden(t));
    },
  ),

  check(
    'data-sources/deletedatasource-403-body-error-entry-titled',
    'AUTH-403-BODY',
    'deleteDataSource: the 403 body is one error entry titled Forbidden with an empty source',
    { ...deleting, forbidden: true },
    async (t) => {
      expectForbiddenBody(t, 'deleteDataSource', await forbidden(t));
    },
  ),

  check('data-sources/delete-existing-data-source-succeeds', 'DS-DELETE', 'delete of an existing data source succeeds', deleting, async (t) => {
    expectSuccess(t, 'deleteDataSource', await firstDelete(t, deletable));
  }),

  check(
    'data-sources/after-delete-data-source-not-found',
    'DS-DELETE-PERMANENT',
    'after delete the data source is not found: a second delete is answered 404',
    { ...deleting, live: KEEPS_NO_STATE },
    async (t) => {
      await firstDelete(t, deletable);
      const ex = await deletedAgain(t, deletable);
      if (t.expect(ex.status === 404, 'DS-DELETE-PERMANENT', 'status 404 for the deleted data source', () => `status ${ex.status}`))
        expectNotFound(t, 'deleteDataSource', ex);
    },
  ),

  check(
    'data-sources/update-deleted-data-source-not-accepted',
    'DS-DELETED-NOT-UPDATED',
    'after delete an update of the data source is not accepted (one that is is followed by a delete, so the run leaves it gone)',
    { ...deleting, live: KEEPS_NO_STATE, requests: 3 },
    async (t) => {
      const first = await firstDelete(t, deletable);
      if (first.status < 200 || first.status >= 300)
        t.skip(`the run's delete of ${deletable.what(t.target)} answered ${first.status || first.error}, so nothing was deleted`);
      // an update after the delete: after it has landed, where it was answered 202
      await deleteLanded(t, deletable);
      const id = t.fixture('deletableDataSourceId');
      const ex = await t.send({ method: 'PUT', path: updatePath(id), json: { dataSource: sent } });
      const accepted = ex.status >= 200 && ex.status < 300;
      if (accepted) await t.putBack({ method: 'DELETE', path: deletePath(id) });
      // the errors of an update are not shown, and a PUT may create what it names: a 2xx is noted, its coming back is DS-DELETE-PERMANENT's
      t.note(
        accepted
          ? `the update of ${deletable.what(t.target)}, deleted (${first.status}), was accepted (${ex.status}): the errors of an update are not shown, so this is not judged`
          : `the update of ${deletable.what(t.target)}, deleted (${first.status}), was refused (${ex.status})`,
      );
    },
  ),

  check(
    'data-sources/delete-data-source-does-not-exist',
    'ERR-404',
    'delete of a data source that does not exist is answered 404 with the not-found body',
    { operation: 'deleteDataSource', writes: true, live: 'a mock does not know which ids exist' },
    async (t) => {
      expectNotFound(t, 'deleteDataSource', await t.send({ method: 'DELETE', path: deletePath(MISSING.dataSourceId) }));
    },
  ),

  property(
    'data-sources/generated-configurations-replace',
    'DS-REPLACES',
    'generated configurations (every column type, rows that fit) are accepted and shown as sent, without rows, version raised',
    { ...updating, live: KEEPS_NO_STATE, examples: () => VALID_DATA_SOURCE_KINDS },
    validDataSource,
    async (t, body) => {
      const lastVersion = lastUpdate(t).version;
      const ex = await readAfter(
        t,
        versionShown(t, lastVersion === undefined ? undefined : lastUpdate(t).pending, body, (version) => version > lastVersion!),
      );
      lastUpdate(t).pending = pendingWrite('the previous update', ex);
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
      lastUpdate(t).version = ds.version;
    },
  ),

  property(
    'data-sources/generated-malformed-configurations-rejected',
    'DS-TYPES',
    'generated malformed configurations (wrong types at every depth, missing properties, rows that do not fit) are rejected',
    { ...updating, overlaps: CHANGES_NOTHING, examples: (t: Target) => invalidKinds('updateDataSource').filter(fits(t)) },
    (t: Target) => invalidDataSource.filter(fits(t)),
    async (t, inv) => {
      expectInvalidRejected(t, 'updateDataSource', inv, await sendInvalid(t, dsPath(t.fixture('dataSourceId')), inv));
    },
  ),

  modelCheck(
    'data-sources/sequences-versions',
    'DS-VERSION',
    'sequences of updates, earlier configurations sent again and updates sent together (model-based): the version never goes back and every accepted update raises it; lastUpdatedTime never goes back',
    { ...updating, live: KEEPS_NO_STATE, perInput: 12, start: versionStart },
    versionSteps,
  ),

  // declared after the delete checks: it takes its turn on the deletable data source after them
  staysGone('data-sources/sequences-deleted-stays-gone', {
    id: 'DS-DELETE-PERMANENT',
    title: 'sequences of deletes of the deleted data source and updates of it (model-based): every delete is answered 404, whatever came between',
    options: deleting,
    what: deletable.what,
    path: deletable.path,
    first: (t) => firstDelete(t, deletable),
    between: [updateOfDeleted((target) => updatePath(target.fixtures.deletableDataSourceId!), deletable.what)],
  }),

  // declared last: it takes its turn on the deletable data source after every other check of it
  stillGone('data-sources/deleted-data-source-still-gone-end-run', {
    id: 'DS-DELETE-PERMANENT',
    title: 'at the end of the run, at least 2 s after its delete, the deleted data source is still gone: a delete is answered 404',
    options: { ...deleting, live: KEEPS_NO_STATE, requests: 2 },
    d: deletable,
  }),
];
