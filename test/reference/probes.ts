// One pass over the interface, as the fault tests and the exchange tests (test/judge/exchange.test.ts) make it:
// the probes, in order, each naming the requirements whose statements its answer shows.
import { Agent } from 'node:http';
import { startReference, type ReferenceOptions } from '../../reference/server.ts';
import { SEED } from '../../reference/store.ts';
import type { RequirementId } from '../../contract/requirements.ts';
import { operation } from '../../contract/schemas.ts';
import {
  chaos,
  configuration,
  dataSource,
  everyColumnType,
  loggedRequest,
  member,
  org,
  push,
  state,
  twoColumns,
  UNKNOWN_MOCK_API,
  UNKNOWN_UUID,
} from './deviations/shared.ts';
import { send, type Call, type Reference } from './helpers.ts';

export async function withReference<T>(options: ReferenceOptions, use: (reference: Reference) => Promise<T>): Promise<T> {
  const deployment = await startReference(options);
  // the pass's requests over connections kept alive: a new connection for each cost about half of a pass's CPU
  const agent = new Agent({ keepAlive: true });
  try {
    return await use({ deployment, call: (method, path, call = {}) => send(deployment.baseUrl, method, path, call, deployment.fixtures.token, agent) });
  } finally {
    agent.destroy();
    await deployment.close();
  }
}

const chaosExample = () => structuredClone((operation('updateChaosSettings').requestBody!.examples[0] as { chaos: Record<string, unknown> }).chaos);

const SUCCESS = {
  chaos: ['CHAOS-STATUS', 'CHAOS-RESPONSE', 'CHAOS-ECHO', 'GEN-WRAP-RESPONSE', 'GEN-JSON'],
  state: ['STATE-RESPONSE', 'STATE-ECHO', 'GEN-WRAP-RESPONSE', 'GEN-JSON'],
  organisation: ['ORG-RESPONSE', 'ORG-IDENTITY', 'ORG-LINKS', 'ORG-EMAIL', 'ORG-EMAIL-FORM', 'GEN-WRAP-RESPONSE', 'GEN-JSON'],
  dataSource: ['DS-RESPONSE', 'DS-NO-ROWS', 'DS-REPLACES', 'DS-LAST-UPDATED', 'DS-LAST-UPDATED-NOW', 'DS-VERSION', 'DS-LINKS', 'GEN-WRAP-RESPONSE', 'GEN-JSON'],
  loggedRequest: [
    'LR-RESPONSE',
    'LR-IDENTITY',
    'LR-DATE',
    'LR-DATE-FORMAT',
    'LR-BODY',
    'LR-URL',
    'LR-METHOD',
    'LR-CLIENT-IP',
    'LR-CLIENT-IP-FORM',
    'LR-COOKIES',
    'LR-HEADERS',
    'ID-REQUEST-UUID',
    'GEN-UNWRAPPED-LOGGED-REQUEST',
    'GEN-JSON',
  ],
  job: [
    'PUSH-STATUS',
    'PUSH-RESPONSE',
    'JOB-TYPE',
    'JOB-STARTED',
    'JOB-FINISHED',
    'JOB-FINISHED-PRESENT',
    'JOB-FINISHED-STAGE',
    'JOB-ELAPSED',
    'JOB-TIMES',
    'JOB-TIMES-NOW',
    'JOB-LINKS',
    'JOB-OUTCOME',
    'GEN-WRAP-RESPONSE',
    'GEN-JSON',
  ],
} satisfies Record<string, RequirementId[]>;

const put = (path: string, body: unknown) => ({ method: 'PUT', path, call: () => ({ body }) });
const chaosPut = (body: unknown, mockApiId?: string) => put(chaos(mockApiId), body);

// One pass over the interface. Each probe names the requirements whose statements its answer shows (a
// successful answer: every statement about that answer); the kind of answer adds those of its body (see
// bodyShows). Probes run in this order on every deployment, so the state they meet is the same: answers
// that succeed come before the bodies a fault may wrongly accept, so that what such a fault stores shows in
// no later answer.
export const probes: { name: string; shows: RequirementId[]; method: string; path: string; call?: (r: Reference) => Call }[] = [
  { name: 'get organisation, no Authorization', shows: ['AUTH-401-MISSING'], method: 'GET', path: org, call: () => ({ token: null }) },
  { name: 'get organisation, unknown key', shows: ['AUTH-401-INVALID'], method: 'GET', path: org, call: () => ({ token: 'nope' }) },
  {
    name: 'get organisation, Bearer',
    shows: ['AUTH-401-INVALID'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: null, headers: { Authorization: `Bearer ${r.deployment.fixtures.token}` } }),
  },
  {
    name: 'get organisation, the key with characters appended',
    shows: ['AUTH-401-INVALID'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: `${r.deployment.fixtures.token}x0` }),
  },
  {
    name: 'get organisation, the key without its last character',
    shows: ['AUTH-401-INVALID'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: r.deployment.fixtures.token.slice(0, -1) }),
  },
  {
    name: 'get organisation, the key in the other case',
    shows: ['AUTH-401-INVALID'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: [...r.deployment.fixtures.token].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('') }),
  },
  {
    name: 'get organisation, token in lower case',
    shows: ['AUTH-SCHEME-CASE'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: null, headers: { Authorization: `token ${r.deployment.fixtures.token}` } }),
  },
  {
    name: 'get organisation, a tab between Token and the key',
    shows: ['AUTH-SEPARATOR'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: null, headers: { Authorization: `Token\t${r.deployment.fixtures.token}` } }),
  },
  {
    name: 'get organisation, the key in ?apiKey= without Authorization',
    shows: ['AUTH-401-MISSING'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: null, query: `apiKey=${r.deployment.fixtures.token}` }),
  },
  {
    name: 'get organisation, the key in a cookie without Authorization',
    shows: ['AUTH-401-MISSING'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: null, headers: { Cookie: `token=${r.deployment.fixtures.token}` } }),
  },
  {
    name: 'get organisation, the key in X-API-Key without Authorization',
    shows: ['AUTH-401-MISSING'],
    method: 'GET',
    path: org,
    call: (r) => ({ token: null, headers: { 'X-API-Key': r.deployment.fixtures.token } }),
  },
  { name: 'update chaos, no Authorization', shows: ['AUTH-401-MISSING'], method: 'PUT', path: chaos(), call: () => ({ token: null, body: { chaos: {} } }) },
  { name: 'push, no Authorization', shows: ['AUTH-401-MISSING'], method: 'PUT', path: push, call: () => ({ token: null, body: { push: {} } }) },
  { name: 'get organisation, forbidden key', shows: ['AUTH-403'], method: 'GET', path: org, call: (r) => ({ token: r.deployment.fixtures.forbiddenToken }) },
  { name: 'get organisation', shows: SUCCESS.organisation, method: 'GET', path: org },
  {
    name: 'get organisation with a query parameter',
    shows: [...SUCCESS.organisation, 'GEN-NO-QUERY-PARAMETER'],
    method: 'GET',
    path: org,
    call: () => ({ query: 'page=1' }),
  },
  { name: 'get unknown organisation', shows: ['ERR-UNKNOWN-ID'], method: 'GET', path: '/v1/organisations/none' },
  { name: 'unknown path', shows: ['ERR-UNKNOWN-ID'], method: 'GET', path: '/v1/none' },
  { name: 'chaos, enabled only', shows: SUCCESS.chaos, ...chaosPut({ chaos: { enabled: false } }) },
  { name: 'chaos, every field', shows: SUCCESS.chaos, ...chaosPut({ chaos: { ...chaosExample(), enabled: false } }) },
  {
    name: 'chaos, socketClose and socketReset apart',
    shows: SUCCESS.chaos,
    ...chaosPut({ chaos: { ...chaosExample(), enabled: false, socketClose: { enabled: true }, socketReset: { enabled: false } } }),
  },
  { name: 'chaos at 0', shows: [...SUCCESS.chaos, 'CHAOS-PERCENTAGE-LIMIT'], ...chaosPut({ chaos: { percentageFailures: 0 } }) },
  {
    name: 'chaos at the limits',
    shows: [...SUCCESS.chaos, 'CHAOS-PERCENTAGE-LIMIT', 'CHAOS-HTTP-STATUS-LIMIT'],
    ...chaosPut({ chaos: { percentageFailures: 100, httpErrors: [{ status: 400 }, { status: 599 }] } }),
  },
  // every field sent, so that the answer shows only what these send, whatever came before
  {
    name: 'chaos, a delay past 32 bits',
    shows: [...SUCCESS.chaos, 'CHAOS-VALUES'],
    ...chaosPut({ chaos: { ...chaosExample(), enabled: false, longDelay: { enabled: false, durationMillis: 2 ** 40 } } }),
  },
  {
    name: 'chaos, percentageFailures written 5e1',
    shows: [...SUCCESS.chaos, 'CHAOS-VALUES'],
    ...chaosPut(
      JSON.stringify({ chaos: { ...chaosExample(), enabled: false, percentageFailures: 50 } }).replace('"percentageFailures":50', '"percentageFailures":5e1'),
    ),
  },
  { name: 'chaos a hair above 100', shows: ['CHAOS-PERCENTAGE-LIMIT'], ...chaosPut({ chaos: { percentageFailures: 100.00000000000001 } }) },
  { name: 'chaos 100.5', shows: ['CHAOS-PERCENTAGE-LIMIT'], ...chaosPut({ chaos: { percentageFailures: 100.5 } }) },
  { name: 'chaos -0.5', shows: ['CHAOS-PERCENTAGE-LIMIT'], ...chaosPut({ chaos: { percentageFailures: -0.5 } }) },
  { name: 'chaos status 600', shows: ['CHAOS-HTTP-STATUS-LIMIT'], ...chaosPut({ chaos: { httpErrors: [{ status: 600 }] } }) },
  { name: 'chaos status 399', shows: ['CHAOS-HTTP-STATUS-LIMIT'], ...chaosPut({ chaos: { httpErrors: [{ status: 399 }] } }) },
  {
    name: 'chaos status 600 after a valid one',
    shows: ['CHAOS-HTTP-STATUS-LIMIT'],
    ...chaosPut({ chaos: { httpErrors: [{ status: 500 }, { status: 600 }] } }),
  },
  { name: 'chaos status 2^32 + 599', shows: ['CHAOS-HTTP-STATUS-LIMIT'], ...chaosPut({ chaos: { httpErrors: [{ status: 2 ** 32 + 599 }] } }) },
  {
    name: 'chaos, a duration as a string of digits',
    shows: ['CHAOS-TYPES'],
    ...chaosPut({ chaos: { longDelay: { enabled: false, durationMillis: '30000' } } }),
  },
  { name: 'chaos, a null httpErrors item', shows: ['CHAOS-TYPES'], ...chaosPut({ chaos: { httpErrors: [{ status: 500 }, null] } }) },
  { name: 'chaos without wrapper', shows: ['GEN-WRAP-REQUEST'], ...chaosPut({ enabled: true }) },
  { name: 'chaos, empty body', shows: ['GEN-WRAP-REQUEST'], ...chaosPut({}) },
  { name: 'chaos settings in the state wrapper', shows: ['GEN-WRAP-REQUEST'], ...chaosPut({ state: { enabled: false } }) },
  { name: 'chaos wrong type', shows: ['CHAOS-TYPES'], ...chaosPut({ chaos: { enabled: 'yes' } }) },
  { name: 'chaos enabled as a string', shows: ['CHAOS-TYPES'], ...chaosPut({ chaos: { enabled: 'false' } }) },
  { name: 'chaos not JSON', shows: ['GEN-NOT-JSON'], ...chaosPut('{') },
  { name: 'chaos, a body over 1 MiB', shows: ['GEN-NO-5XX'], ...chaosPut({ chaos: { enabled: false, padding: 'x'.repeat(1024 * 1024 + 1) } }) },
  // an id out of its limits may be refused with any 4xx and any body the interface names: an error list there holds
  // its entries' types as every error list does (expectRejected), so the answer shows that statement too
  { name: 'chaos, 4-character id', shows: ['ID-MOCK-API-LENGTH', 'ERR-ERROR-LIST'], ...chaosPut({ chaos: {} }, 'a1b2') },
  { name: 'chaos, 11-character id', shows: ['ID-MOCK-API-LENGTH', 'ERR-ERROR-LIST'], ...chaosPut({ chaos: {} }, 'a1b2c3d4e5f') },
  { name: 'chaos of an unknown mock API', shows: ['ERR-UNKNOWN-ID'], ...chaosPut({ chaos: { enabled: false } }, UNKNOWN_MOCK_API) },
  { name: 'state', shows: SUCCESS.state, ...put(state, { state: { defaultContextExpression: 'x' } }) },
  { name: 'state without the expression', shows: SUCCESS.state, ...put(state, { state: {} }) },
  { name: 'state, a number', shows: ['STATE-TYPES'], ...put(state, { state: { defaultContextExpression: 42 } }) },
  { name: 'state, an object', shows: ['STATE-TYPES'], ...put(state, { state: { defaultContextExpression: { a: 1 } } }) },
  { name: 'state, a zero-byte body', shows: ['GEN-WRAP-REQUEST'], ...put(state, '') },
  {
    name: 'state, several references, nested braces, any script',
    shows: [...SUCCESS.state, 'STATE-EXPRESSION'],
    ...put(state, { state: { defaultContextExpression: 'Grüße {{request.headers.X-A}}{{#if request.query.b}}{{{request.query.b}}}{{/if}} 🙂' } }),
  },
  { name: 'rename organisation', shows: [...SUCCESS.organisation, 'ORG-RENAME'], ...put(org, { organisation: { name: 'New' } }) },
  // the renames read back show that the documented PUT reached the update (EP-METHOD-PATH)
  { name: 'get renamed organisation', shows: [...SUCCESS.organisation, 'ORG-RENAME', 'EP-METHOD-PATH'], method: 'GET', path: org },
  { name: 'rename organisation to a number', shows: ['ORG-TYPES'], ...put(org, { organisation: { name: 5 } }) },
  { name: 'rename organisation to null', shows: ['ORG-TYPES'], ...put(org, { organisation: { name: null } }) },
  {
    name: 'get organisation after a rejected rename',
    shows: [...SUCCESS.organisation, 'ORG-RENAME', 'ORG-TYPES', 'EP-METHOD-PATH'],
    method: 'GET',
    path: org,
  },
  { name: 'organisation without wrapper', shows: ['GEN-WRAP-REQUEST'], ...put(org, { name: 'New' }) },
  { name: 'update data source', shows: SUCCESS.dataSource, ...put(dataSource(SEED.dataSourceId), configuration) },
  { name: 'update data source again', shows: SUCCESS.dataSource, ...put(dataSource(SEED.dataSourceId), twoColumns) },
  { name: 'update data source, a column of every type', shows: SUCCESS.dataSource, ...put(dataSource(SEED.dataSourceId), everyColumnType) },
  { name: 'rows misfit', shows: ['DS-ROWS-FIT'], ...put(dataSource(SEED.dataSourceId), { dataSource: { ...configuration.dataSource, rows: [[]] } }) },
  {
    name: 'a row longer than the columns',
    shows: ['DS-ROWS-FIT'],
    ...put(dataSource(SEED.dataSourceId), { dataSource: { ...configuration.dataSource, rows: [['v', 'extra']] } }),
  },
  { name: 'a null cell', shows: ['DS-ROWS-FIT'], ...put(dataSource(SEED.dataSourceId), { dataSource: { ...configuration.dataSource, rows: [[null]] } }) },
  {
    name: 'a column without its type',
    shows: ['DS-TYPES'],
    ...put(dataSource(SEED.dataSourceId), { dataSource: { ...configuration.dataSource, columnsMetadata: [{ name: 'c' }] } }),
  },
  { name: 'data source, a zero-byte body', shows: ['GEN-WRAP-REQUEST'], ...put(dataSource(SEED.dataSourceId), '') },
  { name: 'rows not an array', shows: ['DS-TYPES'], ...put(dataSource(SEED.dataSourceId), { dataSource: { ...configuration.dataSource, rows: {} } }) },
  {
    name: 'delete data source, forbidden key',
    shows: ['AUTH-403'],
    method: 'DELETE',
    path: dataSource(SEED.deletableDataSourceId),
    call: (r) => ({ token: r.deployment.fixtures.forbiddenToken }),
  },
  { name: 'delete data source', shows: ['DS-DELETE', 'GEN-JSON'], method: 'DELETE', path: dataSource(SEED.deletableDataSourceId) },
  { name: 'delete it again', shows: ['DS-DELETE-PERMANENT'], method: 'DELETE', path: dataSource(SEED.deletableDataSourceId) },
  // a data source not there to update shows that the documented DELETE reached the delete (EP-METHOD-PATH)
  {
    name: 'update deleted',
    shows: ['DS-DELETE-PERMANENT', 'DS-DELETED-NOT-UPDATED', 'EP-METHOD-PATH'],
    ...put(dataSource(SEED.deletableDataSourceId), configuration),
  },
  // the member removed from a team that does not exist first: it must stay a member of its own team
  {
    name: 'delete the member from an unknown team',
    shows: ['TEAM-MEMBER-THAT-TEAM', 'ERR-UNKNOWN-ID'],
    method: 'DELETE',
    path: member(SEED.teamMemberId, 'team-elsewhere'),
  },
  { name: 'delete member', shows: ['TEAM-MEMBER-DELETE', 'TEAM-MEMBER-THAT-TEAM', 'GEN-JSON'], method: 'DELETE', path: member() },
  { name: 'delete member again', shows: ['TEAM-MEMBER-GONE'], method: 'DELETE', path: member() },
  { name: 'delete a user who never was a member', shows: ['ERR-UNKNOWN-ID'], method: 'DELETE', path: member('user-nobody') },
  { name: 'delete a member of an unknown team', shows: ['ERR-UNKNOWN-ID'], method: 'DELETE', path: member(SEED.teamMemberId, 'team-none') },
  { name: 'logged request', shows: SUCCESS.loggedRequest, method: 'GET', path: loggedRequest() },
  { name: 'unknown logged request', shows: ['ERR-UNKNOWN-ID'], method: 'GET', path: loggedRequest(UNKNOWN_UUID) },
  { name: 'push', shows: SUCCESS.job, ...put(push, { push: {} }) },
  { name: 'push, policy a number', shows: ['PUSH-TYPES'], ...put(push, { push: { outOfSyncPolicy: 5 } }) },
];
