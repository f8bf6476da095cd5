// Two answers compared as the words fix them: as JSON values (RFC 8259: a number is its value, whatever its
// notation, and an object's members are not ordered), and only in the members the interface names. A member it
// does not name (beside the resource's wrapper, or inside the resource) is the deployment's own, and may differ
// from one answer to the next (a request id, the time it was served).
import { operation, SCHEMA_BASE, schemaValidator, type OperationId } from '../../contract/schemas.ts';

type Schema = { $ref?: string; $id?: string; type?: unknown; properties?: Record<string, Schema>; items?: Schema; allOf?: Schema[] };

/** The schema a $ref names, from the base it stands in. */
function resolved(node: Schema, base: string): { node: Schema; base: string } {
  if (node.$ref === undefined) return { node, base };
  const uri = new URL(node.$ref, base).href;
  const target = schemaValidator().getSchema(uri)?.schema as Schema | undefined;
  if (target === undefined) throw new Error(`schemas/: no schema at ${uri}`);
  return resolved({ ...target, ...(node.properties ? { properties: { ...target.properties, ...node.properties } } : {}) }, uri);
}

/** The value with only the members its schema names, at every depth; an object that names none (headers, cookies) is kept whole. */
function named(value: unknown, schema: Schema, base: string): unknown {
  const { node, base: at } = resolved(schema, base);
  if (Array.isArray(value)) return node.items ? value.map((item) => named(item, node.items!, at)) : value;
  if (value === null || typeof value !== 'object' || node.properties === undefined) return value;
  const properties = node.properties;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => Object.hasOwn(properties, key))
      .map(([key, member]) => [key, named(member, properties[key]!, at)]),
  );
}

/** Two JSON values equal as JSON values: numbers by value (-0 is 0, 8.0 is 8), objects whatever the order of their members. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return (
    ka.length === kb.length && ka.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** A 2xx answer of an operation with only the members the interface names of it (its success schema's). */
export function namedMembers(id: OperationId, json: unknown): unknown {
  const response = [...operation(id).responses].find(([status]) => status.startsWith('2'))?.[1];
  const schema = response?.schemas.get('application/json') as Schema | undefined;
  return schema === undefined ? json : named(json, schema, SCHEMA_BASE);
}

/** Two 2xx answers of an operation the same as far as the words fix them: the members the interface names, as JSON values. */
export const sameAnswer = (id: OperationId, a: unknown, b: unknown): boolean => sameJson(namedMembers(id, a), namedMembers(id, b));
