import { readJson } from './body.ts';
import { type Call, found, param, permit } from './call.ts';
import { readDataSourceConfig } from './data-source-body.ts';
import { jsonReply, noContent, type Reply } from './reply.ts';
import type { DataSource } from './types.ts';

// `rows` is left out: the spec's update response omits it, and rows can be large.
export function dataSourceView(source: DataSource): Record<string, unknown> {
  const self = `/v1/data-sources/${source.id}`;
  return {
    id: source.id,
    aclObject: source.aclObject,
    name: source.name,
    lastUpdatedTime: source.lastUpdated.toISOString(),
    version: source.version,
    type: source.type,
    columnsMetadata: source.columnsMetadata,
    state: source.state,
    links: { self, acl: `${self}/acl{?subjectId}` },
  };
}

// Each accepted replacement is a new version, so clients can tell configurations apart.
export async function updateDataSource(call: Call): Promise<Reply> {
  const source = found(call.store.dataSources.get(param(call, 'dataSourceId')));
  permit(call.user, source.organisationId);
  Object.assign(source, readDataSourceConfig(await readJson(call.req)));
  source.version += 1;
  source.lastUpdated = new Date();
  return jsonReply(200, { dataSource: dataSourceView(source) });
}

export async function deleteDataSource(call: Call): Promise<Reply> {
  const source = found(call.store.dataSources.get(param(call, 'dataSourceId')));
  permit(call.user, source.organisationId);
  call.store.deleteDataSource(source.id);
  return noContent();
}
