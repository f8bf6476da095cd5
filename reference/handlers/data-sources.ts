import { expandPath } from '../../contract/schemas.ts';
import { noContent, ok } from '../responses.ts';
import type { DataSource, JsonObject } from '../store.ts';
import { handler, param, type Context } from './handler.ts';

const findDataSource = (ctx: Context): DataSource | undefined => ctx.store.dataSources.get(param(ctx, 'dataSourceId'));

const keepDataSource = (ctx: Context, found: DataSource, kept: DataSource | undefined): void => {
  if (kept) ctx.store.dataSources.set(kept.id, kept);
  else ctx.store.dataSources.delete(found.id);
};

// The update's answer carries no rows (Endpoints > Update data source); links are built from the id,
// percent-encoded as a path segment.
function view(ds: DataSource) {
  const self = expandPath('/v1/data-sources/{id}', { id: ds.id });
  return {
    dataSource: {
      id: ds.id,
      aclObject: ds.aclObject,
      name: ds.name,
      lastUpdatedTime: ds.lastUpdatedTime,
      version: ds.version,
      type: ds.type,
      columnsMetadata: ds.columnsMetadata,
      state: ds.state,
      links: { self, acl: `${self}/acl{?subjectId}` },
    },
  };
}

export const updateDataSource = handler({
  find: findDataSource,
  // Synchronous from lookup to answer, so concurrent updates each raise version exactly once.
  change: (_ctx, ds: DataSource, body): DataSource => {
    const sent = body.dataSource as JsonObject & Pick<DataSource, 'name' | 'type' | 'columnsMetadata' | 'rows'>;
    return {
      ...ds,
      name: sent.name,
      type: sent.type,
      columnsMetadata: sent.columnsMetadata,
      rows: sent.rows,
      // the version counter rises with every accepted update
      version: ds.version + 1,
      lastUpdatedTime: new Date().toISOString(),
      state: 'ENABLED',
    };
  },
  keep: keepDataSource,
  reply: (_ctx, ds: DataSource | undefined) => ok(view(ds!)),
});

export const deleteDataSource = handler({
  find: findDataSource,
  change: () => undefined,
  keep: keepDataSource,
  reply: () => noContent(),
});
