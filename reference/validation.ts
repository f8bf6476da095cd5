// Request bodies are checked against the request schema of the operation in schemas/openapi.yaml, never a
// copy of it. A missing property or a wrong type is 'Invalid JSON' (Errors > Error cases: the detail names
// the JSON pointer and the required type); any other broken rule is 'Invalid value'.
import type { ErrorObject } from 'ajv';
import { operation, type Json, type OperationId } from '../src/contract/schemas.ts';
import { rowsMisfit } from '../src/rows.ts';
import type { Faults } from './faults.ts';
import { errorEntry, errorList, type ErrorEntry, type Reply } from './responses.ts';
import type { JsonObject } from './store.ts';

/** Deeper bodies are refused before anything walks them recursively (JSON.stringify would overflow). */
export const MAX_DEPTH = 64;

export type Checked = { ok: true; body: JsonObject } | { ok: false; reply: Reply };

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The root is shown as '/', which reads better in a sentence than the empty pointer.
const shown = (pointer: string): string => pointer || '/';

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

function invalidJson(what: string, pointer: string, type: string, faults: Faults): ErrorEntry {
  const where = faults.has('invalid-json-detail-without-pointer') ? '' : ` at ${shown(pointer)}`;
  return errorEntry(400, 'Invalid JSON', `${what}${where}: expected ${type}`);
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

function tolerated(error: ErrorObject, faults: Faults): boolean {
  return (
    faults.has('chaos-percentage-above-100-accepted') &&
    error.keyword === 'maximum' &&
    error.instancePath === '/chaos/percentageFailures' &&
    typeof error.data === 'number' &&
    error.data <= 101
  );
}

function schemaEntries(id: OperationId, body: Json, faults: Faults): ErrorEntry[] {
  const validate = operation(id).requestBody?.validate;
  if (!validate || validate(body)) return [];
  const entries = (validate.errors ?? []).filter((error) => !tolerated(error, faults)).map((error) => entryFor(error, faults));
  // A $ref beside a sibling 'type' reports one wrong type twice; Invalid JSON first, as it is the cause.
  const unique = [...new Map(entries.map((entry) => [`${entry.title}\n${entry.detail}`, entry])).values()];
  return [...unique.filter((entry) => entry.title === 'Invalid JSON'), ...unique.filter((entry) => entry.title !== 'Invalid JSON')];
}

function rowEntries(id: OperationId, body: JsonObject): ErrorEntry[] {
  if (id !== 'updateDataSource') return [];
  const dataSource = body.dataSource as { columnsMetadata: Json[]; rows: Json[] };
  const misfit = rowsMisfit(dataSource.columnsMetadata, dataSource.rows);
  return misfit ? [invalidValue(`/dataSource${misfit.pointer}`, misfit.reason)] : [];
}

export function checkBody(id: OperationId, bytes: Buffer, faults: Faults): Checked {
  const parsed = parse(bytes);
  if (!parsed.ok) return { ok: false, reply: errorList(400, [invalidJson('Body is not valid JSON', '', 'object', faults)]) };
  let body = parsed.value;
  const deep = tooDeep(body);
  if (deep !== undefined) return { ok: false, reply: errorList(400, [invalidValue(deep, `nested deeper than ${MAX_DEPTH} levels`)]) };
  if (faults.has('chaos-wrapper-optional') && id === 'updateChaosSettings' && isObject(body) && !Object.hasOwn(body, 'chaos')) {
    body = { chaos: body };
  }
  const schemaProblems = schemaEntries(id, body, faults);
  if (schemaProblems.length > 0) return { ok: false, reply: errorList(400, schemaProblems) };
  // The schema has made sure it is an object with the wrapper the operation needs.
  const object = body as JsonObject;
  const rowProblems = rowEntries(id, object);
  if (rowProblems.length > 0) return { ok: false, reply: errorList(400, rowProblems) };
  return { ok: true, body: object };
}

export function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
