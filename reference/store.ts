// The state of one reference deployment, seeded afresh on every start. Ids are stable and readable so that
// the printed .env block and the tests can name them; the per-start secrets are the keys (server.ts).
import type { Json } from '../contract/schemas.ts';
import { quietChaosSettings } from '../contract/chaos.ts';
import { FIXTURE_NAMES, type Fixtures } from '../contract/fixtures.ts';

export type JsonObject = { [key: string]: Json };

export interface Organisation {
  id: string;
  name: string;
  aclSubject: string;
  aclObject: string;
  emailAddress: string;
  subscriptionId: string;
}

export interface DataSource {
  id: string;
  aclObject: string;
  name: string;
  type: string;
  columnsMetadata: Json[];
  rows: Json[];
  version: number;
  lastUpdatedTime: string;
  state: 'ENABLED';
}

export interface LoggedRequest {
  id: string;
  url: string;
  absoluteUrl: string;
  method: string;
  clientIp: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  loggedDate: number;
  /** the bytes as received; body and bodyAsBase64 are both derived from them */
  body: Buffer;
  status: number;
  fromConfiguredStub: boolean;
}

export interface MockApi {
  id: string;
  chaos: JsonObject;
  state: JsonObject;
  requests: Map<string, LoggedRequest>;
}

export interface Store {
  organisations: Map<string, Organisation>;
  dataSources: Map<string, DataSource>;
  /** team id -> ids of its members */
  teams: Map<string, Set<string>>;
  mockApis: Map<string, MockApi>;
}

export const SEED = {
  mockApiId: 'a1b2c3d4',
  /** a second mock API, so that a logged request of one is not found under the other */
  otherMockApiId: 'f9e8d7c6',
  organisationId: 'org-1a2b3c',
  subscriptionId: 'sub-9z8y7x',
  dataSourceId: 'ds-people',
  deletableDataSourceId: 'ds-archive',
  teamId: 'team-qa',
  teamMemberId: 'user-alan',
  otherTeamMemberIds: ['user-ada', 'user-grace'],
  /** POST with a JSON body (whose Base64 has a '/' and padding), headers and cookies */
  requestId: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  /** PUT whose body is not valid UTF-8 */
  binaryRequestId: '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
  /** GET with an empty body */
  emptyRequestId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
  /** a logged request of otherMockApiId */
  otherRequestId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  /** the bytes of the binaryRequestId body: ff fe is no UTF-8 lead, c3 is a truncated sequence */
  binaryBody: [0xff, 0xfe, 0x41, 0x00, 0xc3],
} as const;

/** The seeded resource of each fixture. */
export function seededFixtures(): Required<Fixtures> {
  return Object.fromEntries(FIXTURE_NAMES.map((name) => [name, SEED[name]])) as Required<Fixtures>;
}

function dataSource(id: string, name: string, columns: [string, Json][], rows: string[][], now: number): DataSource {
  return {
    id,
    aclObject: `acl-object-${id}`,
    name,
    type: 'CSV',
    columnsMetadata: columns.map(([column, type]) => ({ name: column, type })),
    rows,
    version: 1,
    lastUpdatedTime: new Date(now).toISOString(),
    state: 'ENABLED',
  };
}

function loggedRequest(fields: Omit<LoggedRequest, 'absoluteUrl' | 'clientIp'> & { host: string }): LoggedRequest {
  const { host, ...rest } = fields;
  // a mock API's host name is made of its id: a letter, digit or hyphen only, whatever the id holds
  const label = host.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  // the host it was sent to, as received: its Host header and the authority of its absoluteUrl
  const headers = { Host: `${label}.mocklab.io`, ...rest.headers };
  return { ...rest, headers, absoluteUrl: `https://${label}.mocklab.io${fields.url}`, clientIp: '203.0.113.7' };
}

// The interface gives no defaults, so every mock API starts with chaos settings that do nothing.
function mockApi(id: string, requests: LoggedRequest[]): MockApi {
  return { id, chaos: quietChaosSettings(), state: { defaultContextExpression: '' }, requests: new Map(requests.map((r) => [r.id, r])) };
}

/** The organisation the checks may rename, under the fixture's id. */
function seededOrganisation(ids: Required<Fixtures>): Organisation {
  return {
    id: ids.organisationId,
    name: 'Example Ltd',
    aclSubject: `acl-subject-${ids.organisationId}`,
    aclObject: `acl-object-${ids.organisationId}`,
    emailAddress: 'admin@example.com',
    subscriptionId: SEED.subscriptionId,
  };
}

/** The data source whose configuration the checks may replace, then the one they may delete. */
function seededDataSources(ids: Required<Fixtures>, now: number): DataSource[] {
  const people = dataSource(
    ids.dataSourceId,
    'People',
    [
      ['name', { name: 'STRING' }],
      ['born', { name: 'DATE', format: 'iso8601' }],
    ],
    [
      ['Ada', '1815-12-10'],
      ['Alan', '1912-06-23'],
    ],
    now,
  );
  const archive = dataSource(
    ids.deletableDataSourceId,
    'Archive',
    [
      ['entry', { name: 'STRING' }],
      ['count', { name: 'INTEGER' }],
    ],
    [['first', '1']],
    now,
  );
  return [people, archive];
}

/**
 * The logged requests of the fixture's mock API (a JSON POST, a PUT of bytes that are not UTF-8, an empty GET),
 * logged some minutes before the start, each at a millisecond that makes truncation to the second visible.
 */
function seededRequests(ids: Required<Fixtures>, now: number): LoggedRequest[] {
  return [
    loggedRequest({
      id: ids.requestId,
      host: ids.mockApiId,
      url: '/orders?limit=2',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: '*/*', Cookie: 'session=abc123; theme=dark' },
      cookies: { session: 'abc123', theme: 'dark' },
      loggedDate: now - 180_000 - 123,
      body: Buffer.from('{"item":"tea","quantity":2,"note":"tea & scones?"}', 'utf8'),
      status: 201,
      fromConfiguredStub: true,
    }),
    loggedRequest({
      id: SEED.binaryRequestId,
      host: ids.mockApiId,
      url: '/blobs/7',
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      cookies: {},
      loggedDate: now - 120_000 - 456,
      body: Buffer.from(SEED.binaryBody),
      status: 204,
      fromConfiguredStub: true,
    }),
    loggedRequest({
      id: SEED.emptyRequestId,
      host: ids.mockApiId,
      url: '/health',
      method: 'GET',
      headers: { Accept: 'application/json' },
      cookies: {},
      loggedDate: now - 60_000 - 789,
      body: Buffer.alloc(0),
      status: 404,
      fromConfiguredStub: false,
    }),
  ];
}

/** The one logged request of the other mock API. */
function otherMockApiRequest(now: number): LoggedRequest {
  return loggedRequest({
    id: SEED.otherRequestId,
    host: SEED.otherMockApiId,
    url: '/ping',
    method: 'GET',
    headers: {},
    cookies: {},
    loggedDate: now - 30_000 - 1,
    body: Buffer.alloc(0),
    status: 200,
    fromConfiguredStub: true,
  });
}

/** The store of a fresh start, the fixtures' resources under `ids` (the seeded ones unless told). */
export function seededStore(now: number, ids: Required<Fixtures> = seededFixtures()): Store {
  const organisation = seededOrganisation(ids);
  return {
    organisations: new Map([[organisation.id, organisation]]),
    dataSources: new Map(seededDataSources(ids, now).map((ds) => [ds.id, ds])),
    teams: new Map([[ids.teamId, new Set([ids.teamMemberId, ...SEED.otherTeamMemberIds])]]),
    mockApis: new Map([
      [ids.mockApiId, mockApi(ids.mockApiId, seededRequests(ids, now))],
      [SEED.otherMockApiId, mockApi(SEED.otherMockApiId, [otherMockApiRequest(now)])],
    ]),
  };
}
