// Per operation, a request every deployment that keeps the interface refuses whatever else is sent with it: ids
// that name nothing, and for a PUT a body that must be refused. The checks that send something besides (a key
// elsewhere, a query parameter) send it on these, so that a deployment that wrongly takes it still changes nothing.
import { shared, type CheckContext } from '../src/harness/check.ts';
import type { RequestSpec } from '../src/http/client.ts';
import { describe as describeExchange } from '../src/judge/checker.ts';
import type { OperationId } from '../contract/schemas.ts';
import { exampleBody, MISSING, pathOf } from '../src/harness/support.ts';

/** The request of each operation (an update of a data source may create one that does not exist, since its errors are not shown: its name is wrong too). */
export const CHANGES_NOTHING_ANYWAY: Record<OperationId, () => RequestSpec> = {
  updateChaosSettings: () => ({
    method: 'PUT',
    path: pathOf('updateChaosSettings', { mockApiId: MISSING.mockApiId }),
    json: { chaos: { enabled: false, percentageFailures: 101 } },
  }),
  updateStateSettings: () => ({
    method: 'PUT',
    path: pathOf('updateStateSettings', { mockApiId: MISSING.mockApiId }),
    json: { state: { defaultContextExpression: 42 } },
  }),
  getOrganisation: () => ({ method: 'GET', path: pathOf('getOrganisation', { organisationId: MISSING.organisationId }) }),
  updateOrganisation: () => ({
    method: 'PUT',
    path: pathOf('updateOrganisation', { organisationId: MISSING.organisationId }),
    json: { organisation: { name: 5 } },
  }),
  deleteDataSource: () => ({ method: 'DELETE', path: pathOf('deleteDataSource', { dataSourceId: MISSING.dataSourceId }) }),
  updateDataSource: () => ({
    method: 'PUT',
    path: pathOf('updateDataSource', { dataSourceId: MISSING.dataSourceId }),
    json: { dataSource: { ...exampleBody('updateDataSource').dataSource, name: 42 } },
  }),
  deleteTeamMember: () => ({ method: 'DELETE', path: pathOf('deleteTeamMember', { teamId: MISSING.teamId, userId: MISSING.userId }) }),
  getLoggedRequest: () => ({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: MISSING.mockApiId, requestId: MISSING.requestId }) }),
  pushOpenApiToGit: () => ({ method: 'PUT', path: pathOf('pushOpenApiToGit', { mockApiId: MISSING.mockApiId }), json: { push: { outOfSyncPolicy: 5 } } }),
};

/** The organisation's current name, read once for every check that sends it back. */
const currentOrganisation = shared(async ({ client, target }) => {
  const id = target.fixtures.organisationId;
  if (!id) return undefined;
  const ex = await client.send({ method: 'GET', path: pathOf('getOrganisation', { organisationId: id }) });
  return ex;
});

/** An organisation body with its own current name: a PUT of it that should be refused changes nothing anyway. */
export async function organisationBody(t: CheckContext): Promise<unknown> {
  const ex = await currentOrganisation(t);
  const name = (ex?.json as { organisation?: { name?: unknown } } | undefined)?.organisation?.name;
  if (ex && typeof name !== 'string') {
    t.uses(ex);
    t.violate('ORG-RESPONSE', 'the organisation (read to send its own name back unchanged)', describeExchange(ex));
    t.stopIfViolated();
  }
  return { organisation: { name: name ?? 'conformance' } };
}
