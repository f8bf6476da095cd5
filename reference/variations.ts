// Variations mode: every freedom of the reference (reference/freedoms/) at once, a user-facing name for "every
// answer the interface allows that the reference does not give on its own". Freedoms are also named one by one
// (MOCKAPI_REFERENCE_FREEDOMS, --freedoms, startReference({ freedoms })).
import { FREEDOM_NAMES, freedomList, FREEDOMS_VARIABLE } from './freedoms.ts';

export const VARIATIONS_VARIABLE = 'MOCKAPI_REFERENCE_VARIATIONS';

export class VariationsValueError extends Error {}

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['', '0', 'false', 'no', 'off']);

/** The option when given, else MOCKAPI_REFERENCE_VARIATIONS (1/true/yes/on or 0/false/no/off; empty is off). */
export function variationsOn(option: boolean | undefined, value: string | undefined = process.env[VARIATIONS_VARIABLE]): boolean {
  if (option !== undefined) return option;
  const text = (value ?? '').trim().toLowerCase();
  if (ON.has(text)) return true;
  if (OFF.has(text)) return false;
  throw new VariationsValueError(`${VARIATIONS_VARIABLE} must be 1 or 0, not '${value}'`);
}

/**
 * The freedoms a deployment starts with: every one in variations mode, else those named (the option when given,
 * else MOCKAPI_REFERENCE_FREEDOMS). Names are checked when they are loaded.
 */
export function chosenFreedoms(options: { variations?: boolean; freedoms?: readonly string[] }, env: NodeJS.ProcessEnv = process.env): readonly string[] {
  if (variationsOn(options.variations, env[VARIATIONS_VARIABLE])) return FREEDOM_NAMES;
  return options.freedoms ?? freedomList(env[FREEDOMS_VARIABLE]);
}
