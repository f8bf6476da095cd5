// Chaos settings that do nothing, even switched on: read off schemas/chaos-settings.json, every switch off,
// every number at its lower limit (0 where the schema states none), every list empty. The reference
// deployment starts every mock API with them; a run sends them after any chaos body a deployment wrongly
// took, so that a user's mock API never starts failing because of a run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR, type Json, type JsonObject } from './schemas.ts';

type Schema = { type?: string; minimum?: number; properties?: Record<string, Schema>; $ref?: string; $defs?: Record<string, Schema> };

function quiet(node: Schema, root: Schema): Json {
  const resolved = node.$ref?.startsWith('#/$defs/') ? root.$defs![node.$ref.slice('#/$defs/'.length)]! : node;
  switch (resolved.type) {
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return resolved.minimum ?? 0;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(resolved.properties ?? {}).map(([name, child]) => [name, quiet(child, root)]));
    default:
      throw new Error(`schemas/chaos-settings.json: no quiet value for a ${String(resolved.type)}`);
  }
}

/** The quiet settings, read off the schema once: a run asks for them with every generated chaos body. */
let read: JsonObject | undefined;

/** Every field of the chaos settings, set so that they do nothing: a copy of its own, which the caller may change. */
export function quietChaosSettings(): JsonObject {
  if (read === undefined) {
    const root = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'chaos-settings.json'), 'utf8')) as Schema;
    read = quiet(root, root) as JsonObject;
  }
  return structuredClone(read);
}
