// What a JSON answer may hold and still be parsed: a depth, a number of keys and values, a string's length.
// Read by answerOf (src/http/client.ts) in one pass over the bytes before they are decoded and parsed, so that an
// answer shaped to cost a parse (and every check that walks it) seconds and megabytes is judged as not JSON, saying
// which budget.
import { JSON_DEPTH, TOO_DEEP } from '../../contract/untrusted.ts';

export interface JsonBudget {
  /** arrays and objects nested at most */
  depth: number;
  /** keys and values at most in the whole body (each `{`, `[`, `:` and `,` outside strings counts one) */
  items: number;
  /** bytes of UTF-8 at most between the quotes of one string, escapes as written */
  stringBytes: number;
}

/**
 * The budgets of every answer. An answer of the interface is one resource or one error list: tens of keys and
 * values, a few hundred with a logged request's headers; a string of a megabyte is a logged request's body at
 * most. A single object of hundreds of thousands of keys costs JSON.parse seconds, and its copies megabytes each.
 */
export const JSON_BUDGET: JsonBudget = { depth: JSON_DEPTH, items: 100_000, stringBytes: 1024 * 1024 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Why a text past a budget is not read as JSON: the verdict of every check that reads it. */
function overWords(budget: JsonBudget, over: 'depth' | 'items' | 'stringBytes'): string {
  if (over === 'depth' && budget.depth === JSON_DEPTH) return TOO_DEEP;
  if (over === 'depth') return `the body nests arrays and objects deeper than ${budget.depth} levels; it is not read as JSON`;
  if (over === 'items') return `the body holds more than ${budget.items} keys and values; it is not read as JSON (no answer of the interface holds so many)`;
  return `the body holds a string longer than ${budget.stringBytes} bytes; it is not read as JSON (no answer of the interface holds one so long)`;
}

/**
 * The first budget a JSON body (UTF-8) goes past, in words; undefined within all of them. Each byte is read once,
 * strings skipped (a bracket or comma in one counts nothing; no byte of a character past ASCII is one of the
 * bytes looked for); a body that is not JSON is left to JSON.parse.
 */
export function overBudget(bytes: Uint8Array, budget: JsonBudget = JSON_BUDGET): string | undefined {
  let depth = 0;
  let items = 0;
  let stringFrom = -1;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (stringFrom >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) stringFrom = -1;
      else if (i - stringFrom > budget.stringBytes) return overWords(budget, 'stringBytes');
    } else if (c === QUOTE) stringFrom = i;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > budget.depth) return overWords(budget, 'depth');
      if (++items > budget.items) return overWords(budget, 'items');
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if ((c === 0x2c || c === 0x3a) && ++items > budget.items) return overWords(budget, 'items');
  }
  return undefined;
}
