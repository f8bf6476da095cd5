// One exchange judged on its own: a request and the answer it got, recorded anywhere (an implementer's own
// test, a HAR file, a proxy), held to what the interface says about that answer with no suite running and
// nothing sent. The judgements are the suites' own (src/judge/checker.ts, src/judge/fields.ts, src/judge/echo.ts); what this
// module adds is reading what the request was: which operation, with which credentials, path ids and body,
// and so which answers the interface allows for it. Where one exchange cannot tell (was the key known? does
// the resource exist?) nothing is judged and a note says what was seen.
import { answerOf, evidenceOf, type Exchange } from '../http/client.ts';
import type { Evidence } from '../../contract/report.ts';
import { Judge, type Violation } from './judge.ts';
import { holdsPlaceholder, Redactor, type PastedKeys } from '../http/redactor.ts';
import { transientStatus } from '../http/transient.ts';
import { boundedThrough, JSON_DEPTH, nestsDeeper } from '../../contract/untrusted.ts';
import {
  expectErrorListIfAny,
  expectForbiddenBody,
  expectInvalidRejected,
  expectNotFound,
  expectRejected,
  expectSuccess,
  expectSuccessStatus,
  expectUnauthorized,
  expectUnauthorizedBody,
  schemaError,
  SUCCESS,
  TAB_SEPARATOR,
} from './checker.ts';
import { expectChaosEcho, expectEcho } from './echo.ts';
import { expectServed, isDocumentedRequest } from './served.ts';
import {
  dataSourceLinks,
  dataSourceNoRows,
  dataSourceReplaces,
  jobFields,
  jobTimesNow,
  lastUpdatedNow,
  lastUpdatedTime,
  loggedBody,
  loggedClientIp,
  loggedClientIpForm,
  loggedCookies,
  loggedDate,
  loggedDateFormat,
  loggedHeaderNames,
  loggedMethod,
  loggedRequestIdentity,
  loggedAbsoluteUrlHost,
  loggedUrl,
  loggedUrlPath,
  organisationEmail,
  organisationEmailForm,
  organisationIdentity,
  organisationLinks,
  requestIdUuid,
} from './fields.ts';
import { breachesOf } from '../../contract/breaches.ts';
import type { Invalid } from '../../contract/invalid.ts';
import { characters, mockApiIdFits } from '../../contract/limits.ts';
import type { RequirementId } from '../../contract/requirements.ts';
import { rowsMisfit } from '../../contract/rows.ts';
import { OPERATION_IDS, operation, type OperationId } from '../../contract/schemas.ts';

/** Headers as a plain object (Node's, supertest's) or a fetch Headers. */
export type HeadersLike = Record<string, string | readonly string[] | number | undefined> | { forEach(callback: (value: string, name: string) => void): void };

/** A body as text, bytes, or a JSON value (serialised with JSON.stringify). */
export type BodyLike = string | Uint8Array | ArrayBuffer | null | undefined | object | number | boolean;

export interface RecordedRequest {
  method: string;
  /** the full URL, or the path (with the deployment's base path, if any, before /v1) */
  url: string;
  headers?: HeadersLike;
  body?: BodyLike;
  /** false: the body was sent but not recorded (a HAR entry whose postData has no text); only the answer's status is judged */
  bodyRecorded?: boolean;
}

export interface RecordedResponse {
  status: number;
  headers?: HeadersLike;
  body?: BodyLike;
  /** false: the body was not recorded (a HAR entry without content.text); what depends on it is not judged */
  bodyRecorded?: boolean;
}

export interface ExchangeInput {
  /** the operation (operationId of schemas/openapi.yaml); read off the method and path when left out */
  operation?: OperationId;
  request: RecordedRequest;
  response: RecordedResponse;
  /**
   * live (default): a deployment that keeps state, whose answers show what was sent; mock: a deployment
   * generated from the description, whose answers are its examples (echoes and ids are not judged)
   */
  profile?: 'live' | 'mock';
  /**
   * false: the recording dropped credentials (a sanitized HAR export, as Chrome's default, strips
   * Authorization), so a request without them is not taken for one sent without them. Default true.
   */
  credentialsRecorded?: boolean;
  /**
   * Other keys to redact, by placeholder (`$NAME`): what recorded traffic carried elsewhere (another exchange's
   * X-API-Key, a query's apiKey), which this exchange's answer may echo. The key of its own Authorization is
   * `$MOCKAPI_TOKEN`.
   */
  otherKeys?: Record<string, string>;
  /**
   * How the curl line writes the keys (src/http/redactor.ts): `inert` where the exchange's host is none the user gave
   * for the key (a recording made elsewhere), so that a pasted line never sends the user's key there; by default the
   * placeholders expand, as `$MOCKAPI_TOKEN`.
   */
  pastedKeys?: PastedKeys;
}

export interface ExchangeVerdict {
  operation: OperationId;
  /** the path parameters read off the URL */
  params: Record<string, string>;
  /** passed: nothing broken; failed: a must-level statement broken; warned: only should-level ones */
  outcome: 'passed' | 'failed' | 'warned';
  /** each statement the exchange breaks: requirement id, level, statement, expected, actual */
  violations: Violation[];
  /** what was observed where the interface leaves the answer open, or where one exchange cannot tell */
  notes: string[];
  /** the exchange as judged, keys redacted, with a curl line that repeats the request */
  evidence: Evidence;
  /** the requirement of the operation's success answer: what a report files the exchange under when nothing is broken */
  requirement: RequirementId;
}

/** The request names none of the nine operations (method and path), or not the one given. */
export class NotAnOperationError extends Error {
  override name = 'NotAnOperationError';
}

const MATCHERS = new Map<OperationId, { method: string; pattern: RegExp; names: string[] }>();

function matcher(id: OperationId) {
  let m = MATCHERS.get(id);
  if (!m) {
    const op = operation(id);
    const names: string[] = [];
    // any base path before /v1 (a deployment served under /api); each parameter one path segment
    const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    m = { method: op.method, pattern: new RegExp(`^(?:/[^?#]*?)?${source}$`), names };
    MATCHERS.set(id, m);
  }
  return m;
}

/** The path of a URL or of a path with a query, without its query: what names the operation (and may not hold a key). */
export const pathOfUrl = (url: string): string => {
  try {
    return new URL(url, 'http://recorded.invalid').pathname;
  } catch {
    return url.split(/[?#]/)[0]!;
  }
};

/** The operation a request is, by method and path, with its path parameters (decoded); undefined for anything else. */
export function operationOf(method: string, url: string): { operation: OperationId; params: Record<string, string> } | undefined {
  const path = pathOfUrl(url);
  for (const id of OPERATION_IDS) {
    const m = matcher(id);
    if (m.method !== method.toUpperCase()) continue;
    const found = m.pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    m.names.forEach((name, i) => {
      const raw = found[i + 1]!;
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        params[name] = raw;
      }
    });
    return { operation: id, params };
  }
  return undefined;
}

export function headersOf(headers: HeadersLike | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (typeof (headers as { forEach?: unknown }).forEach === 'function' && !Array.isArray(headers)) {
    (headers as { forEach(cb: (v: string, k: string) => void): void }).forEach((value, name) => {
      out[name.toLowerCase()] = value;
    });
    return out;
  }
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    out[key] = out[key] === undefined ? text : `${out[key]}, ${text}`;
  }
  return out;
}

export function bytesOf(body: BodyLike): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  try {
    return Buffer.from(JSON.stringify(body), 'utf8');
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // a value too deep to write out (a parsed answer 100 000 levels deep): it stands in as text that nests
    // past JSON_DEPTH, and is judged as such a body is (answerOf)
    return Buffer.from('['.repeat(JSON_DEPTH + 1), 'utf8');
  }
}

/** Headers that carry credentials: their values never leave this module. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** The credentials of a request, as the interface reads them (Authentication). */
type Credentials = { kind: 'none' } | { kind: 'token'; scheme: string; key: string; tab?: true } | { kind: 'other'; what: string; id?: RequirementId };

function credentialsOf(authorization: string | undefined): Credentials {
  if (authorization === undefined) return { kind: 'none' };
  const m = /^\s*(\S+)(?:(\s+)(\S.*?))?\s*$/.exec(authorization);
  if (!m) return { kind: 'other', what: 'an empty Authorization header' };
  const [, scheme, separator, key] = m;
  if (scheme!.toLowerCase() !== 'token') return { kind: 'other', what: `the ${scheme} scheme` };
  if (!key) return { kind: 'other', what: 'Token without a key' };
  // a tab is not the one space the interface shows; whether a deployment may take it is not said (AUTH-SEPARATOR)
  return { kind: 'token', scheme: scheme!, key, ...(separator!.includes('\t') ? { tab: true as const } : {}) };
}

/**
 * The part of an Authorization value after its scheme: the secret to redact, whatever the scheme. A value of one
 * word is taken for a bare key, unless it is the interface's scheme alone (`Token`, which a check sends without
 * a key): taken for a key, the word itself would be redacted in every note and curl line, the placeholder too.
 */
const secretOf = (authorization: string | undefined): string | undefined => {
  const bare = authorization?.trim();
  return /^\s*\S+\s+(\S.*?)\s*$/.exec(authorization ?? '')?.[1] ?? (bare && bare.toLowerCase() !== 'token' ? bare : undefined);
};

/** What is wrong with a request body, read as the payload generators label theirs (contract/invalid.ts). */
function invalidOf(op: OperationId, json: unknown, text: string): Invalid | 'unknown' | undefined {
  const spec = operation(op).requestBody!;
  if (json === undefined) return { rule: 'not-json', pointer: '', body: undefined, raw: text };
  if (spec.validate(json)) {
    const ds = (json as { dataSource?: { columnsMetadata?: unknown[]; rows?: unknown[] } }).dataSource;
    const misfit = op === 'updateDataSource' && ds ? rowsMisfit(ds.columnsMetadata ?? [], ds.rows ?? []) : undefined;
    return misfit ? { rule: 'rows-misfit', pointer: `/dataSource${misfit.pointer}`, body: json } : undefined;
  }
  for (const error of spec.validate.errors ?? []) {
    const at = error.instancePath;
    switch (error.keyword) {
      case 'required': {
        const pointer = `${at}/${String(error.params.missingProperty)}`;
        const pattern = pointer.replace(/\/\d+(?=\/|$)/g, '/*');
        const slot = breachesOf(op).find((b) => b.kind === 'missing-required' && b.slot.pattern === pattern)?.slot;
        return { rule: 'missing-required', pointer, body: json, type: slot?.types[0] ?? 'object' };
      }
      case 'type': {
        const value = error.data;
        const integerDue = [error.schema].flat().includes('integer');
        return { rule: integerDue && typeof value === 'number' && !Number.isInteger(value) ? 'non-integer' : 'wrong-type', pointer: at, body: json };
      }
      case 'minimum':
      case 'exclusiveMinimum':
        return { rule: 'below-limit', pointer: at, body: json };
      case 'maximum':
      case 'exclusiveMaximum':
        return { rule: 'above-limit', pointer: at, body: json };
    }
  }
  return 'unknown';
}

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v);
const is2xx = (status: number) => status >= 200 && status < 300;

/** What the interface says of this answer to this request. */
function judge(
  t: Judge,
  op: OperationId,
  params: Record<string, string>,
  ex: Exchange,
  credentials: Credentials,
  sent: unknown,
  credentialsRecorded: boolean,
): void {
  const live = t.target.profile === 'live';
  if (showsNothing(t, ex)) return;
  if (judgedByCredentials(t, op, ex, credentials, credentialsRecorded, live)) return;
  if (neverAccepted(t, op, params, ex, sent)) return;
  if (judgedAsRefusal(t, op, ex)) return;
  expectSuccessStatus(t, op, ex);
  expectSuccess(t, op, ex, { anySuccessStatus: true });
  fieldsOf(t, op, params, ex, sent, live);
}

/** An answer that shows nothing of the request (a transient one), or one past the parse budget: noted, not judged. */
function showsNothing(t: Judge, ex: Exchange): boolean {
  // a gateway's rate limit or maintenance page may come before the deployment reads a byte: it shows nothing of the request
  if (transientStatus(ex.status)) {
    t.note(`${ex.status}: a transient answer (429: RFC 6585 §4, 503: RFC 9110 §15.6.4) says "not now", nothing about the request; it is not judged`);
    return true;
  }
  // past a parse budget a real answer may reach (a logged request's large body): not parsed, so not judged
  if (ex.unparsed !== undefined) {
    t.note(ex.unparsed);
    return true;
  }
  return false;
}

/** Authentication: every operation is protected. True when the credentials (or a 401 or 403) settled the judgement. */
function judgedByCredentials(t: Judge, op: OperationId, ex: Exchange, credentials: Credentials, credentialsRecorded: boolean, live: boolean): boolean {
  if (credentials.kind === 'none' && credentialsRecorded) {
    expectUnauthorized(t, ex, 'AUTH-401-MISSING');
    return true;
  }
  if (credentials.kind === 'none') {
    t.note('no Authorization header was recorded, and the recording drops credentials: the answer is judged as one to a request with a key');
  } else if (credentials.kind === 'other') {
    if (live) {
      expectUnauthorized(t, ex, credentials.id ?? 'AUTH-401-INVALID');
      return true;
    }
    t.note(`credentials with ${credentials.what}: a mock checks only that an Authorization header is present, so its answer is not judged for them`);
  } else if (credentials.scheme !== 'Token') {
    t.note(`the scheme written ${JSON.stringify(credentials.scheme)}: accepting it or answering 401 are both right (AUTH-SCHEME-CASE)`);
  }
  if (credentials.kind === 'token' && credentials.tab) t.note(TAB_SEPARATOR);
  if (ex.status === 401) {
    t.note('401 to a request with a key: the key may be unknown to the deployment, which one exchange cannot tell');
    expectUnauthorizedBody(t, ex);
    return true;
  }
  if (ex.status === 403) {
    t.note('403: the key may lack permission on the resource, which one exchange cannot tell');
    expectForbiddenBody(t, op, ex);
    return true;
  }
  return false;
}

/** Requests the interface never accepts, whatever the deployment holds: true when the request is one. */
function neverAccepted(t: Judge, op: OperationId, params: Record<string, string>, ex: Exchange, sent: unknown): boolean {
  const mockApiId = params.mockApiId;
  if (mockApiId !== undefined && !mockApiIdFits(mockApiId)) {
    expectRejected(t, ex, 'ID-MOCK-API-LENGTH', `a mockApiId of ${characters(mockApiId)} characters`);
    return true;
  }
  if (!operation(op).requestBody) return false;
  if (ex.requestBody === undefined || ex.requestBody.length === 0) {
    expectRejected(t, ex, 'GEN-WRAP-REQUEST', 'a zero-byte body');
    return true;
  }
  const invalid = invalidOf(op, sent, ex.requestBody.toString('utf8'));
  if (invalid === 'unknown') {
    const validate = operation(op).requestBody!.validate;
    t.note(
      `the request body breaks the request schema (${validate.errors?.map(schemaError).join('; ')}) in a way no statement of the interface names an answer for; the answer is not judged for it`,
    );
  } else if (invalid) {
    expectInvalidRejected(t, op, invalid, ex);
    return true;
  }
  return false;
}

/** An answer other than a success to a request the interface accepts: true when it is one. */
function judgedAsRefusal(t: Judge, op: OperationId, ex: Exchange): boolean {
  if (ex.status === 404) {
    if (operation(op).responses.has('404')) expectNotFound(t, op, ex);
    else t.note('404: the interface documents no 404 for this operation; an unknown id is answered with no 2xx, which this is');
    return true;
  }
  if (ex.status >= 400 && ex.status < 500) {
    t.note(`${ex.status}: a refusal of a request that one exchange cannot tell wrong (the resource or a value the deployment does not accept)`);
    expectErrorListIfAny(t, ex);
    return true;
  }
  // a query parameter is answered as the request without it or refused with a 4xx, never with a 5xx
  if (ex.status >= 500 && /\?[^#]/.test(ex.url)) {
    t.violate('GEN-NO-QUERY-PARAMETER', 'no 5xx to a request with a query parameter', `status ${ex.status}`);
    return true;
  }
  if (!is2xx(ex.status)) {
    t.note(
      `${ex.status}: the interface shows no such answer to a request it accepts; one exchange cannot tell whether the deployment failed or the request was at fault`,
    );
    return true;
  }
  return false;
}

/** The judgements of a logged request's fields (Resources and their fields > Logged request), each under its own statement. */
const LOGGED_REQUEST_FIELDS: ((t: Judge, body: any) => void)[] = [
  requestIdUuid,
  loggedDateFormat,
  loggedDate,
  loggedBody,
  loggedUrl,
  loggedUrlPath,
  loggedAbsoluteUrlHost,
  loggedMethod,
  loggedClientIp,
  loggedClientIpForm,
  loggedCookies,
  loggedHeaderNames,
];

/** The fields of a 2xx answer that a schema cannot judge, each under its own statement. */
function fieldsOf(t: Judge, op: OperationId, params: Record<string, string>, ex: Exchange, sent: any, live: boolean): void {
  const body = ex.json as any;
  switch (op) {
    case 'pushOpenApiToGit':
      if (!isObject(body?.job)) return;
      jobFields(t, body.job, params.mockApiId!);
      // a mock answers with the example's times, written at no push
      if (live) jobTimesNow(t, body.job, ex);
      return;
    case 'updateDataSource': {
      const ds = body?.dataSource;
      if (!isObject(ds)) return;
      dataSourceNoRows(t, ds);
      lastUpdatedTime(t, ds);
      dataSourceLinks(t, ds, params.dataSourceId!);
      if (live) {
        // the time of the update is the answer's Date; a recorded answer without one cannot say it
        lastUpdatedNow(t, ds, ex);
        dataSourceReplaces(t, ds, sent.dataSource);
      }
      return;
    }
    case 'getOrganisation':
    case 'updateOrganisation': {
      const org = body?.organisation;
      if (!isObject(org)) return;
      organisationLinks(t, org);
      organisationEmail(t, org);
      organisationEmailForm(t, org);
      if (live && op === 'getOrganisation') organisationIdentity(t, org, params.organisationId!);
      if (live && op === 'updateOrganisation')
        t.expect(org.name === sent.organisation.name, 'ORG-RENAME', `the answer shows name ${JSON.stringify(sent.organisation.name)}`, () =>
          JSON.stringify(org.name),
        );
      return;
    }
    case 'getLoggedRequest':
      if (!isObject(body) || !isObject(body.request)) return;
      for (const judge of LOGGED_REQUEST_FIELDS) judge(t, body);
      if (live) loggedRequestIdentity(t, body, params.requestId!);
      return;
    case 'updateChaosSettings':
      if (live && isObject(body?.chaos)) expectChaosEcho(t, 'CHAOS-ECHO', sent.chaos, body.chaos);
      return;
    case 'updateStateSettings':
      if (live && isObject(body?.state)) expectEcho(t, 'STATE-ECHO', sent.state, body.state, 'state');
      return;
    case 'deleteDataSource':
    case 'deleteTeamMember':
      return;
  }
}

/** The keys a run's HAR (--report-har) names by placeholder: the user's own, for the base URL they gave. */
const RUN_KEYS = ['MOCKAPI_TOKEN', 'MOCKAPI_FORBIDDEN_TOKEN'];

/** The exchange as the judges read it, its credentials, and the redactor of every key it holds. */
function recordedExchange(input: ExchangeInput): { exchange: Exchange; credentials: Credentials; redactor: Redactor } {
  const { request, response } = input;
  const requestHeaders = headersOf(request.headers);
  const authorization = requestHeaders.authorization;
  const credentials = credentialsOf(authorization);
  const own = secretOf(authorization);
  // a run's own HAR holds its keys as placeholders already: read as placeholders, they expand as a live run's do
  const redactor = new Redactor(
    { ...input.otherKeys, $MOCKAPI_TOKEN: own !== undefined && holdsPlaceholder(own) ? undefined : own },
    input.pastedKeys,
    RUN_KEYS,
  );
  const shownRequestHeaders = Object.fromEntries(
    Object.entries(requestHeaders).map(([name, value]) => [
      name,
      name === 'authorization' ? redactor.redact(value) : CREDENTIAL_HEADERS.has(name) ? '<redacted>' : redactor.redact(value),
    ]),
  );
  const requestPieces = Object.fromEntries(
    Object.entries(requestHeaders).map(([name, value]) => [
      name,
      name !== 'authorization' && CREDENTIAL_HEADERS.has(name) ? ['<redacted>'] : redactor.pieces(value),
    ]),
  );
  const responseHeaders = Object.fromEntries(
    Object.entries(headersOf(response.headers)).map(([name, value]) => [name, CREDENTIAL_HEADERS.has(name) ? '<redacted>' : value]),
  );
  const requestBody = bytesOf(request.body);
  const exchange = answerOf(
    { method: request.method.toUpperCase(), url: request.url, requestHeaders: shownRequestHeaders, requestPieces, requestBody },
    response.status,
    responseHeaders,
    bytesOf(response.body) ?? Buffer.alloc(0),
    undefined,
    0,
  );
  return { exchange, credentials, redactor };
}

/** The request body as JSON, or undefined: none, not JSON, or nested deeper than is parsed. */
function sentBody(requestBody: Buffer | undefined): unknown {
  if (requestBody === undefined || requestBody.length === 0 || nestsDeeper(requestBody.toString('utf8'))) return undefined;
  try {
    return JSON.parse(requestBody.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The violations of the contract that one exchange shows: its request (method, URL, headers, body) and the
 * answer it got. Nothing is sent. A transient answer (429, 503) shows nothing of the request: no violation, and a
 * note says so. Throws NotAnOperationError when the request is none of the nine operations (or not the one
 * named), and TypeError for a response without an HTTP status.
 */
export function checkExchange(input: ExchangeInput): ExchangeVerdict {
  const verdict = judgeExchange(input);
  return { ...verdict, evidence: verdict.evidence() };
}

/** A verdict whose evidence is made when asked for: redacting every header of an exchange that passed is wasted. */
export interface DeferredVerdict extends Omit<ExchangeVerdict, 'evidence'> {
  evidence(): Evidence;
}

/** checkExchange's verdict, its evidence made only when asked for (recorded traffic shows it for failures alone). */
export function judgeExchange(input: ExchangeInput): DeferredVerdict {
  const { request, response } = input;
  const found = operationOf(request.method, request.url);
  if (!found)
    throw new NotAnOperationError(
      `${request.method.toUpperCase()} ${pathOfUrl(request.url)} is none of the nine operations of the interface (schemas/openapi.yaml)`,
    );
  if (input.operation !== undefined && input.operation !== found.operation) {
    throw new NotAnOperationError(`${request.method.toUpperCase()} ${pathOfUrl(request.url)} is ${found.operation}, not ${input.operation}`);
  }
  if (!Number.isInteger(response.status) || response.status < 100 || response.status > 599) {
    throw new TypeError(`response.status must be an HTTP status (100 to 599), not ${JSON.stringify(response.status)}`);
  }
  const { exchange, credentials, redactor } = recordedExchange(input);
  const sent = sentBody(exchange.requestBody);
  const t = new Judge(SUCCESS[found.operation].body, { profile: input.profile ?? 'live', fixtures: {} });
  t.uses(exchange);
  // the documented request that reached no operation shows nothing else (EP-METHOD-PATH); any other is judged as sent
  const served = !isDocumentedRequest(exchange, found.params) || expectServed(t, found.operation, exchange);
  if (served && (response.bodyRecorded === false || request.bodyRecorded === false)) {
    // without the body only the status can be judged: a success is the documented one, nothing more
    t.note(
      response.bodyRecorded === false
        ? "the answer's body was not recorded: only its status is judged"
        : "the request's body was not recorded: only the answer's status is judged",
    );
    if (is2xx(response.status)) expectSuccessStatus(t, found.operation, exchange);
  } else if (served) {
    judge(t, found.operation, found.params, exchange, credentials, sent, input.credentialsRecorded ?? true);
  }
  // a value of megabytes a deployment sent is not copied whole into every report (contract/untrusted.ts)
  const redact = (text: string) => redactor.redact(text);
  const violations = t.violations.map((v) => ({ ...v, expected: boundedThrough(v.expected, redact), actual: boundedThrough(v.actual, redact) }));
  const outcome = violations.some((v) => v.level === 'must') ? 'failed' : violations.length > 0 ? 'warned' : 'passed';
  return {
    operation: found.operation,
    params: found.params,
    outcome,
    violations,
    notes: t.notes.map((n) => redactor.redact(n)),
    evidence: () => evidenceOf(exchange, redactor),
    requirement: violations[0]?.requirement ?? SUCCESS[found.operation].body,
  };
}
