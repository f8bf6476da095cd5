// Limits the interface states (Limits), read from the schemas that state them, so that the reference
// deployment, the checks and the payload generators hold the same numbers without a copy of them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from './schemas.ts';

interface Range {
  min: number;
  max: number;
}

type Schema = { [key: string]: unknown };

function read(file: string): Schema {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')) as Schema;
}

function at(schema: Schema, path: string[]): Schema {
  let node: unknown = schema;
  for (const key of path) node = (node as Schema | undefined)?.[key];
  if (node === undefined || node === null || typeof node !== 'object') throw new Error(`schemas/ has nothing at ${path.join('/')}`);
  return node as Schema;
}

function range(node: Schema, lower: string, upper: string): Range {
  const min = node[lower];
  const max = node[upper];
  if (typeof min !== 'number' || typeof max !== 'number') throw new Error(`schemas/ states no ${lower} and ${upper} here`);
  return { min, max };
}

let cached: { mockApiIdLength: Range; percentageFailures: Range; httpErrorStatus: Range } | undefined;

/** The limits of the interface, each inclusive. */
export function limits(): NonNullable<typeof cached> {
  if (cached) return cached;
  const formats = read('formats.json');
  const chaos = read('chaos-settings.json');
  cached = {
    mockApiIdLength: range(at(formats, ['$defs', 'mockApiId']), 'minLength', 'maxLength'),
    percentageFailures: range(at(chaos, ['properties', 'percentageFailures']), 'minimum', 'maximum'),
    httpErrorStatus: range(at(chaos, ['properties', 'httpErrors', 'items', 'properties', 'status']), 'minimum', 'maximum'),
  };
  return cached;
}

/** A text's length as the interface counts it, in characters: Unicode code points (as RFC 8259 and JSON Schema count them), not UTF-16 units. */
export const characters = (text: string): number => [...text].length;

/** Whether a mockApiId is of a length the interface allows (Limits: "5 to 10 characters"), counted in characters. */
export function mockApiIdFits(id: string): boolean {
  const { min, max } = limits().mockApiIdLength;
  const length = characters(id);
  return length >= min && length <= max;
}
