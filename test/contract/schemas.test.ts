// The contract as data: every schema accepts its valid samples and rejects each invalid one at the pointer
// the sample names; openapi.yaml describes the nine operations with examples that validate.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  digestOf,
  documentedResponse,
  operation,
  OPERATION_IDS,
  openApiDocument,
  OPENAPI_JSON,
  schema,
  SCHEMA_BASE,
  SCHEMAS_DIR,
  type Json,
} from '../../contract/schemas.ts';
import { isIsoDuration, parseUtcTimestamp } from '../../src/judge/iso8601.ts';

interface Samples {
  schema: string;
  valid: { description: string; data: unknown }[];
  invalid: { description: string; data: unknown; pointer: string }[];
}

const samplesDir = join(SCHEMAS_DIR, 'samples');
const sampleFiles = readdirSync(samplesDir).filter((f) => f.endsWith('.json'));

/** Where an Ajv error points: the property itself for a missing one, else the instance path. */
const pointerOf = (e: { instancePath: string; keyword: string; params: Record<string, unknown> }) =>
  e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;

describe.each(sampleFiles)('samples %s', (file) => {
  const samples = JSON.parse(readFileSync(join(samplesDir, file), 'utf8')) as Samples;
  const validate = schema(samples.schema);
  test.each(samples.valid.map((s) => [s.description, s.data]))('valid: %s', (_d, data) => {
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });
  test.each(samples.invalid.map((s) => [s.description, s.data, s.pointer]))('invalid: %s', (_d, data, pointer) => {
    expect(validate(data)).toBe(false);
    expect(validate.errors!.map(pointerOf)).toContain(pointer);
  });
});

test('every schema file is valid JSON Schema 2020-12 by the meta-schema (runs skip this check for speed)', () => {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false });
  const files = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.json'));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const valid = ajv.validateSchema(JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')));
    expect(valid, `${file}: ${ajv.errorsText()}`).toBe(true);
  }
  // and the meta-schema check can fail: a type that is no JSON Schema type
  expect(ajv.validateSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'text' })).toBe(false);
});

test('every resource schema has samples', () => {
  const schemas = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.json') && f !== 'formats.json' && f !== 'error-entry.json');
  for (const s of schemas) expect(sampleFiles, s).toContain(s);
});

test('the duration pattern and the ISO 8601 reader agree on the samples', () => {
  const samples = JSON.parse(readFileSync(join(samplesDir, 'formats.duration.json'), 'utf8')) as Samples;
  for (const s of samples.valid) expect(isIsoDuration(s.data as string), s.description).toBe(true);
  for (const s of samples.invalid) expect(isIsoDuration(s.data as string), s.description).toBe(false);
});

test('the timestamp pattern and the ISO 8601 reader agree on the samples', () => {
  const samples = JSON.parse(readFileSync(join(samplesDir, 'formats.utcTimestampSeconds.json'), 'utf8')) as Samples;
  for (const s of samples.valid) expect(parseUtcTimestamp(s.data as string), s.description).toMatchObject({ fractionDigits: 0 });
  for (const s of samples.invalid.filter((x) => !/\.\d/.test(x.data as string))) expect(parseUtcTimestamp(s.data as string), s.description).toBeUndefined();
});

/** References to the schema files made absolute (the validator resolves only absolute or internal ones). */
const absolute = (node: Json, base: string): Json =>
  Array.isArray(node)
    ? node.map((n) => absolute(n, base))
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && !v.startsWith('#') ? new URL(v, base).href : absolute(v, base)]),
        )
      : node;

describe('openapi.yaml', () => {
  test('is valid OpenAPI 3.1 by the official schema, with every schema file it references', async () => {
    const validator = new Validator();
    for (const file of readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.json'))) {
      const s = JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')) as { $id: string };
      await validator.addSpecRef(absolute(s, s.$id) as Parameters<Validator['addSpecRef']>[0], s.$id);
    }
    const result = await validator.validate(absolute(openApiDocument(), SCHEMA_BASE) as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const broken = structuredClone(openApiDocument()) as any;
    broken.paths['/v1/organisations/{organisationId}'].get.responses['2XX'].description = 5;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test('schemas/derived/openapi.json is openapi.yaml parsed, tied to its text by digest (npm run openapi-json writes it), and what a run reads', async () => {
    const text = readFileSync(join(SCHEMAS_DIR, 'openapi.yaml'), 'utf8');
    const { parse } = await import('yaml');
    const derived = JSON.parse(readFileSync(OPENAPI_JSON, 'utf8')) as { source: string; document: unknown };
    expect(derived.source).toBe(digestOf(text));
    expect(derived.document).toEqual(parse(text));
    expect(openApiDocument()).toEqual(derived.document);
    // a YAML changed since: the digest no longer matches, so the JSON is not what a run reads
    expect(digestOf(`${text}\n# changed`)).not.toBe(derived.source);
  });

  test('is OpenAPI 3.1 with the nine operations of the interface, all under /v1', () => {
    const doc = openApiDocument();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect((doc.info as { version: string }).version).toBe('1.0.0');
    for (const path of Object.keys(doc.paths as object)) expect(path.startsWith('/v1/')).toBe(true);
    expect(OPERATION_IDS.map((id) => `${operation(id).method} ${operation(id).path}`)).toEqual([
      'PUT /v1/mock-apis/{mockApiId}/settings/chaos',
      'PUT /v1/mock-apis/{mockApiId}/settings/state',
      'GET /v1/organisations/{organisationId}',
      'PUT /v1/organisations/{organisationId}',
      'DELETE /v1/data-sources/{dataSourceId}',
      'PUT /v1/data-sources/{dataSourceId}',
      'DELETE /v1/teams/{teamId}/members/{userId}',
      'GET /v1/mock-apis/{mockApiId}/requests/{requestId}',
      'PUT /v1/mock-apis/{mockApiId}/open-api/push',
    ]);
  });

  test.each(OPERATION_IDS)('%s documents 401 as plain text and 403 as an error list', (id) => {
    const op = operation(id);
    expect([...documentedResponse(op, 401)!.content.keys()]).toEqual(['text/plain']);
    expect([...documentedResponse(op, 403)!.content.keys()]).toEqual(['application/json']);
    expect(documentedResponse(op, 403)!.content.get('application/json')!({ errors: [{ title: 'Forbidden', source: {} }] })).toBe(true);
    expect(documentedResponse(op, 403)!.content.get('application/json')!({ errors: [{ title: 'Forbidden', source: { pointer: '' } }] })).toBe(false);
  });

  test.each(OPERATION_IDS)('every example of %s validates against its schema', (id) => {
    const op = operation(id);
    for (const example of op.requestBody?.examples ?? []) expect(op.requestBody!.validate(example), JSON.stringify(op.requestBody!.validate.errors)).toBe(true);
    for (const response of op.responses.values()) {
      for (const [mediaType, examples] of response.examples) {
        const validate = response.content.get(mediaType)!;
        for (const example of examples) expect(validate(example), `${response.key} ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });

  test('the logged request example is consistent across its fields', () => {
    const example = operation('getLoggedRequest').responses.get('2XX')!.examples.get('application/json')![0] as any;
    const { loggedDate, loggedDateString, body, bodyAsBase64, url, absoluteUrl } = example.request;
    expect(Math.floor(loggedDate / 1000) * 1000).toBe(parseUtcTimestamp(loggedDateString)!.epochMs);
    expect(Buffer.from(bodyAsBase64, 'base64').toString('utf8')).toBe(body);
    expect(absoluteUrl.endsWith(url)).toBe(true);
  });

  test('a mockApiId outside 5 to 10 characters does not fit the path parameter', () => {
    const id = schema('formats.json#/$defs/mockApiId');
    expect([id('abcd'), id('abcde'), id('abcdefghij'), id('abcdefghijk')]).toEqual([false, true, true, false]);
  });
});
