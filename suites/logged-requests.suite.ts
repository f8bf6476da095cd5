// Get request by ID (Endpoints; Resources > Logged request). Read-only. Cross-field rules a schema cannot
// say are checked here: one instant in two spellings, one body in two encodings, one URL in two forms.
import { check, type CheckContext, client, KEEPS_NO_STATE, shared, target } from '../src/check.ts';
import { describe, expectEnvelope, expectJsonMediaType, expectRejected, expectSuccess } from '../src/checker.ts';
import { parseUtcTimestamp } from '../src/iso8601.ts';
import { format, MISSING, pathOf } from '../src/support.ts';

const needs = { operation: 'getLoggedRequest' as const, needs: ['mockApiId' as const, 'requestId' as const] };
const get = shared(() => client().send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: target().fixtures.mockApiId!, requestId: target().fixtures.requestId! }) }));

/**
 * The logged request of a 2xx JSON answer whatever else is wrong with it: each check below judges its own
 * field, so that a schema deviation (LR-RESPONSE) does not hide the statement a field breaks.
 */
async function logged(t: CheckContext): Promise<any> {
  const ex = t.uses(await get());
  const body = ex.json as { request?: unknown } | undefined;
  t.expect(ex.status >= 200 && ex.status < 300 && body !== null && typeof body?.request === 'object' && body.request !== null, 'LR-RESPONSE', 'a 2xx answer with the logged request and its request object', () => describe(ex));
  t.stopIfViolated();
  return body;
}

check('logged-requests/get-2xx-logged-request-unwrapped', 'LR-RESPONSE', 'get answers a 2xx with the logged request, unwrapped', needs, async (t) => {
  expectSuccess(t, 'getLoggedRequest', t.uses(await get()));
});

check('logged-requests/getloggedrequest-answer-served-application-json', 'GEN-JSON', 'getLoggedRequest: the answer is served as application/json', needs, async (t) => {
  expectJsonMediaType(t, 'getLoggedRequest', t.uses(await get()));
});

check('logged-requests/getloggedrequest-logged-request-returned-unwrapped', 'GEN-UNWRAPPED-LOGGED-REQUEST', 'getLoggedRequest: the logged request is returned unwrapped', needs, async (t) => {
  expectEnvelope(t, 'getLoggedRequest', t.uses(await get()));
});

check('logged-requests/get-logged-request-asked', 'LR-IDENTITY', 'get answers with the logged request asked for', { ...needs, live: KEEPS_NO_STATE }, async (t) => {
  const lr = await logged(t);
  t.expect(lr.id === t.fixture('requestId'), 'LR-IDENTITY', `id ${JSON.stringify(t.fixture('requestId'))}`, () => `id ${JSON.stringify(lr.id)}`);
});

check('logged-requests/logged-request-id-uuid-shaped', 'ID-REQUEST-UUID', 'the logged request id is UUID-shaped', needs, async (t) => {
  const lr = await logged(t);
  t.expect(format('uuid')(lr.id) === true, 'ID-REQUEST-UUID', 'a UUID-shaped id (8-4-4-4-12 hexadecimal digits)', () => JSON.stringify(lr.id));
});

check('logged-requests/loggeddatestring-iso-8601-utc-timestamp-second', 'LR-DATE-FORMAT', 'loggedDateString is an ISO 8601 UTC timestamp at second precision', needs, async (t) => {
  const text = (await logged(t)).request.loggedDateString;
  if (!t.expect(typeof text === 'string', 'LR-DATE-FORMAT', 'loggedDateString, a string', () => JSON.stringify(text))) return;
  t.expect(format('utcTimestampSeconds')(text) === true && parseUtcTimestamp(String(text)) !== undefined, 'LR-DATE-FORMAT', 'an ISO 8601 UTC timestamp of a real date, seconds and no fraction', () => JSON.stringify(text));
});

check('logged-requests/loggeddate-loggeddatestring-same-instant', 'LR-DATE', 'loggedDate and loggedDateString are the same instant', needs, async (t) => {
  const { loggedDate, loggedDateString } = (await logged(t)).request;
  if (!t.expect(Number.isInteger(loggedDate) && typeof loggedDateString === 'string', 'LR-DATE', 'loggedDate an integer and loggedDateString a string', () => `${JSON.stringify(loggedDate)}, ${JSON.stringify(loggedDateString)}`)) return;
  const parsed = parseUtcTimestamp(loggedDateString);
  if (!parsed) {
    t.note(`loggedDateString ${JSON.stringify(loggedDateString)} is not a readable timestamp (LR-DATE-FORMAT says why)`);
    t.violate('LR-DATE', 'loggedDateString readable as an instant', JSON.stringify(loggedDateString));
    return;
  }
  // second precision: the string is the millisecond instant truncated (or rounded) to its second
  const second = Math.floor(parsed.epochMs / 1000);
  const ok = Math.floor(loggedDate / 1000) === second || Math.round(loggedDate / 1000) === second;
  t.expect(ok, 'LR-DATE', `loggedDate ${loggedDate} (${new Date(loggedDate).toISOString()}) within the second of loggedDateString`, () => `loggedDateString ${loggedDateString}`);
});

/** Collapses runs of U+FFFD, so that decoders that replace an invalid sequence once or per byte agree. */
const lossy = (text: string) => text.replace(/\uFFFD+/g, '\uFFFD');

check('logged-requests/bodyasbase64-holds-body-body-text', 'LR-BODY', 'bodyAsBase64 holds the body and body is its text', needs, async (t) => {
  const { body, bodyAsBase64 } = (await logged(t)).request;
  if (!t.expect(typeof body === 'string' && typeof bodyAsBase64 === 'string', 'LR-BODY', 'body and bodyAsBase64, both strings', () => `${JSON.stringify(body)}, ${JSON.stringify(bodyAsBase64)}`)) return;
  // Base64 is the standard alphabet, padded (RFC 4648 section 4); Node's decoder would also read the URL-safe
  // alphabet and unpadded text, so the text is held to the format before it is decoded
  if (!t.expect(format('base64')(bodyAsBase64) === true, 'LR-BODY', 'bodyAsBase64 in Base64 (RFC 4648 section 4: the standard alphabet with + and /, padded with = to a multiple of four)', () => JSON.stringify(bodyAsBase64.slice(0, 200)))) return;
  const bytes = Buffer.from(bodyAsBase64, 'base64');
  let strict: string | undefined;
  try {
    strict = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    strict = undefined;
  }
  if (strict !== undefined) {
    t.expect(body === strict, 'LR-BODY', `body equal to the UTF-8 text of bodyAsBase64 (${JSON.stringify(strict.slice(0, 200))})`, () => JSON.stringify(body.slice(0, 200)));
    return;
  }
  // Bytes that are not UTF-8 show in body only as a lossy decoding: compare decodings, never re-encode body.
  const replaced = new TextDecoder('utf-8').decode(bytes);
  const latin1 = bytes.toString('latin1');
  t.note('the body is not valid UTF-8; body was compared with lossy decodings of bodyAsBase64');
  t.expect(lossy(body) === lossy(replaced) || body === latin1, 'LR-BODY', `body a decoding of bodyAsBase64's bytes (${JSON.stringify(replaced.slice(0, 200))})`, () => JSON.stringify(body.slice(0, 200)));
});

check('logged-requests/absoluteurl-ends-url', 'LR-URL', 'absoluteUrl ends with url', needs, async (t) => {
  const { url, absoluteUrl } = (await logged(t)).request;
  t.expect(typeof url === 'string' && typeof absoluteUrl === 'string' && absoluteUrl.endsWith(url), 'LR-URL', `absoluteUrl ending with ${JSON.stringify(url)}`, () => JSON.stringify(absoluteUrl));
});

check('logged-requests/get-request-id-names-no-logged', 'ERR-UNKNOWN-ID', 'get of a request id that names no logged request does not succeed', { operation: 'getLoggedRequest', needs: ['mockApiId'], live: 'a mock does not know which ids exist' }, async (t) => {
  const ex = await t.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: t.fixture('mockApiId'), requestId: MISSING.requestId }) });
  expectRejected(t, ex, 'ERR-UNKNOWN-ID', 'an unknown request id');
});

check('logged-requests/get-request-mock-api-does-not', 'ERR-UNKNOWN-ID', 'get of a request of a mock API that does not exist does not succeed', { operation: 'getLoggedRequest', needs: ['requestId'], live: 'a mock does not know which ids exist' }, async (t) => {
  const ex = await t.send({ method: 'GET', path: pathOf('getLoggedRequest', { mockApiId: MISSING.mockApiId, requestId: t.fixture('requestId') }) });
  expectRejected(t, ex, 'ERR-UNKNOWN-ID', 'an unknown mock API id');
});
