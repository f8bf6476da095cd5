// Get request by ID (Endpoints; Resources > Logged request). Read-only. Cross-field rules a schema cannot
// say are checked here: one instant in two spellings, one body in two encodings, one URL in two forms.
import { check, type CheckDefinition, type CheckContext, KEEPS_NO_STATE, shared } from '../src/harness/check.ts';
import { describe, expectEnvelope, expectJsonMediaType, expectRejected, expectSuccess } from '../src/judge/checker.ts';
import {
  loggedAbsoluteUrlHost,
  loggedBody,
  loggedClientIp,
  loggedClientIpForm,
  loggedCookies,
  loggedDate,
  loggedDateFormat,
  loggedHeaderNames,
  loggedMethod,
  loggedRequestIdentity,
  loggedUrl,
  loggedUrlPath,
  requestIdUuid,
} from '../src/judge/fields.ts';
import { MISSING, pathOf } from '../src/harness/support.ts';

const needs = { operation: 'getLoggedRequest' as const, needs: ['mockApiId' as const, 'requestId' as const] };
const get = shared(({ client, target }) =>
  client.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: target.fixtures.mockApiId!, requestId: target.fixtures.requestId! }) }),
);

/**
 * The logged request of a 2xx JSON answer whatever else is wrong with it: each check below judges its own
 * field, so that a schema deviation (LR-RESPONSE) does not hide the statement a field breaks.
 */
async function logged(t: CheckContext): Promise<any> {
  const ex = t.uses(await get(t));
  const body = ex.json as { request?: unknown } | undefined;
  t.expect(
    ex.status >= 200 && ex.status < 300 && body !== null && typeof body?.request === 'object' && body.request !== null,
    'LR-RESPONSE',
    'a 2xx answer with the logged request and its request object',
    () => describe(ex),
  );
  t.stopIfViolated();
  return body;
}

export const checks: CheckDefinition[] = [
  check('logged-requests/get-2xx-logged-request-unwrapped', 'LR-RESPONSE', 'get answers a 2xx with the logged request, unwrapped', needs, async (t) => {
    expectSuccess(t, 'getLoggedRequest', t.uses(await get(t)));
  }),

  check(
    'logged-requests/getloggedrequest-answer-served-application-json',
    'GEN-JSON',
    'getLoggedRequest: the answer is served as application/json',
    needs,
    async (t) => {
      expectJsonMediaType(t, 'getLoggedRequest', t.uses(await get(t)));
    },
  ),

  check(
    'logged-requests/getloggedrequest-logged-request-returned-unwrapped',
    'GEN-UNWRAPPED-LOGGED-REQUEST',
    'getLoggedRequest: the logged request is returned unwrapped',
    needs,
    async (t) => {
      expectEnvelope(t, 'getLoggedRequest', t.uses(await get(t)));
    },
  ),

  check(
    'logged-requests/get-logged-request-asked',
    'LR-IDENTITY',
    'get answers with the logged request asked for',
    { ...needs, live: KEEPS_NO_STATE },
    async (t) => {
      loggedRequestIdentity(t, await logged(t), t.fixture('requestId'));
    },
  ),

  check('logged-requests/logged-request-id-uuid-shaped', 'ID-REQUEST-UUID', 'the logged request id is UUID-shaped', needs, async (t) => {
    requestIdUuid(t, await logged(t));
  }),

  check(
    'logged-requests/loggeddatestring-iso-8601-utc-timestamp-second',
    'LR-DATE-FORMAT',
    'loggedDateString is an ISO 8601 UTC timestamp at second precision',
    needs,
    async (t) => {
      loggedDateFormat(t, await logged(t));
    },
  ),

  check('logged-requests/loggeddate-loggeddatestring-same-instant', 'LR-DATE', 'loggedDate and loggedDateString are the same instant', needs, async (t) => {
    loggedDate(t, await logged(t));
  }),

  check('logged-requests/bodyasbase64-holds-body-body-text', 'LR-BODY', 'bodyAsBase64 holds the body and body is its text', needs, async (t) => {
    loggedBody(t, await logged(t));
  }),

  check('logged-requests/absoluteurl-ends-url', 'LR-URL', 'absoluteUrl ends with url', needs, async (t) => {
    loggedUrl(t, await logged(t));
  }),

  check(
    'logged-requests/absoluteurl-host-request-sent',
    'LR-URL',
    'absoluteUrl names the host the request was sent to, as its logged Host header shows it',
    needs,
    async (t) => {
      loggedAbsoluteUrlHost(t, await logged(t));
    },
  ),

  check(
    'logged-requests/url-path-query-absoluteurl',
    'LR-URL',
    'url is the path and query of absoluteUrl: it begins with / and holds no scheme or authority',
    needs,
    async (t) => {
      loggedUrlPath(t, await logged(t));
    },
  ),

  check('logged-requests/method-http-method-token', 'LR-METHOD', 'method is an HTTP method token', needs, async (t) => loggedMethod(t, await logged(t))),

  check('logged-requests/clientip-ip-address', 'LR-CLIENT-IP', 'clientIp is an IP address', needs, async (t) => loggedClientIp(t, await logged(t))),

  check('logged-requests/clientip-address-alone', 'LR-CLIENT-IP-FORM', 'clientIp is the address alone, without port or list', needs, async (t) =>
    loggedClientIpForm(t, await logged(t)),
  ),

  check('logged-requests/headers-names-field-names', 'LR-HEADERS', 'headers are keyed by field names', needs, async (t) =>
    loggedHeaderNames(t, await logged(t)),
  ),

  check('logged-requests/cookies-pairs-cookie-header', 'LR-COOKIES', 'cookies holds the pairs of the Cookie header', needs, async (t) =>
    loggedCookies(t, await logged(t)),
  ),

  check(
    'logged-requests/get-request-id-names-no-logged',
    'ERR-UNKNOWN-ID',
    'get of a request id that names no logged request does not succeed',
    { operation: 'getLoggedRequest', needs: ['mockApiId'], live: 'a mock does not know which ids exist' },
    async (t) => {
      const ex = await t.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: t.fixture('mockApiId'), requestId: MISSING.requestId }) });
      expectRejected(t, ex, 'ERR-UNKNOWN-ID', 'an unknown request id');
    },
  ),

  check(
    'logged-requests/get-request-mock-api-does-not',
    'ERR-UNKNOWN-ID',
    'get of a request of a mock API that does not exist does not succeed',
    { operation: 'getLoggedRequest', needs: ['requestId'], live: 'a mock does not know which ids exist' },
    async (t) => {
      const ex = await t.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: MISSING.mockApiId, requestId: t.fixture('requestId') }) });
      expectRejected(t, ex, 'ERR-UNKNOWN-ID', 'an unknown mock API id');
    },
  ),
];
