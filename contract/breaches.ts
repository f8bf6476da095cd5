// The slots of an operation's request body, read off its schema in schemas/openapi.yaml (never a copy of
// it): every property at every depth with the JSON types allowed there, and each required property. From
// them, every way a body can break its types: what properties/breaches.ts generates, and what src/judge/exchange.ts
// reads a recorded body's deviation against.
import { operation, SCHEMA_BASE, schemaValidator, type JsonObject, type OperationId } from './schemas.ts';

/** JSON types as a schema names them; 'integer' is a number without a fraction. */
type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** The types a value can be sent as, one of each: an integer counts as a number, 'number' below means a fraction. */
const SENT_TYPES: JsonType[] = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** A place in a body: its pointer, '*' standing for any item of an array, and the types allowed there. */
interface Slot {
  /** e.g. /chaos/httpErrors/∗/status, with '*' for an array item */
  pattern: string;
  types: JsonType[];
  /** the limits of a number there, so that a number with a fraction breaks its type and nothing else */
  minimum?: number;
  maximum?: number;
}

/** One kind of break: a slot given a value of a type it must not have, or a required property left out. */
export type Breach = { kind: 'wrong-type'; slot: Slot; sent: JsonType } | { kind: 'missing-required'; slot: Slot };

/** The schema a node stands for, following $ref (to a file of schemas/ or into one), with the node's own keywords on top. */
function deref(node: JsonObject, base: string): { node: JsonObject; base: string } {
  const ref = node.$ref;
  if (typeof ref !== 'string') return { node, base };
  const url = new URL(ref, base).href;
  const target = schemaValidator().getSchema(url)?.schema as JsonObject | undefined;
  if (!target) throw new Error(`schemas/ has nothing at ${url}`);
  const { $ref: _, ...own } = node;
  const resolved = deref(target, url.split('#')[0]!);
  return { node: { ...resolved.node, ...own }, base: resolved.base };
}

const typesOf = (node: JsonObject): JsonType[] =>
  Array.isArray(node.type) ? (node.type as JsonType[]) : typeof node.type === 'string' ? [node.type as JsonType] : [];

/** Every slot below a node, depth first, with the required properties of each object. */
function walk(node: JsonObject, base: string, pattern: string, out: { slots: Slot[]; required: Slot[] }): void {
  const { node: schema, base: at } = deref(node, base);
  const types = typesOf(schema);
  const limits = {
    ...(typeof schema.minimum === 'number' ? { minimum: schema.minimum } : {}),
    ...(typeof schema.maximum === 'number' ? { maximum: schema.maximum } : {}),
  };
  if (pattern !== '') out.slots.push({ pattern, types, ...limits });
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  for (const [name, child] of Object.entries(properties)) {
    const childPattern = `${pattern}/${name}`;
    if (Array.isArray(schema.required) && schema.required.includes(name)) out.required.push({ pattern: childPattern, types: typesOf(deref(child, at).node) });
    walk(child, at, childPattern, out);
  }
  if (schema.items && typeof schema.items === 'object') walk(schema.items as JsonObject, at, `${pattern}/*`, out);
}

const cache = new Map<OperationId, Breach[]>();

/** Every kind of type break of an operation's request body, in the order of its schema. */
export function breachesOf(op: OperationId): Breach[] {
  const cached = cache.get(op);
  if (cached) return cached;
  const body = operation(op).requestBody;
  if (!body) throw new Error(`${op} takes no request body`);
  const found = { slots: [] as Slot[], required: [] as Slot[] };
  walk(body.schema, SCHEMA_BASE, '', found);
  const breaches: Breach[] = [];
  for (const slot of found.slots) {
    for (const sent of SENT_TYPES) {
      // a number is wrong for an integer only with a fraction, and never wrong where a number is allowed
      if (slot.types.includes(sent) || (sent === 'number' && slot.types.includes('number'))) continue;
      breaches.push({ kind: 'wrong-type', slot, sent });
    }
  }
  for (const slot of found.required) breaches.push({ kind: 'missing-required', slot });
  cache.set(op, breaches);
  return breaches;
}
