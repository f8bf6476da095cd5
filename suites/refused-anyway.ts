// Per operation, a request every deployment that keeps the interface refuses whatever else is sent with it: ids
// that name nothing, and for a PUT a body that must be refused. The checks that send something besides (a key
// elsewhere, a query parameter) send it on these, so that a deployment that wrongly takes it still changes nothing.
import type { RequestSpec } from '../src/http/client.ts';
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
