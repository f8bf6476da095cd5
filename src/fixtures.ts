// The fixtures a run may use, and the environment variables that name them. One table, read by the
// configuration (src/config.ts) and by the reference deployment when it prints its .env block.

export interface Fixtures {
  /** the mock API whose settings the checks may change and whose requests they read */
  mockApiId?: string;
  /** the organisation the checks may rename (and rename back) */
  organisationId?: string;
  /** the data source whose configuration the checks may replace */
  dataSourceId?: string;
  /** consent to delete: this data source is deleted */
  deletableDataSourceId?: string;
  /** the team whose member may be removed */
  teamId?: string;
  /** consent to delete: this user is removed from teamId */
  teamMemberId?: string;
  /** a logged request of mockApiId */
  requestId?: string;
}

export type FixtureName = keyof Fixtures;

export const FIXTURE_VARIABLES: Record<FixtureName, string> = {
  mockApiId: 'MOCKAPI_MOCK_API_ID',
  organisationId: 'MOCKAPI_ORGANISATION_ID',
  dataSourceId: 'MOCKAPI_DATA_SOURCE_ID',
  deletableDataSourceId: 'MOCKAPI_DELETABLE_DATA_SOURCE_ID',
  teamId: 'MOCKAPI_TEAM_ID',
  teamMemberId: 'MOCKAPI_TEAM_MEMBER_ID',
  requestId: 'MOCKAPI_REQUEST_ID',
};

/**
 * Fixtures for a mock deployment, which keeps no data: ids of the right shape name something there. Taken
 * from the examples of schemas/openapi.yaml where they show one. A user's own values win.
 */
export const MOCK_FIXTURES: Required<Fixtures> = {
  mockApiId: 'a1b2c3d4',
  organisationId: 'org-1a2b3c',
  dataSourceId: 'ds-people',
  deletableDataSourceId: 'ds-archive',
  teamId: 'team-qa',
  teamMemberId: 'user-alan',
  requestId: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
};
