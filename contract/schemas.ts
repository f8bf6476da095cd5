// The contract as data: loads schemas/ (JSON Schema 2020-12 files and openapi.yaml) once per process.
// Suites, the reference deployment and our tests all read the contract through this module, so there is
// exactly one copy of every schema.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PACKAGE_ROOT } from './package-root.ts';

/** schemas/ at the package's root, from the sources as from the compiled package (dist/ holds no copy) */
export const SCHEMAS_DIR = join(PACKAGE_ROOT, 'schemas');
export const SCHEMA_BASE = 'https://mockapi-conformance.example/schemas/';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

// ajv-formats is CommonJS: its function is the default export's default
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;

let ajvSingleton: Ajv2020 | undefined;

/** One Ajv instance per process with every schema file registered under its $id. */
export function schemaValidator(): Ajv2020 {
  if (ajvSingleton) return ajvSingleton;
  // allErrors: a failure message lists every deviation, not just the first. strictTypes off: openapi.yaml
  // narrows a referenced schema with sibling keywords ($ref beside properties) and says 'not: {required: [rows]}',
  // both of which 2020-12 allows.
  // validateSchema off: checking the files against the 2020-12 meta-schema would cost every process and worker of a
  // run its time at start; test/contract/schemas.test.ts checks each file against it instead.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, verbose: true, validateSchema: false });
  // Only the formats whose definition is the spec's own words: links are relative paths (URI references,
  // RFC 3986) and URI templates (RFC 6570). Not 'email' (the library's pattern refuses addresses such as
  // admin@localhost that an e-mail address may be), nor 'uuid' (it also takes urn:uuid:..., which is not
  // UUID-shaped) nor 'date-time' (RFC 3339 is narrower than ISO 8601): schemas/formats.json has those.
  addFormats(ajv, { mode: 'full', formats: ['uri-reference', 'uri-template'] });
  for (const file of readdirSync(SCHEMAS_DIR)) {
    if (!file.endsWith('.json')) continue;
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')));
  }
  ajvSingleton = ajv;
  return ajv;
}

/** Validator for one schema file, e.g. `schema('organisation.json')`. */
export function schema(file: string): ValidateFunction {
  const validate = schemaValidator().getSchema(SCHEMA_BASE + file);
  if (!validate) throw new Error(`no schema ${file} in schemas/`);
  return validate;
}

let openApiSingleton: JsonObject | undefined;

/**
 * openapi.yaml as JSON, written from it by `npm run openapi-json` (test/contract/schemas.test.ts holds it to the YAML):
 * loading the YAML parser and parsing the description is a noticeable wait before a run's first check, JSON.parse
 * of the same next to nothing. The YAML stays the one source: the JSON says
 * the digest of the YAML it was made from, and one made from another is not used.
 */
export const OPENAPI_JSON = join(SCHEMAS_DIR, 'derived', 'openapi.json');

/** The digest that ties schemas/derived/openapi.json to the text of openapi.yaml it was made from. */
export const digestOf = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** openapi.yaml, parsed once per process (or handed over, see useOpenApiDocument). */
export function openApiDocument(): JsonObject {
  if (!openApiSingleton) {
    const text = readFileSync(join(SCHEMAS_DIR, 'openapi.yaml'), 'utf8');
    const derived = derivedDocument(digestOf(text));
    // loaded only here and only without the JSON: a worker that is handed the document never loads the YAML parser
    openApiSingleton = derived ?? ((createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(text) as JsonObject);
  }
  return openApiSingleton;
}

/** The JSON made from the YAML of this digest, if there is one. */
function derivedDocument(digest: string): JsonObject | undefined {
  try {
    const derived = JSON.parse(readFileSync(OPENAPI_JSON, 'utf8')) as { source?: unknown; document?: JsonObject };
    return derived.source === digest ? derived.document : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the document as parsed by another thread of the same run, so that the run's worker does not parse the YAML
 * again, a noticeable share of a short run (src/vitest/worker-setup.ts).
 */
export function useOpenApiDocument(doc: JsonObject): void {
  openApiSingleton ??= doc;
}

function pointerGet(doc: Json, pointer: string): Json {
  let node: Json = doc;
  for (const raw of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`openapi.yaml has nothing at ${pointer}`);
    node = (node as JsonObject)[key] as Json;
  }
  return node;
}

/**
 * Inlines references into openapi.yaml itself ('#/components/...') and makes references to the schema
 * files absolute, so that a piece of the description compiles on its own against the registered files.
 */
function resolveRefs(node: Json, doc: Json = openApiDocument()): Json {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, doc));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  let base: JsonObject | undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      if (value.startsWith('#')) base = resolveRefs(pointerGet(doc, value), doc) as JsonObject;
      else out.$ref = new URL(value, SCHEMA_BASE).href;
    } else {
      out[key] = resolveRefs(value, doc);
    }
  }
  return base ? { ...base, ...out } : out;
}

export type OperationId =
  | 'updateChaosSettings'
  | 'updateStateSettings'
  | 'getOrganisation'
  | 'updateOrganisation'
  | 'deleteDataSource'
  | 'updateDataSource'
  | 'deleteTeamMember'
  | 'getLoggedRequest'
  | 'pushOpenApiToGit';

export const OPERATION_IDS: readonly OperationId[] = [
  'updateChaosSettings',
  'updateStateSettings',
  'getOrganisation',
  'updateOrganisation',
  'deleteDataSource',
  'updateDataSource',
  'deleteTeamMember',
  'getLoggedRequest',
  'pushOpenApiToGit',
];

/** Validators of a response's bodies by media type, each compiled when first asked for. */
interface Validators {
  keys(): IterableIterator<string>;
  has(mediaType: string): boolean;
  get(mediaType: string): ValidateFunction | undefined;
}

export interface ResponseSpec {
  /** the key in openapi.yaml: '200', '2XX', '4XX' ... */
  key: string;
  description: string;
  /** media type -> validator of the body; empty when the description shows no body */
  content: Validators;
  /** media type -> the schema as written (references inlined), for what the checker reads off it */
  schemas: Map<string, JsonObject>;
  examples: Map<string, Json[]>;
}

export interface Operation {
  id: OperationId;
  method: 'GET' | 'PUT' | 'DELETE';
  /** path template as in openapi.yaml, e.g. /v1/organisations/{organisationId} */
  path: string;
  summary: string;
  pathParameters: string[];
  requestBody?: { validate: ValidateFunction; schema: JsonObject; examples: Json[] };
  responses: Map<string, ResponseSpec>;
}

const operations = new Map<OperationId, Operation>();
let compiledCount = 0;

function compile(schemaNode: Json): ValidateFunction {
  const resolved = resolveRefs(schemaNode) as JsonObject;
  // Each compiled piece gets its own id so that Ajv can cache it and name it in errors.
  return schemaValidator().compile({ ...resolved, $id: `${SCHEMA_BASE}openapi.yaml.${++compiledCount}` });
}

// A run, and the reference deployment, use few of the description's response schemas; compiling them all
// when an operation is first read would slow every start.
function lazyValidators(schemas: Map<string, JsonObject>): Validators {
  const compiled = new Map<string, ValidateFunction>();
  return {
    keys: () => schemas.keys(),
    has: (mediaType) => schemas.has(mediaType),
    get(mediaType) {
      const schemaNode = schemas.get(mediaType);
      if (schemaNode === undefined) return undefined;
      let validate = compiled.get(mediaType);
      if (!validate) compiled.set(mediaType, (validate = compile(schemaNode)));
      return validate;
    },
  };
}

function examplesOf(mediaType: JsonObject): Json[] {
  const examples = (resolveRefs(mediaType.examples ?? {}) as JsonObject) ?? {};
  return Object.values(examples).map((example) => (example as JsonObject).value as Json);
}

/** Method, path, parameters, request and response schemas of one operation, from openapi.yaml only. */
export function operation(id: OperationId): Operation {
  const cached = operations.get(id);
  if (cached) return cached;
  const doc = openApiDocument();
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    const pathItem = item as JsonObject;
    for (const method of ['get', 'put', 'delete'] as const) {
      const op = pathItem[method] as JsonObject | undefined;
      if (!op || op.operationId !== id) continue;
      const responses = new Map<string, ResponseSpec>();
      for (const [key, raw] of Object.entries(op.responses as JsonObject)) {
        const response = resolveRefs(raw) as JsonObject;
        const schemas = new Map<string, JsonObject>();
        const examples = new Map<string, Json[]>();
        for (const [mediaType, media] of Object.entries((response.content as JsonObject) ?? {})) {
          schemas.set(mediaType, resolveRefs((media as JsonObject).schema ?? {}) as JsonObject);
          examples.set(mediaType, examplesOf(media as JsonObject));
        }
        responses.set(key, { key, description: String(response.description ?? ''), content: lazyValidators(schemas), schemas, examples });
      }
      let requestBody: Operation['requestBody'];
      const body = op.requestBody as JsonObject | undefined;
      if (body) {
        const media = (body.content as JsonObject)['application/json'] as JsonObject;
        const schemaNode = resolveRefs(media.schema ?? {}) as JsonObject;
        requestBody = { validate: compile(schemaNode), schema: schemaNode, examples: examplesOf(media) };
      }
      const params = [...((pathItem.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])];
      const found: Operation = {
        id,
        method: method.toUpperCase() as Operation['method'],
        path,
        summary: String(op.summary ?? id),
        pathParameters: params.map((p) => String((resolveRefs(p) as JsonObject).name)),
        responses,
        ...(requestBody ? { requestBody } : {}),
      };
      operations.set(id, found);
      return found;
    }
  }
  throw new Error(`openapi.yaml has no operation ${id}`);
}

/** The response the description documents for a status: the exact code first, then its class (4XX). */
export function documentedResponse(op: Operation, status: number): ResponseSpec | undefined {
  return op.responses.get(String(status)) ?? op.responses.get(`${String(status)[0]}XX`);
}

/** Fills a path template: expandPath('/v1/organisations/{organisationId}', {organisationId: 'x'}). */
export function expandPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(value);
  });
}
