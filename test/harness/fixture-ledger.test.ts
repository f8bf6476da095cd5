// What the run's answers say of its fixtures (src/harness/fixture-ledger.ts): a fixture first answered 404 with the
// key does not exist, and names its variable; once an answer showed it exists, a 404 is the deployment's to be judged
// on; requests without the key, to other ids or under another base path say nothing.
import { expect, test } from 'vitest';
import { FixtureLedger } from '../../src/harness/fixture-ledger.ts';

const fixtures = {
  organisationId: 'org:1@x+y',
  mockApiId: 'mkäq2x9w4z',
  dataSourceId: 'ds-1',
  deletableDataSourceId: 'ds-2',
  teamId: 'team-1',
  teamMemberId: 'user-1',
  requestId: 'req-1',
};
const base = 'http://127.0.0.1:8080/api';
const seen = (method: string, path: string, status: number, authorization = 'Token $MOCKAPI_TOKEN') => ({
  method,
  url: `${base}${path}`,
  status,
  requestHeaders: { authorization },
});

test('a fixture first answered 404 with the key does not exist: the reason names its variable and the request', () => {
  const ledger = new FixtureLedger(base, fixtures);
  ledger.saw(seen('PUT', '/v1/data-sources/ds-1', 404));
  expect(ledger.missing(['dataSourceId'])).toBe(
    'the fixture does not exist: PUT /v1/data-sources/ds-1 with the key was answered 404 before any answer showed it exists; set MOCKAPI_DATA_SOURCE_ID to one the deployment has',
  );
  expect(ledger.missing(['deletableDataSourceId', 'organisationId'])).toBeUndefined();
});

test('ids are matched decoded: an id with ä, :, @ and + percent-encoded in the path is its fixture', () => {
  const ledger = new FixtureLedger(base, fixtures);
  ledger.saw(seen('PUT', `/v1/organisations/${encodeURIComponent(fixtures.organisationId)}`, 404));
  ledger.saw(seen('PUT', `/v1/mock-apis/${encodeURIComponent(fixtures.mockApiId)}/settings/chaos`, 404));
  expect(ledger.missing(['organisationId'])).toMatch(/MOCKAPI_ORGANISATION_ID/);
  expect(ledger.missing(['mockApiId'])).toMatch(/MOCKAPI_MOCK_API_ID/);
});

test('once an answer showed a fixture exists, a 404 is judged, whichever came first to the ledger afterwards', () => {
  const ledger = new FixtureLedger(base, fixtures);
  ledger.saw(seen('DELETE', '/v1/data-sources/ds-2', 204));
  ledger.saw(seen('DELETE', '/v1/data-sources/ds-2', 404));
  expect(ledger.missing(['deletableDataSourceId'])).toBeUndefined();
  // two deletes sent together: the 404 may be taken in before the 204, which then shows the fixture existed
  const together = new FixtureLedger(base, fixtures);
  together.saw(seen('DELETE', '/v1/teams/team-1/members/user-1', 404));
  expect(together.missing(['teamMemberId'])).toMatch(/set MOCKAPI_TEAM_ID and MOCKAPI_TEAM_MEMBER_ID/);
  together.saw(seen('DELETE', '/v1/teams/team-1/members/user-1', 204));
  expect(together.missing(['teamMemberId', 'teamId'])).toBeUndefined();
});

test('a delete refused otherwise than as not found shows the fixture exists: the 404s after it are judged', () => {
  const ledger = new FixtureLedger(base, fixtures);
  ledger.saw(seen('DELETE', '/v1/data-sources/ds-2', 400));
  ledger.saw(seen('PUT', '/v1/data-sources/ds-2', 404));
  expect(ledger.missing(['deletableDataSourceId'])).toBeUndefined();
  // a body refused (400 to a PUT) may be refused before the id is looked up: it shows nothing
  ledger.saw(seen('PUT', '/v1/data-sources/ds-1', 400));
  ledger.saw(seen('PUT', '/v1/data-sources/ds-1', 404));
  expect(ledger.missing(['dataSourceId'])).toMatch(/MOCKAPI_DATA_SOURCE_ID/);
});

test('the preflight found it: a later 404 is judged; the preflight found it missing: so it is, before any request', () => {
  const ledger = new FixtureLedger(base, fixtures, { requestId: 'the fixture does not exist: set MOCKAPI_REQUEST_ID' }, ['organisationId']);
  ledger.saw(seen('PUT', `/v1/organisations/${encodeURIComponent(fixtures.organisationId)}`, 404));
  expect(ledger.missing(['organisationId'])).toBeUndefined();
  expect(ledger.missing(['requestId'])).toBe('the fixture does not exist: set MOCKAPI_REQUEST_ID');
});

test('a logged request answered 404 is laid at the request, not its mock API; its 200 shows both', () => {
  const ledger = new FixtureLedger(base, fixtures);
  ledger.saw(seen('GET', `/v1/mock-apis/${encodeURIComponent(fixtures.mockApiId)}/requests/req-1`, 404));
  expect(ledger.missing(['mockApiId'])).toBeUndefined();
  expect(ledger.missing(['requestId'])).toMatch(/MOCKAPI_REQUEST_ID/);
});

test('without the key, another id, another status or outside the base path, an answer says nothing of a fixture', () => {
  const ledger = new FixtureLedger(base, fixtures);
  ledger.saw(seen('DELETE', '/v1/data-sources/ds-1', 404, 'Token $MOCKAPI_FORBIDDEN_TOKEN'));
  ledger.saw(seen('DELETE', '/v1/data-sources/ds-1', 404, 'Bearer $MOCKAPI_TOKEN'));
  ledger.saw(seen('DELETE', '/v1/data-sources/conformance-missing-ds', 404));
  ledger.saw(seen('PUT', '/v1/data-sources/ds-1', 400));
  ledger.saw({ method: 'PUT', url: 'http://127.0.0.1:8080/v1/data-sources/ds-1', status: 404, requestHeaders: { authorization: 'Token $MOCKAPI_TOKEN' } });
  expect(ledger.missing(['dataSourceId'])).toBeUndefined();
});

test('the member removed with a 2xx from another team existed; refused there, it shows nothing', () => {
  const refused = new FixtureLedger(base, fixtures);
  refused.saw(seen('DELETE', '/v1/teams/team-none/members/user-1', 404));
  refused.saw(seen('DELETE', '/v1/teams/team-none/members/user-1', 403));
  refused.saw(seen('DELETE', '/v1/teams/team-1/members/user-1', 404));
  expect(refused.missing(['teamMemberId'])).toMatch(/set MOCKAPI_TEAM_ID and MOCKAPI_TEAM_MEMBER_ID/);
  const removed = new FixtureLedger(base, fixtures);
  removed.saw(seen('DELETE', '/v1/teams/team-none/members/user-1', 204));
  removed.saw(seen('DELETE', '/v1/teams/team-1/members/user-1', 404));
  expect(removed.missing(['teamMemberId'])).toBeUndefined();
});
