// The contract checker: compares one exchange with what openapi.yaml documents for the operation (status,
// media type, envelope, schema) and with the interface's error shapes, and records each deviation as a
// violation of the requirement that states it. Expectations here are the shared vocabulary of the suites.
import { STATUS_CODES } from 'node:http';
import { textStart, type Exchange } from '../http/client.ts';
import type { Judge } from './judge.ts';
import type { Invalid } from '../../contract/invalid.ts';
import type { RequirementId } from '../../contract/requirements.ts';
import { brokenRequirement } from '../../contract/rules.ts';
import { documentedResponse, operation, schema, schemaValidator, type OperationId } from '../../contract/schemas.ts';

/** Which requirement states an operation's success status and which its success body. */
export const SUCCESS: Record<OperationId, { status: RequirementId; body: RequirementId }> = {
  updateChaosSettings: { status: 'CHAOS-STATUS', body: 'CHAOS-RESPONSE' },
  updateStateSettings: { status: 'STATE-RESPONSE', body: 'STATE-RESPONSE' },
  getOrganisation: { status: 'ORG-RESPONSE', body: 'ORG-RESPONSE' },
  updateOrganisation: { status: 'ORG-RESPONSE', body: 'ORG-RESPONSE' },
  deleteDataSource: { status: 'DS-DELETE', body: 'DS-DELETE' },
  updateDataSource: { status: 'DS-RESPONSE', body: 'DS-RESPONSE' },
  deleteTeamMember: { status: 'TEAM-MEMBER-DELETE', body: 'TEAM-MEMBER-DELETE' },
  getLoggedRequest: { status: 'LR-RESPONSE', body: 'LR-RESPONSE' },
  pushOpenApiToGit: { status: 'PUSH-STATUS', body: 'PUSH-RESPONSE' },
};

/**
 * Fields of a success body that a check of their own judges (on the shared answer of its suite): every other
 * check that reads a success body leaves them to it (see expectSuccess), so that one deviation fails one
 * check, under the statement it breaks. [pointer, requirement, the schema keyword where only one is theirs]
 */
const OWN_CHECKS: Partial<Record<OperationId, [RegExp, RequirementId, string?][]>> = {
  pushOpenApiToGit: [
    [/^\/job\/jobType$/, 'JOB-TYPE'],
    [/^\/job\/started$/, 'JOB-STARTED'],
    [/^\/job\/finished$/, 'JOB-FINISHED'],
    [/^\/job\/elapsed$/, 'JOB-ELAPSED'],
    [/^\/job\/links\/self$/, 'JOB-LINKS'],
    [/^\/job\/outcome(?:\/|$)/, 'JOB-OUTCOME'],
  ],
  updateDataSource: [
    [/^\/dataSource\/lastUpdatedTime$/, 'DS-LAST-UPDATED'],
    [/^\/dataSource\/links\/(?:self|acl)$/, 'DS-LINKS'],
    // the schema's not: {required: [rows]}
    [/^\/dataSource$/, 'DS-NO-ROWS', 'not'],
  ],
  // emailAddress's form is ORG-EMAIL's, its presence and type the body's
  getOrganisation: [
    [/^\/organisation\/links\/[^/]+$/, 'ORG-LINKS'],
    [/^\/organisation\/emailAddress$/, 'ORG-EMAIL', 'pattern'],
  ],
  // the update answers with the organisation too, whose links ORG-LINKS judges on the rename's answer (organisationLinks)
  updateOrganisation: [
    [/^\/organisation\/links\/[^/]+$/, 'ORG-LINKS'],
    [/^\/organisation\/emailAddress$/, 'ORG-EMAIL', 'pattern'],
  ],
  getLoggedRequest: [
    [/^\/id$/, 'ID-REQUEST-UUID'],
    [/^\/request\/loggedDateString$/, 'LR-DATE-FORMAT'],
    [/^\/request\/bodyAsBase64$/, 'LR-BODY'],
  ],
};

/**
 * Where a schema error is: its instance path, or for a missing property the place that property belongs
 * (Ajv reports `links` missing `self` at /dataSource/links; it is /dataSource/links/self that is missing, and
 * the check of the links judges that, not the body's check too).
 */
function pointerOf(e: { instancePath: string; keyword: string; params?: Record<string, unknown> }): string {
  return e.keyword === 'required' && typeof e.params?.missingProperty === 'string' ? `${e.instancePath}/${e.params.missingProperty}` : e.instancePath;
}

/** A short, one-line picture of a response for failure messages. */
export function describe(ex: Exchange): string {
  if (ex.status === 0) return `no response: ${ex.error ?? 'unknown error'}`;
  // a coding not undone says so first: the bytes shown are not what they stand for
  const type = `${ex.headers['content-type'] ?? 'no Content-Type'}${ex.undecodable ? `; Content-Encoding ${ex.undecodable}, which this client cannot decode` : ''}`;
  const start = textStart(ex, 301);
  const body = ex.bytes.length === 0 ? 'empty body' : start.length > 300 ? `${start.slice(0, 300)}…` : start;
  return `${ex.status} (${type}) ${body}`;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** The JSON media type the interface uses for every body but the 401 one. */
function expectJsonBody(t: Judge, ex: Exchange, mediaTypes: string[]): boolean {
  const ok = ex.mediaType !== undefined && mediaTypes.includes(ex.mediaType);
  t.expect(ok, 'GEN-JSON', `Content-Type ${mediaTypes.join(' or ')}`, () => `${ex.headers['content-type'] ?? 'no Content-Type'} (status ${ex.status})`);
  return t.expect(ex.json !== undefined, 'GEN-JSON', 'a JSON body', () => `${ex.jsonError ?? 'not JSON'}: ${describe(ex)}`) && ok;
}

/** An Ajv error, as verbose Ajv gives it (contract/schemas.ts). */
interface SchemaError {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  parentSchema?: unknown;
}

/**
 * What a pattern stands for, in words: its schema's description (formats.json describes each format), a path
 * shape with its variable parts named, or the plain words; never the regular expression itself.
 */
function patternInWords(e: SchemaError): string {
  const description = (e.parentSchema as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string') return `is not of the documented form: ${description.split(/\.(?:\s|$)/)[0]}`;
  const pattern = String(e.params?.pattern ?? '');
  const path = /^\^(\/[^$]*)\$$/.exec(pattern);
  if (path) return `is not a path of the form ${path[1]!.replace(/\[\^\/\]\+/g, '{id}').replace(/\\(.)/g, '$1')}`;
  if (pattern.includes('@')) return 'is not an e-mail address (text, one @, text, no spaces)';
  return 'does not have the documented form';
}

/** One Ajv error in words: where, and what is wrong (a pattern by what it stands for). */
export function schemaError(e: SchemaError): string {
  const what = e.keyword === 'pattern' ? patternInWords(e) : (e.message ?? 'is invalid');
  return `${e.instancePath || '/'} ${what}${e.params && 'allowedValue' in e.params ? ` (${JSON.stringify(e.params.allowedValue)})` : ''}`;
}

function schemaErrors(validate: { errors?: unknown }): string {
  const errors = (validate.errors ?? []) as SchemaError[];
  return errors.slice(0, 10).map(schemaError).join('; ');
}

/**
 * A successful answer as documented: status, media type, envelope and schema. Returns the body when all
 * of them hold, so that callers check what a schema cannot say on a body known to have the right shape.
 */
export function expectSuccess(t: Judge, id: OperationId, ex: Exchange, options: { anySuccessStatus?: boolean } = {}): any {
  t.uses(ex);
  const op = operation(id);
  const req = SUCCESS[id];
  const successKeys = [...op.responses.keys()].filter((k) => k.startsWith('2'));
  // anySuccessStatus: the exact status has a check of its own; judge the body of any 2xx here
  const documented = !is2xx(ex.status)
    ? undefined
    : (documentedResponse(op, ex.status) ?? (options.anySuccessStatus ? op.responses.get(successKeys[0]!) : undefined));
  if (!t.expect(documented !== undefined, req.status, `status ${successKeys.join(' or ').replace('2XX', 'any 2xx')}`, () => describe(ex))) return undefined;
  const mediaTypes = [...documented!.content.keys()];
  if (mediaTypes.length === 0) {
    t.note(
      `answered ${ex.status}${ex.bytes.length ? ` with a body (${ex.headers['content-type'] ?? 'no Content-Type'})` : ' without a body'}; the interface shows neither status nor body`,
    );
    // a body the interface does not show is still a response body, which is JSON (General conventions)
    return ex.bytes.length === 0 || expectJsonBody(t, ex, ['application/json']) ? null : undefined;
  }
  if (!expectJsonBody(t, ex, mediaTypes)) return undefined;
  const schema = documented!.schemas.get(ex.mediaType!)!;
  const envelope = envelopeKey(schema);
  const body = ex.json as Record<string, unknown>;
  if (envelope) {
    const wrapped = body !== null && typeof body === 'object' && !Array.isArray(body) && envelope in body;
    if (!t.expect(wrapped, 'GEN-WRAP-RESPONSE', `the resource wrapped in a top-level property "${envelope}"`, () => `top-level properties: ${topLevel(body)}`))
      return undefined;
  } else if (id === 'getLoggedRequest') {
    const validate = documented!.content.get(ex.mediaType!)!;
    if (!validate(body) && body && typeof body === 'object') {
      const values = Object.values(body);
      if (values.length === 1 && validate(values[0])) {
        t.violate('GEN-UNWRAPPED-LOGGED-REQUEST', 'the logged request unwrapped, as the body itself', `wrapped in "${Object.keys(body)[0]}"`);
        return undefined;
      }
    }
  }
  const validate = documented!.content.get(ex.mediaType!)!;
  if (validate(body)) return body;
  // fields with checks of their own are theirs
  const owned = OWN_CHECKS[id] ?? [];
  const errors = (validate.errors ?? []).filter(
    (e) => !owned.some(([pointer, , keyword]) => pointer.test(pointerOf(e)) && (keyword === undefined || e.keyword === keyword)),
  );
  if (errors.length === 0) {
    t.note(`fields with checks of their own deviate from the schema (${schemaErrors(validate)}); those checks say how`);
    return body;
  }
  t.violate(req.body, `a body valid against ${id}'s ${documented!.key} response schema (schemas/openapi.yaml)`, schemaErrors({ errors }));
  return undefined;
}

/** The status of a 2xx answer is the one documented (200 for chaos settings, 202 for a push, any 2xx elsewhere). */
export function expectSuccessStatus(t: Judge, id: OperationId, ex: Exchange): boolean {
  t.uses(ex);
  const op = operation(id);
  const successKeys = [...op.responses.keys()].filter((k) => k.startsWith('2'));
  return t.expect(
    is2xx(ex.status) && documentedResponse(op, ex.status) !== undefined,
    SUCCESS[id].status,
    `status ${successKeys.join(' or ').replace('2XX', 'any 2xx')}`,
    () => describe(ex),
  );
}

/** The media type of a JSON answer (under GEN-JSON), judged on any 2xx of the operation. */
export function expectJsonMediaType(t: Judge, id: OperationId, ex: Exchange): void {
  t.uses(ex);
  const op = operation(id);
  const documented = documentedResponse(op, ex.status) ?? op.responses.get([...op.responses.keys()].find((k) => k.startsWith('2'))!);
  if (!t.expect(is2xx(ex.status), 'GEN-JSON', 'a 2xx answer with a JSON body', () => describe(ex))) return;
  expectJsonBody(t, ex, [...documented!.content.keys()]);
}

/**
 * The envelope alone (GEN-WRAP-RESPONSE, or GEN-UNWRAPPED-LOGGED-REQUEST for the logged request), on a 2xx
 * answer with a JSON body: the resource wrapped in the property the description names, or not wrapped.
 */
export function expectEnvelope(t: Judge, id: OperationId, ex: Exchange): void {
  t.uses(ex);
  const op = operation(id);
  const key = [...op.responses.keys()].find((k) => k.startsWith('2'))!;
  const response = op.responses.get(key)!;
  const schema = response.schemas.get('application/json')!;
  const wrapper = envelopeKey(schema);
  const req = wrapper ? 'GEN-WRAP-RESPONSE' : 'GEN-UNWRAPPED-LOGGED-REQUEST';
  if (
    !t.expect(is2xx(ex.status) && ex.json !== null && typeof ex.json === 'object' && !Array.isArray(ex.json), req, 'a 2xx answer with a JSON object', () =>
      describe(ex),
    )
  )
    return;
  const body = ex.json as Record<string, unknown>;
  if (wrapper) {
    t.expect(wrapper in body, req, `the resource wrapped in a top-level property "${wrapper}"`, () => `top-level properties: ${topLevel(body)}`);
    return;
  }
  // unwrapped: the logged request is the body, not a property of it; a field of it missing from the top and held
  // by no property is a field missing, which the body's own check (LR-RESPONSE) judges
  const required = requiredOf(schema);
  const missing = required.filter((p) => !(p in body));
  const holds = (value: unknown) => value !== null && typeof value === 'object' && missing.every((p) => p in value);
  const wrapped = missing.length === required.length || (missing.length > 0 && Object.values(body).some(holds));
  t.expect(!wrapped, req, `the logged request itself at the top level (${required.join(', ')})`, () => `top-level properties: ${topLevel(body)}`);
}

/** The required properties of a schema, following a reference to a schema file. */
function requiredOf(schema: Record<string, unknown>): string[] {
  if (Array.isArray(schema.required)) return schema.required as string[];
  if (typeof schema.$ref === 'string') {
    const target = schemaValidator().getSchema(schema.$ref)?.schema as Record<string, unknown> | undefined;
    if (target) return requiredOf(target);
  }
  throw new Error('the response schema names no required properties; the envelope cannot be judged');
}

/** The single required top-level property of a response schema that wraps a resource, if any. */
function envelopeKey(schema: Record<string, unknown>): string | undefined {
  const required = schema.required as string[] | undefined;
  const properties = schema.properties as Record<string, unknown> | undefined;
  return required?.length === 1 && properties && Object.keys(properties).length === 1 ? required[0] : undefined;
}

function topLevel(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return JSON.stringify(body)?.slice(0, 100) ?? 'none';
  return Object.keys(body).join(', ') || 'none';
}

/** What a tab between Token and the key is read as: either answer (docs/checks.md, AUTH-SEPARATOR). */
export const TAB_SEPARATOR =
  'a tab between Token and the key: the interface shows one space in the value a client sends, and says nothing of a value sent otherwise, so taking it or answering 401 are both read as right';

const CREDENTIALS_WORDING = /credential|authenticat|api[ -]?key|token|log ?in|sign ?in/i;

/**
 * The wrapped resource of a 2xx answer whatever else is wrong with it, so that a check of one field is not
 * hidden by a deviation that another check reports. Ends the check (under `id`) when there is none.
 */
export function wrappedResource(t: Judge, ex: Exchange, wrapper: string, id: RequirementId): any {
  t.uses(ex);
  const resource = (ex.json as Record<string, unknown> | undefined)?.[wrapper];
  t.expect(is2xx(ex.status) && resource !== null && typeof resource === 'object', id, `a 2xx answer with { ${wrapper} }`, () => describe(ex));
  t.stopIfViolated();
  return resource;
}

/** 401 (under `id`), and then its body (AUTH-401-BODY): the interface fixes it for every way a request reaches 401. */
export function expectUnauthorized(t: Judge, ex: Exchange, id: RequirementId): void {
  t.uses(ex);
  if (t.expect(ex.status === 401, id, 'status 401', () => describe(ex))) expectUnauthorizedBody(t, ex);
}

/** 401 with the interface's plain-text body stating that credentials are required. */
export function expectUnauthorizedBody(t: Judge, ex: Exchange): void {
  t.uses(ex);
  if (!t.expect(ex.status === 401, 'AUTH-401-BODY', 'status 401 with a plain-text body', () => describe(ex))) return;
  t.expect(ex.mediaType === 'text/plain', 'AUTH-401-BODY', 'Content-Type text/plain', () => ex.headers['content-type'] ?? 'no Content-Type');
  t.expect(
    ex.text.trim().length > 0 && CREDENTIALS_WORDING.test(ex.text),
    'AUTH-401-BODY',
    'a text stating that credentials are required to access the resource',
    () => JSON.stringify(ex.text.slice(0, 300)),
  );
}

/** 403 (under AUTH-403), whatever the body. */
export function expectForbidden(t: Judge, ex: Exchange): void {
  t.uses(ex);
  t.expect(ex.status === 403, 'AUTH-403', 'status 403', () => describe(ex));
}

/** 403 with an error list of one entry titled Forbidden whose source is an empty object. */
export function expectForbiddenBody(t: Judge, id: OperationId, ex: Exchange): void {
  t.uses(ex);
  if (!t.expect(ex.status === 403, 'AUTH-403-BODY', 'status 403 with an error list', () => describe(ex))) return;
  const documented = documentedResponse(operation(id), 403)!;
  if (!expectJsonBody(t, ex, [...documented.content.keys()])) return;
  const validate = documented.content.get(ex.mediaType!)!;
  t.expect(
    validate(ex.json) === true,
    'AUTH-403-BODY',
    'an error list with one entry, title Forbidden, source {}',
    () => `${schemaErrors(validate)} in ${ex.text.slice(0, 300)}`,
  );
}

/** 404 with the not-found body, for operations that document 404. */
export function expectNotFound(t: Judge, id: OperationId, ex: Exchange): void {
  t.uses(ex);
  const documented = documentedResponse(operation(id), 404);
  if (documented?.key !== '404') throw new Error(`${id} documents no 404; use expectNotAccepted`);
  if (!t.expect(ex.status === 404, 'ERR-404', 'status 404', () => describe(ex))) return;
  if (!expectJsonBody(t, ex, [...documented.content.keys()])) return;
  const validate = documented.content.get(ex.mediaType!)!;
  if (
    !t.expect(
      validate(ex.json) === true,
      'ERR-404',
      'the not-found body { code: 404, message: string }',
      () => `${schemaErrors(validate)} in ${ex.text.slice(0, 300)}`,
    )
  )
    return;
  const message = (ex.json as { message: string }).message;
  const reading = notFoundMessage(message);
  if (
    !t.expect(
      reading.fails === undefined,
      'ERR-404',
      `a message reporting the HTTP 404 condition: it names 404, or says "not found", and names no other status (${NOT_FOUND_RULE})`,
      () => `${JSON.stringify(message.slice(0, 300))}: ${reading.fails}`,
    )
  )
    return;
  if (reading.note) t.note(reading.note);
}

/** How ERR-404's message is read, in the words of the check's statement (contract/requirements.ts says it too). */
const NOT_FOUND_RULE = 'the number 404 in any language, or the English reason phrase "Not Found" of RFC 9110 §15.5.5';

/** Reason phrases of other 4xx and 5xx statuses, of more than one word: single words (Gone, Conflict) are too plain to read as naming a status. */
const OTHER_PHRASES = Object.entries(STATUS_CODES)
  .filter(([code, phrase]) => code !== '404' && Number(code) >= 400 && phrase?.includes(' '))
  .map(([code, phrase]) => ({ code, phrase: phrase!, pattern: new RegExp(`\\b${phrase!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i') }));

/** A status code written as one: after HTTP, status, code or error (`HTTP 400`, `status: 500`). */
const AS_STATUS = /\b(?:HTTP(?:\/[0-9.]+)?|status|code|error)\s*[:=#]?\s*([1-5][0-9]{2})(?![0-9])/gi;

/**
 * ERR-404's "message reports the HTTP 404 condition", read operationally: the message names the condition by
 * its number (404, so a localised message that carries it passes) or by its name in HTTP ("Not Found",
 * case-insensitive), and names no other status: no other code written as a status (`HTTP 400`, `status 500`)
 * and no other multi-word reason phrase (`Bad Request`). Digits in an id are not a status.
 */
export function notFoundMessage(message: string): { fails?: string; note?: string } {
  const names404 = /(?<![0-9])404(?![0-9])/.test(message);
  const saysNotFound = /\bnot[\s_-]*found\b/i.test(message);
  // a number HTTP does not define (code 123) is no status
  for (const m of message.matchAll(AS_STATUS)) if (m[1] !== '404' && STATUS_CODES[m[1]!] !== undefined) return { fails: `it names status ${m[1]}` };
  const other = OTHER_PHRASES.find((p) => p.pattern.test(message));
  if (other) return { fails: `it names the condition ${other.code} ${other.phrase}` };
  if (!names404 && !saysNotFound) return { fails: 'it names neither 404 nor "not found"' };
  if (!saysNotFound)
    return {
      note: `the not-found message ${JSON.stringify(message.slice(0, 120))} carries 404 but not the phrase "Not Found": read as reporting the 404 condition (a localised message)`,
    };
  return {};
}

/**
 * A valid value is accepted: a 2xx, judged under the statement of the field it fills (a refusal of valid input says
 * the deployment reads the field more narrowly than the interface). Returns whether it was.
 */
export function expectValidAccepted(t: Judge, ex: Exchange, id: RequirementId, what: string): boolean {
  t.uses(ex);
  return t.expect(is2xx(ex.status), id, `${what} accepted (a 2xx): it is valid`, () => describe(ex));
}

/**
 * A valid body a deployment may refuse for a reason the words leave to it (`open`, the reason in words: a field left
 * out that the words do not mark optional, a value past a bound the words do not give): its 4xx is noted and held only
 * to the body rules of every refusal; a 2xx, or any other answer, is judged as expectValidAccepted judges it. Returns
 * whether it was accepted.
 */
export function expectValidAcceptedOrOpen(t: Judge, ex: Exchange, id: RequirementId, what: string, open: string | undefined): boolean {
  if (open === undefined || ex.status < 400 || ex.status >= 500) return expectValidAccepted(t, ex, id, what);
  t.note(`${what} was refused (${ex.status}): ${open}`);
  expectRejected(t, ex, id, what);
  return false;
}

/** Why a deployment may refuse a body that leaves out the field at `pointer`: the words do not mark it optional. */
export const mayRequire = (pointer: string): string => `it leaves out ${pointer}, which the words do not mark optional, so a deployment may require it`;

/**
 * The request is not accepted: no 2xx (under `id`), and, as any serious API does, a 4xx rather than a 5xx
 * or anything else (GEN-NO-5XX). Returns true when the answer was a 4xx.
 */
export function expectRejected(t: Judge, ex: Exchange, id: RequirementId, what: string): boolean {
  t.uses(ex);
  if (!t.expect(ex.status !== 0 && !is2xx(ex.status), id, `${what} is not accepted (no 2xx)`, () => describe(ex))) return false;
  if (!t.expect(ex.status >= 400 && ex.status < 500, 'GEN-NO-5XX', `a 4xx for ${what}`, () => describe(ex))) return false;
  expectRefusalBody(t, ex);
  return true;
}

/**
 * A body that lacks a required property: rejected (under `id`) with an error list titled Invalid JSON whose
 * detail names the missing pointer and the required type, and whose source is an empty object.
 */
export function expectInvalidJson(t: Judge, ex: Exchange, id: RequirementId, pointer: string, type: string, what = `a body without ${pointer}`): void {
  if (!expectRejected(t, ex, id, what)) return;
  // the resource not found: a deployment may look it up before it reads the body, and the words fix no order
  if (ex.status === 404)
    return t.note(`answered 404 (the resource not found), which a deployment may decide before it reads the body: the Invalid JSON entry is not judged`);
  // expectRejected judged a body's media type; an empty body is no error list either
  if (ex.json === undefined) {
    if (ex.bytes.length === 0) t.violate('GEN-JSON', 'a JSON body', describe(ex));
    return;
  }
  const body = ex.json as { errors?: { title?: unknown; detail?: unknown; source?: unknown }[] };
  if (!Array.isArray(body?.errors)) {
    // errors that are no array broke the shape expectRejected judged
    if (body === null || typeof body !== 'object' || !('errors' in body))
      t.violate('ERR-ERROR-LIST', 'an error list body { errors: [...] }', ex.text.slice(0, 300));
    return;
  }
  const entry = body.errors!.find((e) => e && e.title === 'Invalid JSON');
  if (
    !t.expect(
      entry !== undefined,
      'ERR-INVALID-JSON',
      'an error entry titled "Invalid JSON"',
      () => `titles: ${JSON.stringify(body.errors!.map((e) => e?.title))}`,
    )
  )
    return;
  const detail = typeof entry!.detail === 'string' ? entry!.detail : '';
  t.expect(detail.includes(pointer), 'ERR-INVALID-JSON', `detail naming the missing JSON pointer ${pointer}`, () => JSON.stringify(entry!.detail));
  t.expect(new RegExp(`\\b${type}\\b`, 'i').test(detail), 'ERR-INVALID-JSON', `detail naming the required type (${type})`, () => JSON.stringify(entry!.detail));
  const source = entry!.source;
  t.expect(
    source !== null && typeof source === 'object' && !Array.isArray(source) && Object.keys(source).length === 0,
    'ERR-INVALID-JSON',
    'source an empty object {}',
    () => JSON.stringify(source),
  );
}

/**
 * An invalid payload is never accepted (under the requirement it breaks) and gets a 4xx. A missing wrapper is
 * answered Invalid JSON naming its pointer and type, as the interface says; for other rejections the body
 * is not shown, so it is judged only as every refusal is. A body that is not JSON at all is one of those: the
 * Invalid JSON row speaks of a body that lacks a required property, not of one that cannot be read.
 */
export function expectInvalidRejected(t: Judge, op: OperationId, invalid: Invalid, ex: Exchange): void {
  const id = brokenRequirement(op, invalid);
  const what = `${invalid.rule} at ${invalid.pointer || 'the body'}`;
  // a mock rejects with a body of its own; the Invalid JSON shape is a live deployment's to show
  if (invalid.rule === 'missing-required' && t.target.profile === 'live') {
    expectInvalidJson(t, ex, id, invalid.pointer, invalid.type ?? 'object');
    return;
  }
  expectRejected(t, ex, id, what);
}

/** A JSON media type other than application/json (application/problem+json): JSON, though not the one the interface names. */
const OTHER_JSON = /^application\/(?:[\w.-]+\+)?json$/;

/**
 * The body of a refusal (a 4xx but 401, whose body is plain text): JSON, as every body is (GEN-JSON; a JSON media type
 * other than application/json is noted, docs/checks.md), and an error list of the documented shape where it is one,
 * whatever its status (ERR-ERROR-LIST). An empty body is left open; a mock answers with bodies of its own.
 */
function expectRefusalBody(t: Judge, ex: Exchange): void {
  if (ex.status === 401 || ex.bytes.length === 0) return;
  if (t.target.profile !== 'live') return expectErrorListIfAny(t, ex);
  if (ex.mediaType !== 'application/json' && ex.mediaType !== undefined && OTHER_JSON.test(ex.mediaType) && ex.json !== undefined)
    t.note(`a ${ex.status} refusal served as ${ex.mediaType}: JSON, though the interface names application/json`);
  else if (!expectJsonBody(t, ex, ['application/json'])) return;
  expectErrorListIfAny(t, ex);
}

/** A refusal whose body carries `errors` is held to the error-list shape (the interface leaves the body open otherwise). */
export function expectErrorListIfAny(t: Judge, ex: Exchange): void {
  const body = ex.json as { errors?: unknown } | undefined;
  if (!body || typeof body !== 'object' || !('errors' in body)) return;
  const validate = schema('error-list.json');
  t.expect(
    validate(body) === true,
    'ERR-ERROR-LIST',
    'an error list of the documented shape',
    () => `${validate.errors?.map(schemaError).join('; ')}: ${describe(ex)}`,
  );
}
