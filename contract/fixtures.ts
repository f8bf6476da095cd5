// The fixtures a run may use: one table of their names, the environment variables that name them and what a
// run may do with each. Read by the harness's configuration, by the reference deployment when it prints its
// .env block, and wherever a fixture is named.

const FIXTURES = {
  mockApiId: { variable: 'MOCKAPI_MOCK_API_ID', use: 'the mock API whose settings the checks may change and whose requests they read' },
  organisationId: { variable: 'MOCKAPI_ORGANISATION_ID', use: 'the organisation the checks may rename (and rename back)' },
  dataSourceId: { variable: 'MOCKAPI_DATA_SOURCE_ID', use: 'the data source whose configuration the checks may replace' },
  deletableDataSourceId: { variable: 'MOCKAPI_DELETABLE_DATA_SOURCE_ID', use: 'consent to delete: this data source is deleted' },
  teamId: { variable: 'MOCKAPI_TEAM_ID', use: 'the team whose member may be removed' },
  teamMemberId: { variable: 'MOCKAPI_TEAM_MEMBER_ID', use: 'consent to delete: this user is removed from the team' },
  requestId: { variable: 'MOCKAPI_REQUEST_ID', use: 'a logged request of the mock API' },
} as const;

export type FixtureName = keyof typeof FIXTURES;

/** The fixtures of a run; one left out is not configured, and the checks that need it are skipped. */
export type Fixtures = Partial<Record<FixtureName, string>>;

export const FIXTURE_NAMES = Object.keys(FIXTURES) as FixtureName[];

export const FIXTURE_VARIABLES = Object.fromEntries(FIXTURE_NAMES.map((name) => [name, FIXTURES[name].variable])) as Record<FixtureName, string>;

/** The variables of the fixtures given, in the table's order: what a report records of them (never their values). */
export const fixtureVariables = (fixtures: Fixtures): string[] =>
  FIXTURE_NAMES.filter((name) => fixtures[name] !== undefined).map((name) => FIXTURE_VARIABLES[name]);
