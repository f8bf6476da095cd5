// Request bodies are held to the request schema of the operation in schemas/openapi.yaml, never a copy of
// it, and to the rule across fields that a schema cannot state (contract/rows.ts). A missing property or a
// wrong type is 'Invalid JSON' (Errors > Error cases: the detail names the JSON pointer and the required
// type); any other broken rule is 'Invalid value'. Faults act at two points (reference/patch.ts): how the
// body is read, and which problems are found.
import type { ErrorObject } from 'ajv';
import { rowsMisfits } from '../contract/rows.ts';
import { operation, type Json, type OperationId } from '../contract/schemas.ts';
import type { Call, Patch, Problem } from './patch.ts';
import { errorEntry, errorList, type ErrorEntry, type Reply } from './responses.ts';
import type { JsonObject } from './store.ts';

/** Deeper bodies are refused before anything walks them recursively (JSON.stringify would overflow). */
const MAX_DEPTH = 64;

export type Checked = { ok: true; body: JsonObject } | { ok: false; reply: Reply };

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The root is shown as '/', which reads better in a sentence than the empty pointer.
const shown = (pointer: string): string => pointer || '/';

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

const invalidJson = (what: string, pointer: string, type: string): ErrorEntry =>
  errorEntry(400, 'Invalid JSON', `${what} at ${shown(pointer)}: expected ${type}`);

/** The parts of an Invalid JSON detail as written above; a pointer may hold ': expected ', a type never does. */
export function invalidJsonDetail(detail: string): { what: string; pointer: string; type: string } | undefined {
  const parts = /^(.*?) at ([^]*): expected ([^]*)$/.exec(detail);
  return parts ? { what: parts[1]!, pointer: parts[2]!, type: parts[3]! } : undefined;
}

const invalidValue = (pointer: string, rule: string): ErrorEntry => errorEntry(400, 'Invalid value', `Invalid value at ${shown(pointer)}: ${rule}`);

/** The body as JSON; undefined when it is not JSON (empty, not UTF-8, not JSON text). */
function parse(bytes: Buffer): Json | undefined {
  try {
    return JSON.parse(utf8.decode(bytes)) as Json;
  } catch {
    return undefined;
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

function problemOf(error: ErrorObject): Problem {
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    const properties = (error.parentSchema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
    return { pointer: `${error.instancePath}/${escapeToken(missing)}`, keyword: 'required', expected: typeName(properties?.[missing]?.type) };
  }
  const value = error.data as Json;
  if (error.keyword === 'type') return { pointer: error.instancePath, keyword: 'type', value, expected: typeName((error.params as { type: unknown }).type) };
  return { pointer: error.instancePath, keyword: error.keyword, value, expected: error.message ?? error.keyword };
}

function schemaProblems(id: OperationId, body: Json): Problem[] {
  const validate = operation(id).requestBody?.validate;
  if (!validate || validate(body)) return [];
  return (validate.errors ?? []).map(problemOf);
}

/** Rows that do not fit the columns; asked only of a body that has the schema's shape. */
function rowProblems(id: OperationId, body: Json): Problem[] {
  if (id !== 'updateDataSource') return [];
  const { columnsMetadata, rows } = (body as { dataSource: { columnsMetadata: Json[]; rows: Json[] } }).dataSource;
  return rowsMisfits(columnsMetadata, rows).map((misfit) => ({
    pointer: `/dataSource${misfit.pointer}`,
    keyword: 'rows',
    value: misfit.value as Json,
    expected: misfit.reason,
  }));
}

function entryOf(problem: Problem): ErrorEntry {
  if (problem.keyword === 'required') return invalidJson('Required property missing', problem.pointer, problem.expected);
  if (problem.keyword === 'type') return invalidJson('Wrong type', problem.pointer, problem.expected);
  return invalidValue(problem.pointer, problem.expected);
}

function entriesOf(problems: Problem[]): ErrorEntry[] {
  const entries = problems.map(entryOf);
  // A $ref beside a sibling 'type' reports one wrong type twice; Invalid JSON first, as it is the cause.
  const unique = [...new Map(entries.map((entry) => [`${entry.title}\n${entry.detail}`, entry])).values()];
  return [...unique.filter((entry) => entry.title === 'Invalid JSON'), ...unique.filter((entry) => entry.title !== 'Invalid JSON')];
}

const rejected = (entries: ErrorEntry[]): Checked => ({ ok: false, reply: errorList(400, entries) });

/** Holds the body of the call to the rules of its operation; sets call.json to the body as sent when it is JSON. */
export function checkBody(call: Call & { operation: OperationId }, patch: Required<Pick<Patch, 'read' | 'rules'>>): Checked {
  const parsed = parse(call.bytes);
  if (parsed !== undefined) call.json = parsed;
  const body = patch.read(call, parsed);
  call.refused = true;
  if (body === undefined) return rejected([invalidJson('Body is not valid JSON', '', 'object')]);
  const deep = tooDeep(body);
  if (deep !== undefined) return rejected([invalidValue(deep, `nested deeper than ${MAX_DEPTH} levels`)]);
  const found = schemaProblems(call.operation, body);
  const problems = patch.rules(call, found.length > 0 ? found : rowProblems(call.operation, body), body);
  call.problems = problems;
  if (problems.length > 0) return rejected(entriesOf(problems));
  call.refused = false;
  // The schema has made sure it is an object with the wrapper the operation needs.
  return { ok: true, body: body as JsonObject };
}
