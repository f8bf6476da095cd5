// Every way a request body can break the types of its schema, read off the request schema of the operation in
// schemas/openapi.yaml (never a copy of it): for every property at every depth (the wrapper, each sub-object,
// each array item) each JSON type it must not be, and each required property left out. Complete by
// construction: the list of kinds is the schema walked, and each kind has one canonical payload (sent on every
// run, whatever the seed) and an arbitrary of many (a random valid body around it, a random position in each
// array, a random value of the wrong type).
import fc from 'fast-check';
import { breachesOf, type Breach } from '../contract/breaches.ts';
import type { Invalid } from '../contract/invalid.ts';
import type { Json, JsonObject, OperationId } from '../contract/schemas.ts';

// ---- putting a breach into a body ------------------------------------------------------------------------

const tokens = (pattern: string) => pattern.split('/').slice(1);

function get(node: Json | undefined, key: string): Json | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  return Array.isArray(node) ? node[Number(key)] : node[key];
}

/**
 * Whether a body can carry the breach: every array on the way holds an item to put it in or beside. Objects
 * on the way that are missing are taken from the example body (see place), arrays are not: an item made up
 * elsewhere could break a rule across fields (rows that fit their columns), and then the body would break two.
 */
function hosts(body: Json, breach: Breach): boolean {
  let node: Json | undefined = body;
  const path = tokens(breach.slot.pattern);
  for (const [i, token] of path.slice(0, -1).entries()) {
    if (token === '*') {
      if (!Array.isArray(node) || node.length === 0) return false;
      node = node[0];
      continue;
    }
    const next = get(node, token);
    // a missing object is grafted from the example; a missing array cannot be
    if (next === undefined) return !path.slice(i + 1).includes('*');
    node = next;
  }
  return true;
}

/**
 * The body with the value at the breach's slot replaced (or the property removed): each '*' takes the item
 * `pick` chooses, objects missing on the way are copied from `example` (valid, as every body here).
 * `value` gets the valid value that stood there (or the example's, where the body had none) and returns the
 * one to put in its place. Returns the body and the pointer the breach ended up at.
 */
function place(
  body: Json,
  example: Json,
  breach: Breach,
  pick: (length: number) => number,
  value: (valid: Json | undefined) => Json,
): { body: Json; pointer: string } {
  const copy = structuredClone(body) as Json;
  let node = copy as Json;
  let model: Json | undefined = example;
  const path = tokens(breach.slot.pattern);
  const pointer: string[] = [];
  for (const token of path.slice(0, -1)) {
    const key = token === '*' ? String(pick((node as Json[]).length)) : token;
    pointer.push(key);
    let next = get(node, key);
    const modelNext = get(model, token === '*' ? '0' : key);
    if (next === undefined) {
      next = structuredClone(modelNext ?? {}) as Json;
      (node as JsonObject)[key] = next;
    }
    node = next;
    model = modelNext;
  }
  const last = path.at(-1)!;
  const key = last === '*' ? String(pick((node as Json[]).length)) : last;
  pointer.push(key);
  const container = node as JsonObject & Json[];
  const valid = (get(node, key) ?? get(model, last === '*' ? '0' : key)) as Json | undefined;
  if (breach.kind === 'missing-required') delete container[key as keyof typeof container];
  else (container as unknown as Record<string, Json>)[key] = value(valid);
  return { body: copy, pointer: `/${pointer.join('/')}` };
}

// ---- values of the wrong type -----------------------------------------------------------------------------

/** The JSON text of a valid value, or its decimal: a string that spells a value of the right type ("30000", "true"). */
const spelled = (valid: Json | undefined): string => (typeof valid === 'string' ? valid : JSON.stringify(valid ?? null));

/**
 * A value of the type `sent` for a slot that must not have it, one fixed (for the canonical payload) and an
 * arbitrary of many. A boolean gets the spellings of false (0, "false", [false], {}), which a lenient
 * deployment may still read as true: the caller keeps such a body from acting (see quietened in arbitraries.ts).
 */
function wrongValue(breach: Extract<Breach, { kind: 'wrong-type' }>, valid: Json | undefined): { fixed: Json; many: fc.Arbitrary<Json> } {
  const { slot, sent } = breach;
  const isBoolean = slot.types.includes('boolean');
  switch (sent) {
    case 'null':
      return { fixed: null, many: fc.constant(null) };
    case 'boolean':
      return { fixed: false, many: fc.boolean() };
    case 'number':
      if (isBoolean) return { fixed: 0, many: fc.constant(0) };
      // for an integer, a number with a fraction; elsewhere any number
      if (slot.types.includes('integer')) {
        const min = slot.minimum ?? -1e9;
        const max = slot.maximum ?? 1e9;
        return { fixed: (slot.minimum ?? 1) + 0.5, many: fc.double({ min, max, noNaN: true }).filter((n) => !Number.isInteger(n)) };
      }
      return { fixed: 42, many: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) };
    case 'string':
      if (isBoolean) return { fixed: 'false', many: fc.constantFrom('false', '0', '') };
      return { fixed: spelled(valid), many: fc.oneof(fc.constant(spelled(valid)), fc.string({ maxLength: 20 })) };
    case 'array':
      if (isBoolean) return { fixed: [false], many: fc.constantFrom<Json>([], [false]) };
      return {
        fixed: [valid ?? null],
        many: fc.oneof(fc.constant<Json>([valid ?? null]), fc.array(fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxLength: 3 })),
      };
    case 'object':
      if (isBoolean) return { fixed: {}, many: fc.constant({}) };
      return {
        fixed: { value: valid ?? null },
        many: fc.oneof(
          fc.constant<Json>({ value: valid ?? null }),
          fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxKeys: 3 }),
        ),
      };
    default:
      throw new Error(`no value of type ${sent as string}`);
  }
}

/** The rule an Invalid names for a breach: 'non-integer' for a fraction where an integer is due. */
function ruleOf(breach: Breach): Invalid['rule'] {
  if (breach.kind === 'missing-required') return 'missing-required';
  return breach.sent === 'number' && breach.slot.types.includes('integer') ? 'non-integer' : 'wrong-type';
}

function invalid(breach: Breach, placed: { body: Json; pointer: string }): Invalid {
  const type = breach.kind === 'missing-required' ? (breach.slot.types[0] ?? 'object') : undefined;
  return { rule: ruleOf(breach), pointer: placed.pointer, body: placed.body, ...(type ? { type } : {}) };
}

/**
 * One payload of each kind, built on the example body: arrays take the breach at their last item, after a
 * valid one where the example has two or more (limits and types hold at every position, not the first only).
 */
export function canonicalBreaches(op: OperationId, example: Json): Invalid[] {
  return breachesOf(op).map((breach) => {
    const placed = place(
      example,
      example,
      breach,
      (length) => Math.max(0, length - 1),
      (valid) => (breach.kind === 'wrong-type' ? wrongValue(breach, valid).fixed : null),
    );
    return invalid(breach, placed);
  });
}

/** Payloads of every kind around random valid bodies: a random kind, a random body that can carry it, a random position in each array on the way, a random wrong value. */
export function arbitraryBreaches(op: OperationId, valid: fc.Arbitrary<Json>, example: Json): fc.Arbitrary<Invalid> {
  return fc.constantFrom(...breachesOf(op)).chain((breach) => {
    const stars = tokens(breach.slot.pattern).filter((token) => token === '*').length;
    return fc
      .tuple(
        valid.filter((body) => hosts(body, breach)),
        fc.array(fc.nat(), { minLength: stars, maxLength: stars }),
      )
      .chain(([body, positions]) => {
        const picker = () => {
          let i = 0;
          // one position per '*', consumed in order whether or not its array has items
          return (length: number) => {
            const n = positions[i++]!;
            return length === 0 ? 0 : n % length;
          };
        };
        if (breach.kind === 'missing-required')
          return fc.constant(
            invalid(
              breach,
              place(body, example, breach, picker(), () => null),
            ),
          );
        // the wrong value may spell the valid one that stood there: a first placement finds it
        let validThere: Json | undefined;
        place(body, example, breach, picker(), (v) => {
          validThere = v;
          return null;
        });
        return wrongValue(breach, validThere).many.map((value) =>
          invalid(
            breach,
            place(body, example, breach, picker(), () => value),
          ),
        );
      });
  });
}
