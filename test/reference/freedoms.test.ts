// Each freedom of the reference (reference/freedoms/) shows the answer it gives, beside the plain one it replaces;
// none is left without a test here. That no check fails with it on, alone and with every other, is the fault
// matrix's to show (and npm run conformance's, by hand).
import { get } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { quietChaosSettings } from '../../contract/chaos.ts';
import { allFreedoms, FREEDOM_NAMES, freedomCatalogue, loadFreedoms } from '../../reference/freedoms.ts';
import { PUSH_POLICIES } from '../../reference/handlers/push.ts';
import { startReference } from '../../reference/server.ts';
import { SEED } from '../../reference/store.ts';
import { INTERNAL_HOST } from '../../reference/freedoms/logged-request-behind-proxy.ts';
import { LONGEST_DELAY_MS } from '../../reference/freedoms/chaos-delay-bounded.ts';
import { GATEWAY_AHEAD_MS } from '../../reference/freedoms/clock-gateway-date-ahead.ts';
import { YEARS_OFF_MS } from '../../reference/freedoms/clock-years-off.ts';
import { CREDENTIALS_REQUIRED_OTHER_WORDS } from '../../reference/freedoms/credentials-text-other-words.ts';
import { OTHER_EMAIL } from '../../reference/freedoms/email-other-form.ts';
import { OTHER_IDS } from '../../reference/freedoms/ids-other-forms.ts';
import { EXTRA_MEMBER } from '../../reference/freedoms/members-extra.ts';
import { ASTRAL_MOCK_API_ID } from '../../reference/freedoms/mock-api-id-outside-bmp.ts';
import { NOT_FOUND_LOCALISED } from '../../reference/freedoms/not-found-message-localised.ts';
import { renotated } from '../../reference/freedoms/numbers-other-notation.ts';
import { LANDS_AFTER_MS } from '../../reference/freedoms/writes-202-effect-later.ts';
import { UNKNOWN_UUID } from './deviations/shared.ts';
import { CREDENTIALS_REQUIRED, send, validRequest, type Answer, type Reference } from './helpers.ts';

const jsonOf = (answer: Answer) => answer.json as Record<string, any>;

/** A deployment with only these freedoms, for the length of `use`. */
async function withFreedoms(freedoms: string[], use: (r: Reference) => Promise<void>): Promise<void> {
  const deployment = await startReference({ faults: [], freedoms, variations: false });
  try {
    await use({ deployment, call: (method, path, call = {}) => send(deployment.baseUrl, method, path, call, deployment.fixtures.token) });
  } finally {
    await deployment.close();
  }
}

/** The request of an operation the plain reference accepts, sent. */
const valid = (r: Reference, id: Parameters<typeof validRequest>[0], body?: unknown) => {
  const request = validRequest(id, r.deployment.fixtures);
  return r.call(request.method, request.path, { body: body ?? request.body });
};

const chaosPath = (r: Reference, mockApiId = r.deployment.fixtures.mockApiId) => `/v1/mock-apis/${mockApiId}/settings/chaos`;
const FULL_CHAOS = { chaos: quietChaosSettings() };

/** What each freedom visibly does, against a deployment with it alone. */
const SHOWN: Record<string, (r: Reference) => Promise<void>> = {
  'auth-tab-separator-accepted': async (r) => {
    const path = validRequest('getOrganisation', r.deployment.fixtures).path;
    const tab = (key: string) => ({ token: null, headers: { Authorization: `Token\t${key}` } });
    expect((await r.call('GET', path, tab(r.deployment.fixtures.token))).status).toBe(200);
    expect((await r.call('GET', path, tab(r.deployment.fixtures.forbiddenToken))).status).toBe(403);
    expect((await r.call('GET', path, tab('unknown'))).status).toBe(401);
  },
  'chaos-delay-bounded': async (r) => {
    const delay = (durationMillis: number) =>
      r.call('PUT', chaosPath(r), { body: { chaos: { ...FULL_CHAOS.chaos, longDelay: { enabled: false, durationMillis } } } });
    expect(jsonOf(await delay(LONGEST_DELAY_MS)).chaos.longDelay).toEqual({ enabled: false, durationMillis: LONGEST_DELAY_MS });
    const refused = await delay(LONGEST_DELAY_MS + 1);
    expect(refused.status).toBe(400);
    expect(jsonOf(refused).errors[0].detail).toContain('/chaos/longDelay/durationMillis');
  },
  'clock-minutes-behind': async (r) => {
    const answer = await valid(r, 'updateDataSource');
    const behind = Date.now() - Date.parse(answer.headers.date as string);
    expect(behind).toBeGreaterThan(9 * 60_000);
    expect(Math.abs(Date.parse(answer.headers.date as string) - Date.parse(jsonOf(answer).dataSource.lastUpdatedTime))).toBeLessThan(2_000);
    expect(jsonOf(await valid(r, 'pushOpenApiToGit')).job.started).toMatch(/\.\d{9}Z$/);
  },
  'clock-gateway-date-ahead': async (r) => {
    const answer = await valid(r, 'updateDataSource');
    const ahead = Date.parse(answer.headers.date as string) - Date.parse(jsonOf(answer).dataSource.lastUpdatedTime);
    expect(Math.abs(ahead - GATEWAY_AHEAD_MS)).toBeLessThan(2_000);
  },
  'clock-years-off': async (r) => {
    // the deployment's clock says 29 February 2024 (it runs on from noon): its Date header and the times it writes agree
    const answer = await valid(r, 'updateDataSource');
    const date = Date.parse(answer.headers.date as string);
    expect(new Date(date).toISOString().slice(0, 10)).toBe('2024-02-29');
    expect(Math.abs(date - Date.parse(jsonOf(answer).dataSource.lastUpdatedTime))).toBeLessThan(2_000);
    const pushed = await valid(r, 'pushOpenApiToGit');
    expect(jsonOf(pushed).job.started).toMatch(/^2024-02-29T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
    const logged = jsonOf(await valid(r, 'getLoggedRequest')).request;
    expect(logged.loggedDateString).toMatch(/^2024-02-29T/);
    expect(Math.floor(logged.loggedDate / 1000)).toBe(Date.parse(logged.loggedDateString) / 1000);
    expect(Number.isInteger(YEARS_OFF_MS / 1000)).toBe(true);
  },
  'credentials-text-other-words': async (r) => {
    const answer = await r.call('GET', validRequest('getOrganisation', r.deployment.fixtures).path, { token: null });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 401, text: CREDENTIALS_REQUIRED_OTHER_WORDS });
    expect(CREDENTIALS_REQUIRED_OTHER_WORDS).not.toBe(CREDENTIALS_REQUIRED);
  },
  'data-source-state-other': async (r) => {
    expect(jsonOf(await valid(r, 'updateDataSource')).dataSource.state).toBe('ACTIVE');
  },
  'data-source-update-after-delete-accepted': async (r) => {
    expect((await valid(r, 'deleteDataSource')).status).toBe(204);
    const path = validRequest('deleteDataSource', r.deployment.fixtures).path;
    const answer = await r.call('PUT', path, { body: validRequest('updateDataSource', r.deployment.fixtures).body });
    expect({ status: answer.status, id: jsonOf(answer).dataSource.id }).toEqual({ status: 200, id: SEED.deletableDataSourceId });
    // it stays deleted
    expect((await valid(r, 'deleteDataSource')).status).toBe(404);
  },
  'deletes-200-with-body': async (r) => {
    const deleted = await valid(r, 'deleteDataSource');
    expect({ status: deleted.status, body: deleted.json }).toEqual({ status: 200, body: { deleted: { id: SEED.deletableDataSourceId } } });
    expect((await valid(r, 'deleteDataSource')).status).toBe(404);
    const removed = await valid(r, 'deleteTeamMember');
    expect({ status: removed.status, body: removed.json }).toEqual({ status: 200, body: { removed: { teamId: SEED.teamId, userId: SEED.teamMemberId } } });
  },
  'email-other-form': async (r) => {
    expect(jsonOf(await valid(r, 'getOrganisation')).organisation.emailAddress).toBe(OTHER_EMAIL);
  },
  'error-entries-other-members': async (r) => {
    const refused = await r.call('PUT', chaosPath(r), { body: { chaos: { percentageFailures: 101 } } });
    expect(jsonOf(refused).errors).toEqual([
      { code: 400, title: 'Invalid value', detail: expect.any(String), source: { pointer: '/chaos/percentageFailures' } },
    ]);
    expect(jsonOf(await r.call('PATCH', chaosPath(r))).errors).toEqual([{ title: 'Method Not Allowed' }]);
  },
  'error-wording-other': async (r) => {
    const missing = await r.call('PUT', chaosPath(r), { body: {} });
    expect(jsonOf(missing).errors).toEqual([{ code: 400, title: 'Invalid JSON', detail: 'A required property is missing: /chaos (type object).', source: {} }]);
    expect(jsonOf(await r.call('PUT', chaosPath(r), { body: { chaos: { percentageFailures: 101 } } })).errors[0].title).toBe('Validation failed');
    expect(jsonOf(await valid(r, 'pushOpenApiToGit')).job.outcome.errors[0].title).toBe('Git repository missing');
  },
  'every-field-required': async (r) => {
    const partial = await r.call('PUT', chaosPath(r), { body: { chaos: { enabled: false, longDelay: { enabled: false } } } });
    expect(jsonOf(partial).errors.map((e: { detail: string }) => e.detail)).toEqual([
      'Required property missing at /chaos/percentageFailures: expected number',
      'Required property missing at /chaos/socketClose: expected object',
      'Required property missing at /chaos/socketReset: expected object',
      'Required property missing at /chaos/invalidHttp: expected object',
      'Required property missing at /chaos/longDelay/durationMillis: expected integer',
      'Required property missing at /chaos/httpErrors: expected array',
    ]);
    expect((await r.call('PUT', chaosPath(r), { body: FULL_CHAOS })).status).toBe(200);
    expect((await valid(r, 'updateOrganisation', { organisation: {} })).status).toBe(400);
  },
  'header-names-other-case': async (r) => {
    const path = validRequest('getOrganisation', r.deployment.fixtures).path;
    // node:http gives header names in lower case; the raw ones are as written
    const raw = await new Promise<string[]>((resolve, reject) => {
      get(`${r.deployment.baseUrl}${path}`, { headers: { Authorization: `Token ${r.deployment.fixtures.token}` } }, (res) => {
        res.resume();
        resolve(res.rawHeaders.filter((_, i) => i % 2 === 0));
      }).on('error', reject);
    });
    expect(raw).toContain('CONTENT-TYPE');
  },
  'http-errors-as-set': async (r) => {
    const body = { chaos: { enabled: false, httpErrors: [{ status: 500 }, { status: 503 }, { status: 500 }, { status: 418 }] } };
    expect(jsonOf(await r.call('PUT', chaosPath(r), { body })).chaos.httpErrors).toEqual([{ status: 503 }, { status: 500 }, { status: 418 }]);
  },
  'ids-other-forms': async (r) => {
    expect(r.deployment.fixtures).toMatchObject(OTHER_IDS);
    const organisation = jsonOf(await valid(r, 'getOrganisation')).organisation;
    expect(organisation).toMatchObject({ id: '42', aclSubject: 'urn:acl:subject:42', aclObject: '0000042' });
    expect(organisation.links.subscription).toBe('/v1/subscriptions/sub%209%2Fz');
    expect(jsonOf(await valid(r, 'updateDataSource')).dataSource.links.self).toBe('/v1/data-sources/People%20%C3%A4%202');
    expect((await valid(r, 'deleteTeamMember')).status).toBe(204);
  },
  'job-failed-without-finished': async (r) => {
    const job = jsonOf(await valid(r, 'pushOpenApiToGit')).job;
    expect(job).toMatchObject({ status: 'FAILED', outcome: { errorCode: 'NO_LOCAL_HEAD' } });
    expect(job).not.toHaveProperty('finished');
  },
  'job-running': async (r) => {
    const job = jsonOf(await valid(r, 'pushOpenApiToGit')).job;
    expect(job.status).toBe('RUNNING');
    expect(job).not.toHaveProperty('finished');
    expect(job).not.toHaveProperty('outcome');
  },
  'job-succeeded': async (r) => {
    const job = jsonOf(await valid(r, 'pushOpenApiToGit')).job;
    expect(job).toMatchObject({ status: 'SUCCEEDED', finished: expect.any(String) });
    expect(job).not.toHaveProperty('outcome');
  },
  'job-type-other': async (r) => {
    expect(jsonOf(await valid(r, 'pushOpenApiToGit')).job.jobType).toBe('open-api-git-push');
  },
  'links-percent-encoded': async (r) => {
    expect(jsonOf(await valid(r, 'getOrganisation')).organisation.links.users).toBe('/v1/organisations/%6f%72%67%2d%31%61%32%62%33%63/users');
  },
  'logged-request-behind-proxy': async (r) => {
    const request = jsonOf(await valid(r, 'getLoggedRequest')).request;
    const host = new URL(request.absoluteUrl).host;
    expect(request.headers).toMatchObject({ Host: INTERNAL_HOST, 'X-Forwarded-Host': host, Forwarded: `host=${host};proto=https` });
    expect(host).not.toBe(INTERNAL_HOST);
  },
  'logged-request-client-ip-with-port': async (r) => {
    expect(jsonOf(await valid(r, 'getLoggedRequest')).request.clientIp).toBe('203.0.113.7:54321');
  },
  'logged-request-other-forms': async (r) => {
    const logged = jsonOf(await valid(r, 'getLoggedRequest'));
    expect(logged.request).toMatchObject({ method: 'M-SEARCH', clientIp: '2001:db8::7', body: 'café au lait', browserProxyRequest: true });
    expect(logged.request.absoluteUrl).toMatch(/^https:\/\/[A-Z0-9-]+\.MOCKLAB\.IO:443\/orders\?limit=2$/);
    expect(logged.responseDefinition.transformers).toEqual(['response-template']);
  },
  'media-type-charset': async (r) => {
    expect((await valid(r, 'getOrganisation')).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await r.call('GET', validRequest('getOrganisation', r.deployment.fixtures).path, { token: null })).headers['content-type']).toBe(
      'text/plain; charset=utf-8',
    );
  },
  'members-extra': async (r) => {
    const organisation = jsonOf(await valid(r, 'getOrganisation'));
    expect([organisation[EXTRA_MEMBER], organisation.organisation[EXTRA_MEMBER], organisation.organisation.links[EXTRA_MEMBER]]).toEqual([
      'top level',
      'in organisation',
      'in links',
    ]);
    expect(jsonOf(await r.call('PUT', chaosPath(r), { body: {} })).errors[0].source).toEqual({});
  },
  'members-reversed': async (r) => {
    expect(Object.keys(jsonOf(await valid(r, 'getOrganisation')).organisation)).toEqual(['links', 'emailAddress', 'aclObject', 'aclSubject', 'name', 'id']);
  },
  'meta-beside-resource': async (r) => {
    const [first, second] = [jsonOf(await valid(r, 'getOrganisation')), jsonOf(await valid(r, 'getOrganisation'))];
    expect(Object.keys(first)).toEqual(['organisation', 'meta']);
    expect(first.meta.requestId).not.toBe(second.meta.requestId);
    expect(jsonOf(await valid(r, 'getLoggedRequest')).meta).toBeDefined();
  },
  'mock-api-id-length-refused-400': async (r) => {
    expect((await r.call('PUT', chaosPath(r, 'abcd'), { body: FULL_CHAOS })).status).toBe(400);
  },
  'mock-api-ids-outside-ascii-refused': async (r) => {
    expect((await r.call('PUT', chaosPath(r, encodeURIComponent('abcde\u00e9')), { body: FULL_CHAOS })).status).toBe(400);
    expect((await r.call('PUT', chaosPath(r, 'abcdef'), { body: FULL_CHAOS })).status).toBe(404);
  },
  'mock-api-id-outside-bmp': async (r) => {
    expect(r.deployment.fixtures.mockApiId).toBe(ASTRAL_MOCK_API_ID);
    expect((await valid(r, 'updateChaosSettings')).status).toBe(200);
  },
  'not-found-message-localised': async (r) => {
    expect(jsonOf(await r.call('GET', '/v1/organisations/none')).message).toBe(NOT_FOUND_LOCALISED);
  },
  'not-found-without-body-where-not-shown': async (r) => {
    const path = validRequest('getLoggedRequest', r.deployment.fixtures).path.replace(SEED.requestId, UNKNOWN_UUID);
    const answer = await r.call('GET', path);
    expect({ status: answer.status, bytes: answer.bytes.length }).toEqual({ status: 404, bytes: 0 });
    expect(jsonOf(await r.call('GET', '/v1/organisations/none')).code).toBe(404);
  },
  'numbers-other-notation': async (r) => {
    const answer = await r.call('PUT', chaosPath(r), {
      body: { chaos: { percentageFailures: 0, httpErrors: [{ status: 404 }], longDelay: { enabled: false, durationMillis: 8 } } },
    });
    expect(answer.text).toContain('"percentageFailures":-0');
    expect(answer.text).toContain('"status":4.04E2');
    expect(answer.text).toContain('"durationMillis":8.0');
    expect(renotated('{"a":"1 2","b":[12.5,-3,1e21]}')).toBe('{"a":"1 2","b":[1.25e1,-3.0,1E21]}');
  },
  'organisation-email-display-name': async (r) => {
    expect(jsonOf(await valid(r, 'getOrganisation')).organisation.emailAddress).toBe('"Example Ltd" <admin@example.com>');
  },
  'parse-errors-own-words': async (r) => {
    const refused = await r.call('PUT', chaosPath(r), { body: '{"chaos":' });
    expect({ status: refused.status, title: jsonOf(refused).errors[0].title }).toEqual({ status: 400, title: 'Malformed JSON body' });
    expect(jsonOf(refused).errors[0].detail).toMatch(/^Malformed JSON body: .*JSON/);
  },
  'push-policies-own': async (r) => {
    expect(PUSH_POLICIES).toContain(r.deployment.fixtures.pushPolicy);
    const refused = await valid(r, 'pushOpenApiToGit', { push: { outOfSyncPolicy: 'FAIL' } });
    expect({ status: refused.status, detail: jsonOf(refused).errors[0].detail }).toEqual({
      status: 400,
      detail: `Invalid value at /push/outOfSyncPolicy: must be one of the allowed values: ${PUSH_POLICIES.join(', ')}`,
    });
    expect((await valid(r, 'pushOpenApiToGit', { push: { outOfSyncPolicy: PUSH_POLICIES[1] } })).status).toBe(202);
  },
  'query-parameters-refused': async (r) => {
    const path = validRequest('getOrganisation', r.deployment.fixtures).path;
    const refused = await r.call('GET', path, { query: 'a=1' });
    expect({ status: refused.status, title: jsonOf(refused).errors[0].title }).toEqual({ status: 400, title: 'Invalid query parameter format' });
    expect((await r.call('GET', path, { query: 'a=1', token: null })).status).toBe(401);
  },
  'refusals-422': async (r) => {
    const refused = await r.call('PUT', chaosPath(r), { body: {} });
    expect({ status: refused.status, code: jsonOf(refused).errors[0].code }).toEqual({ status: 422, code: 422 });
    expect((await r.call('PUT', chaosPath(r), { body: '{' })).status).toBe(422);
  },
  'routes-hold-mock-api-id-length': async (r) => {
    const answer = await r.call('PUT', chaosPath(r, 'abcd'), { body: FULL_CHAOS, token: null });
    expect({ status: answer.status, allow: answer.headers.allow }).toEqual({ status: 405, allow: 'OPTIONS' });
  },
  'success-statuses-other-2xx': async (r) => {
    expect((await valid(r, 'getOrganisation')).status).toBe(203);
    expect((await valid(r, 'updateStateSettings')).status).toBe(201);
    expect((await valid(r, 'updateChaosSettings')).status).toBe(200);
  },
  'timestamps-basic-form': async (r) => {
    expect(jsonOf(await valid(r, 'updateDataSource')).dataSource.lastUpdatedTime).toMatch(/^\d{8}T\d{6},\d{3}Z$/);
    expect(jsonOf(await valid(r, 'pushOpenApiToGit')).job.elapsed).toMatch(/^P0DT0H0M\d+,\d+S$/);
  },
  'timestamps-more-digits': async (r) => {
    expect(jsonOf(await valid(r, 'updateDataSource')).dataSource.lastUpdatedTime).toMatch(/\.\d{6}Z$/);
    expect(jsonOf(await valid(r, 'pushOpenApiToGit')).job.started).toMatch(/\.\d{12}Z$/);
  },
  'timestamps-zero-offset': async (r) => {
    expect(jsonOf(await valid(r, 'getLoggedRequest')).request.loggedDateString).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  },
  'token-scheme-any-case': async (r) => {
    const path = validRequest('getOrganisation', r.deployment.fixtures).path;
    const as = (authorization: string) => ({ token: null, headers: { Authorization: authorization } });
    expect((await r.call('GET', path, as(`tOkEn ${r.deployment.fixtures.token}`))).status).toBe(200);
    expect((await r.call('GET', path, as(`token ${r.deployment.fixtures.forbiddenToken}`))).status).toBe(403);
    expect((await r.call('GET', path, as(`Bearer ${r.deployment.fixtures.token}`))).status).toBe(401);
  },
  'unknown-team-403': async (r) => {
    const removal = (teamId: string, userId: string) => r.call('DELETE', `/v1/teams/${teamId}/members/${userId}`);
    const refused = await removal('team-nowhere', r.deployment.fixtures.teamMemberId);
    expect({ status: refused.status, title: jsonOf(refused).errors[0].title }).toEqual({ status: 403, title: 'Forbidden' });
    expect((await removal(r.deployment.fixtures.teamId, 'user-nobody')).status).toBe(404);
  },
  'uuids-upper-case': async (r) => {
    expect(r.deployment.fixtures.requestId).toBe(SEED.requestId.toUpperCase());
    expect(jsonOf(await valid(r, 'getLoggedRequest')).id).toBe(SEED.requestId.toUpperCase());
    const job = jsonOf(await valid(r, 'pushOpenApiToGit')).job;
    expect(job.id).toBe(job.id.toUpperCase());
    expect(job.links.self.endsWith(job.id)).toBe(true);
  },
  'writes-202-effect-later': async (r) => {
    const path = validRequest('getOrganisation', r.deployment.fixtures).path;
    const name = async () => jsonOf(await r.call('GET', path)).organisation.name;
    const before = await name();
    // what is read right after a write is held to the state before only when it was answered well within LANDS_AFTER_MS
    // of the write's sending: the effect lands on a timer, which a machine that stalls this thread longer lets go first
    const soonAfter = (sent: number) => performance.now() - sent < LANDS_AFTER_MS / 2;
    const renaming = performance.now();
    const renamed = await valid(r, 'updateOrganisation', { organisation: { name: 'Pending Ltd' } });
    expect({ status: renamed.status, name: jsonOf(renamed).organisation.name }).toEqual({ status: 202, name: 'Pending Ltd' });
    // a read right after still shows the name before; the rename lands a little later
    const right = await name();
    if (soonAfter(renaming)) expect(right).toBe(before);
    await vi.waitFor(async () => expect(await name()).toBe('Pending Ltd'), { timeout: 10_000, interval: 20 });
    // the delete is accepted, and a delete right after still finds the data source; once it lands, none does
    const deleting = performance.now();
    expect((await valid(r, 'deleteDataSource')).status).toBe(202);
    const again = (await valid(r, 'deleteDataSource')).status;
    if (soonAfter(deleting)) expect(again).toBe(202);
    await vi.waitFor(async () => expect((await valid(r, 'deleteDataSource')).status).toBe(404), { timeout: 10_000, interval: 20 });
    expect((await valid(r, 'updateDataSource')).status).toBe(202);
    expect((await r.call('PUT', chaosPath(r), { body: FULL_CHAOS })).status).toBe(200);
    expect((await valid(r, 'pushOpenApiToGit')).status).toBe(202);
  },
  'version-steps-of-7': async (r) => {
    const versions = [jsonOf(await valid(r, 'updateDataSource')).dataSource.version, jsonOf(await valid(r, 'updateDataSource')).dataSource.version];
    expect(versions).toEqual([8, 15]);
  },
};

describe('each freedom, alone', () => {
  it('has a test of what it does here, and each test a freedom', () => {
    expect(Object.keys(SHOWN).sort()).toEqual([...FREEDOM_NAMES].sort());
  });

  it.each(FREEDOM_NAMES.map((name) => [name]))('%s gives what it says', async (name) => {
    await withFreedoms([name], SHOWN[name]!);
  });
});

describe('the catalogue of freedoms', () => {
  it('loads each by name, as its file names it, with the statements it bends and what it does', async () => {
    for (const f of await allFreedoms()) {
      expect(f.bends.length, f.name).toBeGreaterThan(0);
      expect(f.description.length, f.name).toBeGreaterThan(10);
    }
    expect((await loadFreedoms(['job-running']))[0]!.name).toBe('job-running');
  });

  it('refuses a name that is no freedom, in one line that says how to list them', async () => {
    await expect(loadFreedoms(['nope', 'job-running', 'nor-this'])).rejects.toThrow(
      'unknown freedoms: nope, nor-this (mockapi-conformance reference --list-freedoms lists them)',
    );
  });

  it('lists every freedom, one line each, with the statements it bends', async () => {
    const lines = (await freedomCatalogue()).split('\n');
    expect(lines).toHaveLength(FREEDOM_NAMES.length);
    expect(lines.find((l) => l.startsWith('job-running '))).toMatch(/while it still runs.*\(bends JOB\.status, /);
  });
});
