import { isoTimestamp } from '../clock.ts';
import type { Faults } from '../faults.ts';
import { errorEntry, errorList, noContent, ok } from '../responses.ts';
import type { DataSource, JsonObject } from '../store.ts';
import { handler, param, type Context } from './handler.ts';

const findDataSource = (ctx: Context): DataSource | undefined => ctx.store.dataSources.get(param(ctx, 'dataSourceId'));

function view(ds: DataSource, faults: Faults) {
  const self = `/v1/data-sources/${faults.has('data-source-links-from-acl-object') ? ds.aclObject : ds.id}`;
  const dataSource = {
    id: ds.id,
    aclObject: ds.aclObject,
    name: ds.name,
    lastUpdatedTime: faults.has('data-source-updated-without-fraction') ? ds.lastUpdatedTime.replace(/[.,]\d+Z$/, 'Z') : ds.lastUpdatedTime,
    version: ds.version,
    type: ds.type,
    columnsMetadata: faults.has('data-source-columns-reordered') ? [...ds.columnsMetadata].reverse() : ds.columnsMetadata,
    ...(faults.has('data-source-rows-echoed') ? { rows: ds.rows } : {}),
    ...(faults.has('data-source-without-state') ? {} : { state: ds.state }),
    links: { self, acl: faults.has('data-source-link-acl-no-template') ? `${self}/acl` : `${self}/acl{?subjectId}` },
  };
  return faults.has('data-source-response-unwrapped') ? dataSource : { dataSource };
}

export const updateDataSource = handler({
  find: findDataSource,
  // Synchronous from lookup to answer, so concurrent updates each raise version exactly once.
  run: (ctx, ds: DataSource, body) => {
    const sent = body.dataSource as JsonObject & Pick<DataSource, 'name' | 'type' | 'columnsMetadata' | 'rows'>;
    const renamed = ds.name !== sent.name || ds.type !== sent.type;
    ds.name = sent.name;
    ds.type = sent.type;
    ds.columnsMetadata = sent.columnsMetadata;
    ds.rows = sent.rows;
    const counted = !ctx.faults.has('data-source-version-frozen') && (renamed || !ctx.faults.has('data-source-version-only-on-rename'));
    if (counted) ds.version += ctx.variations ? 7 : 1;
    // variations: microseconds, more than Date's milliseconds
    const hoursOff = ctx.faults.has('data-source-updated-time-hours-off') ? 2 * 3_600_000 : 0;
    ds.lastUpdatedTime = ctx.variations ? isoTimestamp(ctx.clock.nowNanos(), 6) : new Date(Date.now() - hoursOff).toISOString();
    ds.state = 'ENABLED';
    return ok(view(ds, ctx.faults));
  },
});

export const deleteDataSource = handler({
  find: findDataSource,
  run: (ctx, ds: DataSource) => {
    if (!ctx.faults.has('data-source-delete-not-permanent')) ctx.store.dataSources.delete(ds.id);
    if (ctx.faults.has('data-source-delete-400')) return errorList(400, [errorEntry(400, 'Delete failed', `The data source ${ds.id} could not be deleted`)]);
    return ctx.variations ? ok({ deleted: { id: ds.id } }) : noContent();
  },
});
