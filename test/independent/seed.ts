import { isoSeconds } from './clock.ts';
import { newApiKey, newMockApiId, newResourceId, newUuid } from './ids.ts';
import type { Store } from './store.ts';
import type { DataSource, LoggedRequest, MockApi, Organisation, User } from './types.ts';

/** Ids and keys of the seeded data, which the deployment hands to a client as its configuration. */
export interface Fixtures {
  apiKey: string;
  forbiddenApiKey: string;
  mockApiId: string;
  requestId: string;
  organisationId: string;
  dataSourceId: string;
  deletableDataSourceId: string;
  teamId: string;
  teamMemberId: string;
}

function addOrganisation(store: Store, name: string, emailAddress: string): Organisation {
  const org = { id: newResourceId(), name, aclSubject: newResourceId(), aclObject: newResourceId(), emailAddress, subscriptionId: newResourceId() };
  store.organisations.set(org.id, org);
  return org;
}

function addUser(store: Store, organisationId: string): { user: User; apiKey: string } {
  const user = { id: newResourceId(), organisationId, aclSubject: newResourceId() };
  const apiKey = newApiKey();
  store.users.set(user.id, user);
  store.addApiKey(user.id, apiKey);
  return { user, apiKey };
}

function addDataSource(store: Store, organisationId: string, name: string, rows: string[][]): DataSource {
  const source: DataSource = {
    id: newResourceId(),
    organisationId,
    aclObject: newResourceId(),
    name,
    type: 'CSV',
    columnsMetadata: [
      { name: 'id', type: { name: 'INTEGER' } },
      { name: 'name', type: { name: 'STRING' } },
      { name: 'joined', type: { name: 'DATE', format: 'iso8601' } },
      { name: 'active', type: { name: 'BOOLEAN' } },
    ],
    rows,
    lastUpdated: new Date(),
    version: 1,
    state: 'ENABLED',
  };
  store.dataSources.set(source.id, source);
  return source;
}

// A request as the mock API would have logged it; the Base64 body and the second-precision date are derived, so they agree.
function loggedRequest(mockApiId: string, method: string, url: string, body: string, status: number, loggedDate: number): LoggedRequest {
  return {
    id: newUuid(),
    request: {
      url,
      absoluteUrl: `https://${mockApiId}.mocks.example.net${url}`,
      method,
      clientIp: '203.0.113.7',
      headers: { Host: `${mockApiId}.mocks.example.net`, Accept: 'application/json', 'Content-Type': 'application/json', Cookie: 'session=abc123' },
      cookies: { session: 'abc123' },
      browserProxyRequest: false,
      loggedDate,
      loggedDateString: isoSeconds(loggedDate),
      body,
      bodyAsBase64: Buffer.from(body, 'utf8').toString('base64'),
    },
    responseDefinition: { status, transformers: [], fromConfiguredStub: status !== 404, transformerParameters: {} },
  };
}

function addMockApi(store: Store, organisationId: string, dataSourceIds: string[]): MockApi {
  const id = newMockApiId();
  const mockApi: MockApi = {
    id,
    organisationId,
    chaos: {
      enabled: false,
      percentageFailures: 0,
      socketClose: { enabled: false },
      socketReset: { enabled: false },
      invalidHttp: { enabled: false },
      longDelay: { enabled: false, durationMillis: 10_000 },
      httpErrors: [{ status: 503 }],
    },
    state: { defaultContextExpression: '{{request.headers.X-Session-Id}}' },
    git: { repositoryUrl: 'https://git.example.net/acme/orders-api.git', localHead: null },
    dataSourceIds: new Set(dataSourceIds),
    requests: new Map(),
    jobs: new Map(),
  };
  const now = Date.now();
  for (const logged of [
    loggedRequest(id, 'POST', '/orders?priority=high', '{"item":"widget","quantity":2}', 201, now - 60_000),
    loggedRequest(id, 'GET', '/unknown', '', 404, now - 30_000),
  ]) {
    mockApi.requests.set(logged.id, logged);
  }
  store.mockApis.set(id, mockApi);
  return mockApi;
}

/** Seeds one organisation holding every fixture, plus a second one whose only user may touch none of them. */
export function seed(store: Store): Fixtures {
  const org = addOrganisation(store, 'Acme Mocking', 'billing@acme.example.net');
  const admin = addUser(store, org.id);
  const member = addUser(store, org.id);
  const outsider = addUser(store, addOrganisation(store, 'Other Org', 'owner@other.example.net').id);
  const team = { id: newResourceId(), organisationId: org.id, name: 'Platform', memberIds: new Set([admin.user.id, member.user.id]) };
  store.teams.set(team.id, team);
  const customers = addDataSource(store, org.id, 'Customers', [
    ['1', 'Ada', '2024-01-15', 'true'],
    ['2', 'Grace', '2024-02-01T09:30:00Z', 'false'],
  ]);
  const legacy = addDataSource(store, org.id, 'Legacy customers', [['3', 'Edsger', '', 'false']]);
  const mockApi = addMockApi(store, org.id, [customers.id, legacy.id]);
  return {
    apiKey: admin.apiKey,
    forbiddenApiKey: outsider.apiKey,
    mockApiId: mockApi.id,
    requestId: [...mockApi.requests.keys()][0] ?? '',
    organisationId: org.id,
    dataSourceId: customers.id,
    deletableDataSourceId: legacy.id,
    teamId: team.id,
    teamMemberId: member.user.id,
  };
}
