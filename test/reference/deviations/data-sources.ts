// What each fault of data sources visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { ACL_OBJECT_NUMBER } from '../../../reference/faults/data-source-acl-object-number.ts';
import { OTHER_DATA_SOURCE_ID } from '../../../reference/faults/data-source-other-id.ts';
import { SEED } from '../../../reference/store.ts';
import { NOT_FOUND_BODY, seen, type Reference } from '../helpers.ts';
import { dataSource, configuration, twoColumns, updated, jsonOf, errorsOf, later, everyColumnType, servedElsewhere } from './shared.ts';

export const dataSources: Record<string, (r: Reference) => Promise<void>> = {
  'data-source-delete-under-post': async (r) => {
    await servedElsewhere(r, ['DELETE', dataSource(SEED.deletableDataSourceId)], ['POST', dataSource(SEED.deletableDataSourceId)]);
    expect((await r.call('PUT', dataSource(SEED.deletableDataSourceId), { body: configuration })).status).toBe(404);
  },
  'data-source-update-under-post': async (r) => {
    const answer = await servedElsewhere(r, ['PUT', dataSource(SEED.dataSourceId)], ['POST', dataSource(SEED.dataSourceId)], configuration);
    expect(jsonOf(answer).dataSource.name).toBe(configuration.dataSource.name);
  },
  'data-source-without-state': async (r) => {
    const { dataSource: ds } = await updated(r);
    expect(ds).not.toHaveProperty('state');
    expect(ds).toMatchObject({ id: SEED.dataSourceId, version: 2 });
  },
  'data-source-rows-echoed': async (r) => {
    expect(await updated(r)).toMatchObject({ dataSource: { rows: [['v']] } });
  },
  'data-source-columns-reordered': async (r) => {
    expect((await updated(r, twoColumns)).dataSource.columnsMetadata).toEqual([...twoColumns.dataSource.columnsMetadata].reverse());
  },
  'data-source-updated-without-fraction': async (r) => {
    expect((await updated(r)).dataSource.lastUpdatedTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  },
  'data-source-version-frozen': async (r) => {
    for (let i = 0; i < 2; i++) expect(await updated(r)).toMatchObject({ dataSource: { version: 1 } });
  },
  'data-source-version-back-on-resend': async (r) => {
    const first = (await updated(r)).dataSource.version;
    expect((await updated(r, twoColumns)).dataSource.version).toBe(first + 1);
    expect((await updated(r)).dataSource.version).toBe(first);
  },
  'data-source-lost-update-under-overlap': async (r) => {
    const before = (await updated(r)).dataSource.version;
    expect((await updated(r, twoColumns)).dataSource.version).toBe(before + 1);
    // sent together: each read the version before any wrote
    const together = await Promise.all([updated(r), updated(r, twoColumns), updated(r)]);
    expect(together.map((a) => a.dataSource.version)).toEqual([before + 2, before + 2, before + 2]);
  },
  'data-source-version-only-on-rename': async (r) => {
    const first = (await updated(r)).dataSource.version;
    const rowsOnly = (await updated(r, { dataSource: { ...configuration.dataSource, rows: [] } })).dataSource.version;
    expect(rowsOnly).toBe(first);
    expect((await updated(r, { dataSource: { ...configuration.dataSource, name: 'Renamed' } })).dataSource.version).toBe(first + 1);
  },
  'data-source-updated-time-goes-back': async (r) => {
    const first = Date.parse((await updated(r)).dataSource.lastUpdatedTime);
    const second = Date.parse((await updated(r)).dataSource.lastUpdatedTime);
    // each a millisecond before the last: within minutes of the clock, yet never the time of the last update
    expect(second).toBeLessThan(first);
    expect(Math.abs(Date.now() - second)).toBeLessThan(24 * 3_600_000);
  },
  'data-source-updated-time-hours-off': async (r) => {
    const { lastUpdatedTime } = (await updated(r)).dataSource;
    expect(Date.now() - Date.parse(lastUpdatedTime)).toBeGreaterThan(3_600_000 - 60_000);
    expect(lastUpdatedTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  },
  'data-source-link-acl-no-template': async (r) => {
    const id = SEED.dataSourceId;
    expect((await updated(r)).dataSource.links).toEqual({ self: `/v1/data-sources/${id}`, acl: `/v1/data-sources/${id}/acl` });
  },
  'data-source-links-from-acl-object': async (r) => {
    const { dataSource: ds } = await updated(r);
    expect(ds.links).toEqual({ self: `/v1/data-sources/${ds.aclObject}`, acl: `/v1/data-sources/${ds.aclObject}/acl{?subjectId}` });
    expect(ds.id).toBe(SEED.dataSourceId);
  },
  'data-source-other-id': async (r) => {
    const { dataSource: ds } = await updated(r);
    expect(ds).toMatchObject({ id: OTHER_DATA_SOURCE_ID, aclObject: `acl-object-${SEED.dataSourceId}`, name: 'N' });
    expect(ds.links).toEqual({ self: dataSource(OTHER_DATA_SOURCE_ID), acl: `${dataSource(OTHER_DATA_SOURCE_ID)}/acl{?subjectId}` });
  },
  'data-source-acl-object-number': async (r) => {
    expect((await updated(r)).dataSource).toMatchObject({ aclObject: ACL_OBJECT_NUMBER, id: SEED.dataSourceId, name: 'N' });
  },
  'data-source-name-kept': async (r) => {
    expect((await updated(r)).dataSource).toMatchObject({ name: 'People', type: 'CSV', columnsMetadata: configuration.dataSource.columnsMetadata });
    const again = await updated(r, twoColumns);
    expect(again.dataSource).toMatchObject({ name: 'People', columnsMetadata: twoColumns.dataSource.columnsMetadata });
  },
  'data-source-row-short-accepted': async ({ call }) => {
    const rows = (...cells: unknown[][]) => ({ dataSource: { ...twoColumns.dataSource, rows: cells } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x'], []) })).status).toBe(200);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x', '1', 'extra']) })).status).toBe(400);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: rows(['x', 1]) })).status).toBe(400);
  },
  'data-source-rows-not-array-accepted': async ({ call }) => {
    const withRows = (rows: unknown) => ({ dataSource: { ...configuration.dataSource, rows } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: withRows({ a: 1 }) })).json).toMatchObject({ dataSource: { version: 2 } });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: withRows('v') })).status).toBe(200);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: withRows([[1]]) })).status).toBe(400);
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...configuration.dataSource, name: 1 } } })).status).toBe(400);
  },
  'data-source-null-cell-accepted': async (r) => {
    const answer = await r.call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...twoColumns.dataSource, rows: [['x', null]] } } });
    expect(answer.status).toBe(200);
    expect((await r.call('PUT', dataSource(SEED.dataSourceId), { body: { dataSource: { ...twoColumns.dataSource, rows: [['x', 1]] } } })).status).toBe(400);
  },
  'data-source-column-without-type-accepted': async ({ call }) => {
    const answer = await call('PUT', dataSource(SEED.dataSourceId), {
      body: { dataSource: { ...configuration.dataSource, columnsMetadata: [{ name: 'c' }] } },
    });
    expect(answer.status).toBe(200);
    expect(jsonOf(answer).dataSource.columnsMetadata).toEqual([{ name: 'c', type: { name: 'STRING' } }]);
    expect(
      (
        await call('PUT', dataSource(SEED.dataSourceId), {
          body: { dataSource: { ...configuration.dataSource, columnsMetadata: [{ type: { name: 'STRING' } }] } },
        })
      ).status,
    ).toBe(400);
  },
  'data-source-delete-400': async ({ call }) => {
    const answer = await call('DELETE', dataSource(SEED.deletableDataSourceId));
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.json)[0]).toMatchObject({ title: 'Delete failed' });
    expect(seen(await call('DELETE', dataSource(SEED.deletableDataSourceId)))).toMatchObject({ status: 404, body: NOT_FOUND_BODY });
  },
  'data-source-back-after-update': async ({ call }) => {
    const deletable = dataSource(SEED.deletableDataSourceId);
    expect((await call('DELETE', deletable)).status).toBe(204);
    expect((await call('DELETE', deletable)).status).toBe(404);
    expect((await call('PUT', deletable, { body: configuration })).status).toBe(200);
    expect((await call('DELETE', deletable)).status).toBe(204);
  },
  'data-source-delete-not-permanent': async ({ call }) => {
    for (let i = 0; i < 2; i++) expect((await call('DELETE', dataSource(SEED.deletableDataSourceId))).status).toBe(204);
    expect((await call('PUT', dataSource(SEED.deletableDataSourceId), { body: configuration })).status).toBe(200);
  },
  'data-source-back-after-overlapping-deletes': async ({ call }) => {
    const deletable = dataSource(SEED.deletableDataSourceId);
    const statuses = (await Promise.all([call('DELETE', deletable), call('DELETE', deletable)])).map((a) => a.status);
    expect(statuses.sort()).toEqual([204, 404]);
    expect((await call('DELETE', deletable)).status).toBe(204);
    // deletes one after another are kept
    expect((await call('DELETE', deletable)).status).toBe(404);
  },
  'data-source-back-a-second-after-delete': async ({ call }) => {
    const deletable = dataSource(SEED.deletableDataSourceId);
    expect((await call('DELETE', deletable)).status).toBe(204);
    expect((await call('DELETE', deletable)).status).toBe(404);
    await later(1_000, async () => expect((await call('DELETE', deletable)).status).toBe(204));
  },
  'data-source-boolean-column-refused': async ({ call }) => {
    const refused = await call('PUT', dataSource(SEED.dataSourceId), { body: everyColumnType });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.json)[0]).toMatchObject({ title: 'Invalid value', detail: expect.stringContaining('/dataSource/columnsMetadata/2/type/name') });
    expect((await call('PUT', dataSource(SEED.dataSourceId), { body: twoColumns })).status).toBe(200);
  },
  'data-source-type-lowercased': async (r) => {
    expect((await updated(r)).dataSource).toMatchObject({ name: 'N', type: 'csv' });
  },
};
