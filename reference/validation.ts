// Request bodies are checked against the request schema of the operation in schemas/openapi.yaml, never a
// copy of it. A missing property or a wrong type is 'Invalid JSON' (Errors > Error cases: the detail names
// the JSON pointer and the required type); any other broken rule is 'Invalid value'.
import type { ErrorObject } from 'ajv';
import { operation, type Json, type OperationId } from '../src/contract/schemas.ts';
import { rowsMisfit } from '../src/rows.ts';
import type { FaultName, Faults } from './faults.ts';
import { errorEntry, errorList, internalError, type ErrorEntry, type Reply } from './responses.ts';
import type { JsonObject } from './store.ts';

/** Deeper bodies are refused before anything walks them recursively (JSON.stringify would overflow). */
export const MAX_DEPTH = 64;

/** body: the parsed body of a rejection, when it was JSON (a fault may act on it; see Handler.rejected) */
export type Checked = { ok: true; body: JsonObject } | { ok: false; reply: Reply; body?: Json };

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The root is shown as '/', which reads better in a sentence than the empty pointer.
const shown = (pointer: string): string => pointer || '/';

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

function invalidJson(what: string, pointer: string, type: string, faults: Faults): ErrorEntry {
  const where = faults.has('invalid-json-detail-without-pointer') ? '' : ` at ${shown(pointer)}`;
  const expected = faults.has('invalid-json-detail-without-type') ? '' : `: expected ${type}`;
  const entry = errorEntry(400, faults.has('invalid-json-title-wrong') ? 'Bad Request' : 'Invalid JSON', `${what}${where}${expected}`);
  if (faults.has('invalid-json-source-not-empty')) entry.source = { pointer: shown(pointer) };
  return entry;
}

const invalidValue = (pointer: string, rule: string): ErrorEntry => errorEntry(400, 'Invalid value', `Invalid value at ${shown(pointer)}: ${rule}`);

function parse(bytes: Buffer): { ok: true; value: Json } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(bytes)) as Json };
  } catch {
    return { ok: false };
  }
}

/** Pointer of the first value nested deeper than MAX_DEPTH, if any; iterative so depth cannot hurt it. */
function tooDeep(value: Json): string | undefined {
  const stack: [Json, number, string][] = [[value, 0, '']];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth, pointer] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_DEPTH) return pointer;
    for (const [key, child] of Object.entries(node)) stack.push([child, depth + 1, `${pointer}/${escapeToken(key)}`]);
  }
  return undefined;
}

const typeName = (type: unknown): string => (Array.isArray(type) ? type.join(' or ') : typeof type === 'string' ? type : 'any type');

function entryFor(error: ErrorObject, faults: Faults): ErrorEntry {
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    const properties = (error.parentSchema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
    return invalidJson('Required property missing', `${error.instancePath}/${escapeToken(missing)}`, typeName(properties?.[missing]?.type), faults);
  }
  if (error.keyword === 'type') {
    return invalidJson('Wrong type', error.instancePath, typeName((error.params as { type: unknown }).type), faults);
  }
  return invalidValue(error.instancePath, error.message ?? error.keyword);
}

const PERCENTAGE = /^\/chaos\/percentageFailures$/;
const HTTP_STATUS = /^\/chaos\/httpErrors\/\d+\/status$/;

/** Limits that a fault moves: [fault, keyword, pointer, the furthest value it lets through]. */
const MOVED_LIMITS: [FaultName, 'minimum' | 'maximum', RegExp, number][] = [
  ['chaos-percentage-above-100-accepted', 'maximum', PERCENTAGE, 101],
  ['chaos-percentage-below-0-accepted', 'minimum', PERCENTAGE, -1],
  ['chaos-status-above-599-accepted', 'maximum', HTTP_STATUS, 600],
  ['chaos-status-below-400-accepted', 'minimum', HTTP_STATUS, 399],
  // only a generated value gets this close: the hand-written checks send 100.001
  ['chaos-percentage-a-hair-above-100-accepted', 'maximum', PERCENTAGE, 100.0005],
];

/** Inclusive limits that a fault makes exclusive: [fault, pointer, the limit it refuses]. */
const EXCLUSIVE_LIMITS: [FaultName, RegExp, number][] = [
  ['chaos-percentage-0-rejected', PERCENTAGE, 0],
  ['chaos-percentage-100-rejected', PERCENTAGE, 100],
  ['chaos-status-400-rejected', HTTP_STATUS, 400],
  ['chaos-status-599-rejected', HTTP_STATUS, 599],
];

/** Values at an inclusive limit that a fault refuses, as pointers with the limit they hit. */
function atExcludedLimit(id: OperationId, body: JsonObject, faults: Faults): ErrorEntry[] {
  if (id !== 'updateChaosSettings') return [];
  const chaos = body.chaos as { percentageFailures?: Json; httpErrors?: { status?: Json }[] };
  const values: [string, Json | undefined][] = [
    ['/chaos/percentageFailures', chaos.percentageFailures],
    ...(chaos.httpErrors ?? []).map((e, i): [string, Json | undefined] => [`/chaos/httpErrors/${i}/status`, e?.status]),
  ];
  return values
    .filter(([pointer, value]) => EXCLUSIVE_LIMITS.some(([fault, at, limit]) => faults.has(fault) && at.test(pointer) && value === limit))
    .map(([pointer, value]) => invalidValue(pointer, `${String(value)} is outside the limits`));
}

const LATER_HTTP_STATUS = /^\/chaos\/httpErrors\/[1-9]\d*\/status$/;

function tolerated(error: ErrorObject, faults: Faults): boolean {
  // chaos-status-limit-first-item-only: the limits are held only at the first item of httpErrors
  if (faults.has('chaos-status-limit-first-item-only') && (error.keyword === 'minimum' || error.keyword === 'maximum') && LATER_HTTP_STATUS.test(error.instancePath)) return true;
  return MOVED_LIMITS.some(
    ([fault, keyword, pointer, furthest]) =>
      faults.has(fault) &&
      error.keyword === keyword &&
      pointer.test(error.instancePath) &&
      typeof error.data === 'number' &&
      (keyword === 'maximum' ? error.data <= furthest : error.data >= furthest),
  );
}

/** Wrong types a fault takes for the right one, before the body is validated. */
function coerce(id: OperationId, body: Json, faults: Faults): Json {
  if (id === 'updateChaosSettings' && faults.has('chaos-enabled-string-accepted') && isObject(body) && isObject(body.chaos)) {
    const { enabled } = body.chaos;
    if (enabled === 'true' || enabled === 'false') return { ...body, chaos: { ...body.chaos, enabled: enabled === 'true' } };
  }
  if (id === 'updateStateSettings' && faults.has('state-expression-number-accepted') && isObject(body) && isObject(body.state)) {
    const expression = body.state.defaultContextExpression;
    if (typeof expression === 'number') return { ...body, state: { ...body.state, defaultContextExpression: String(expression) } };
  }
  if (id === 'updateDataSource' && faults.has('data-source-rows-not-array-accepted') && isObject(body) && isObject(body.dataSource)) {
    const { rows } = body.dataSource;
    if (rows !== undefined && !Array.isArray(rows)) return { ...body, dataSource: { ...body.dataSource, rows: [] } };
  }
  // Coercions deeper in a body, which only generated payloads reach (properties/breaches.ts)
  if (id === 'updateChaosSettings' && faults.has('chaos-delay-string-coerced') && isObject(body) && isObject(body.chaos) && isObject(body.chaos.longDelay)) {
    const duration = body.chaos.longDelay.durationMillis;
    if (typeof duration === 'string' && /^\d+$/.test(duration)) return { ...body, chaos: { ...body.chaos, longDelay: { ...body.chaos.longDelay, durationMillis: Number(duration) } } };
  }
  if (id === 'updateDataSource' && isObject(body) && isObject(body.dataSource)) {
    const ds = body.dataSource;
    if (faults.has('data-source-null-cell-accepted') && Array.isArray(ds.rows) && ds.rows.some((row) => Array.isArray(row) && row.includes(null))) {
      return { ...body, dataSource: { ...ds, rows: ds.rows.map((row) => (Array.isArray(row) ? row.map((cell) => cell ?? '') : row)) } };
    }
    if (faults.has('data-source-column-without-type-accepted') && Array.isArray(ds.columnsMetadata) && ds.columnsMetadata.some((c) => isObject(c) && !('type' in c))) {
      return { ...body, dataSource: { ...ds, columnsMetadata: ds.columnsMetadata.map((c) => (isObject(c) && !('type' in c) ? { ...c, type: { name: 'STRING' } } : c)) } };
    }
  }
  if (id === 'updateOrganisation' && faults.has('organisation-name-null-ignored') && isObject(body) && isObject(body.organisation) && body.organisation.name === null) {
    const { name: _, ...rest } = body.organisation;
    return { ...body, organisation: rest };
  }
  if (id === 'pushOpenApiToGit' && faults.has('push-policy-any-type-accepted') && isObject(body) && isObject(body.push)) {
    const policy = body.push.outOfSyncPolicy;
    if (policy !== undefined && typeof policy !== 'string') return { ...body, push: { ...body.push, outOfSyncPolicy: JSON.stringify(policy) } };
  }
  return body;
}

/** The wrapper a fault makes optional: a non-empty object without it is taken as the wrapped object. */
const OPTIONAL_WRAPPERS: Partial<Record<OperationId, [FaultName, string]>> = {
  updateChaosSettings: ['chaos-wrapper-optional', 'chaos'],
  updateOrganisation: ['organisation-wrapper-optional', 'organisation'],
};

function wrapped(id: OperationId, body: Json, faults: Faults): Json {
  const optional = OPTIONAL_WRAPPERS[id];
  if (!optional || !faults.has(optional[0]) || !isObject(body) || Object.keys(body).length === 0 || Object.hasOwn(body, optional[1])) return body;
  return { [optional[1]]: body };
}

function schemaErrors(id: OperationId, body: Json, faults: Faults): ErrorObject[] {
  const validate = operation(id).requestBody?.validate;
  if (!validate || validate(body)) return [];
  return (validate.errors ?? []).filter((error) => !tolerated(error, faults));
}

function schemaEntries(errors: ErrorObject[], faults: Faults): ErrorEntry[] {
  const entries = errors.map((error) => entryFor(error, faults));
  // A $ref beside a sibling 'type' reports one wrong type twice; Invalid JSON first, as it is the cause.
  const unique = [...new Map(entries.map((entry) => [`${entry.title}\n${entry.detail}`, entry])).values()];
  return [...unique.filter((entry) => entry.title === 'Invalid JSON'), ...unique.filter((entry) => entry.title !== 'Invalid JSON')];
}

/**
 * Bodies a fault makes the server's trouble: chaos-limit-500 (a percentageFailures outside its limits),
 * chaos-null-http-error-500 (null for an httpErrors item), state-expression-object-500 (an object for the expression).
 */
function crashes(body: Json, errors: ErrorObject[], faults: Faults): boolean {
  if (faults.has('chaos-limit-500') && errors.some((error) => PERCENTAGE.test(error.instancePath) && (error.keyword === 'minimum' || error.keyword === 'maximum'))) return true;
  if (faults.has('chaos-null-http-error-500') && isObject(body) && isObject(body.chaos) && Array.isArray(body.chaos.httpErrors) && body.chaos.httpErrors.includes(null)) return true;
  if (faults.has('state-expression-object-500') && isObject(body) && isObject(body.state) && isObject(body.state.defaultContextExpression)) return true;
  return false;
}

function rowEntries(id: OperationId, body: JsonObject, faults: Faults): ErrorEntry[] {
  if (id !== 'updateDataSource') return [];
  const dataSource = body.dataSource as { columnsMetadata: Json[]; rows: Json[] };
  const { columnsMetadata } = dataSource;
  // data-source-row-short-accepted: rows with fewer strings than columns are let through, each where it stands
  // data-source-row-long-accepted: rows with more strings than columns are let through (only generated rows try)
  const short = (row: Json) => faults.has('data-source-row-short-accepted') && Array.isArray(row) && row.length < columnsMetadata.length;
  const long = (row: Json) => faults.has('data-source-row-long-accepted') && Array.isArray(row) && row.length > columnsMetadata.length && row.every((c) => typeof c === 'string');
  const misfit = rowsMisfit(columnsMetadata, dataSource.rows.map((row) => (short(row) || long(row) ? columnsMetadata.map(() => '') : row)));
  return misfit ? [invalidValue(`/dataSource${misfit.pointer}`, misfit.reason)] : [];
}

/** A rejected body: 400 with the entries (validation-error-code-string: their codes as strings). */
function rejected(entries: ErrorEntry[], faults: Faults): { ok: false; reply: Reply } {
  if (!faults.has('validation-error-code-string')) return { ok: false, reply: errorList(400, entries) };
  return { ok: false, reply: { status: 400, json: { errors: entries.map((entry) => ({ ...entry, code: String(entry.code) })) } } };
}

export function checkBody(id: OperationId, bytes: Buffer, faults: Faults): Checked {
  if (bytes.length === 0 && id === 'updateStateSettings' && faults.has('state-empty-body-accepted')) return { ok: true, body: { state: {} } };
  if (bytes.length === 0 && id === 'updateDataSource' && faults.has('data-source-empty-body-500')) return { ok: false, reply: internalError() };
  const parsed = parse(bytes);
  if (!parsed.ok && id === 'updateChaosSettings' && faults.has('not-json-accepted')) return { ok: true, body: { chaos: {} } };
  if (!parsed.ok) return rejected([invalidJson('Body is not valid JSON', '', 'object', faults)], faults);
  const deep = tooDeep(parsed.value);
  if (deep !== undefined) return rejected([invalidValue(deep, `nested deeper than ${MAX_DEPTH} levels`)], faults);
  const body = coerce(id, wrapped(id, parsed.value, faults), faults);
  const errors = schemaErrors(id, body, faults);
  if (crashes(body, errors, faults)) return { ok: false, reply: internalError() };
  if (errors.length > 0) return { ...rejected(schemaEntries(errors, faults), faults), body };
  // The schema has made sure it is an object with the wrapper the operation needs.
  const object = body as JsonObject;
  const problems = [...atExcludedLimit(id, object, faults), ...rowEntries(id, object, faults)];
  if (problems.length > 0) return { ...rejected(problems, faults), body };
  return { ok: true, body: object };
}

export function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
