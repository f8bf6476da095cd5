import { noContent, ok } from '../responses.ts';
import type { DataSource, JsonObject } from '../store.ts';
import { handler, param, type Context } from './handler.ts';

const findDataSource = (ctx: Context): DataSource | undefined => ctx.store.dataSources.get(param(ctx, 'dataSourceId'));

function view(ds: DataSource, withRows: boolean) {
  const self = `/v1/data-sources/${ds.id}`;
  return {
    dataSource: {
      id: ds.id,
      aclObject: ds.aclObject,
      name: ds.name,
      lastUpdatedTime: ds.lastUpdatedTime,
      version: ds.version,
      type: ds.type,
      columnsMetadata: ds.columnsMetadata,
      ...(withRows ? { rows: ds.rows } : {}),
      state: ds.state,
      links: { self, acl: `${self}/acl{?subjectId}` },
    },
  };
}

export const updateDataSource = handler({
  find: findDataSource,
  // Synchronous from lookup to answer, so concurrent updates each raise version exactly once.
  run: (ctx, ds: DataSource, body) => {
    const sent = body.dataSource as JsonObject & Pick<DataSource, 'name' | 'type' | 'columnsMetadata' | 'rows'>;
    ds.name = sent.name;
    ds.type = sent.type;
    ds.columnsMetadata = sent.columnsMetadata;
    ds.rows = sent.rows;
    if (!ctx.faults.has('data-source-version-frozen')) ds.version += 1;
    ds.lastUpdatedTime = new Date().toISOString();
    ds.state = 'ENABLED';
    return ok(view(ds, ctx.faults.has('data-source-rows-echoed')));
  },
});

export const deleteDataSource = handler({
  find: findDataSource,
  run: (ctx, ds: DataSource) => {
    if (!ctx.faults.has('data-source-delete-not-permanent')) ctx.store.dataSources.delete(ds.id);
    return noContent();
  },
});
