// What a deployment says it would have accepted, read off a rejection: the allowed values of a field, where
// the answer lists them. The interface names no allowed value of outOfSyncPolicy, so when a deployment
// refuses the user's value, the most useful thing a failure can say is which values it does accept.
import type { Exchange } from './client.ts';

const KEYS = /^(?:enum|allowed_?values|allowed|permitted_?values|valid_?values)$/i;

// "must be equal to one of the allowed values: A, B" (Prism, Ajv), "allowed values are [A, B]", "one of: A, B"
const PHRASES = [/allowed values?\s*(?:are|is)?\s*[:=]\s*\[?([^\]\n"}]+)/i, /one of\s*[:=]?\s*\[([^\]\n]+)\]/i, /one of\s*:\s*([^\n"}\]]+)/i];

function listed(text: string): string[] {
  return text
    .split(/\s*,\s*|\s+or\s+|\s*\|\s*/)
    .map((v) => v.trim().replace(/^['"`]|['"`.]$/g, ''))
    .filter((v) => v.length > 0);
}

function fromJson(node: unknown, found: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) fromJson(item, found);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (KEYS.test(key) && Array.isArray(value) && value.every((v) => typeof v === 'string')) found.push(...(value as string[]));
    else fromJson(value, found);
  }
}

/** The allowed values a rejection lists, in its body or its headers (Prism puts them in sl-violations); undefined when it lists none. */
export function allowedValues(ex: Pick<Exchange, 'json' | 'text' | 'headers'>): string[] | undefined {
  const found: string[] = [];
  fromJson(ex.json, found);
  if (found.length === 0) {
    for (const text of [ex.text, ...Object.values(ex.headers)]) {
      for (const phrase of PHRASES) {
        const m = phrase.exec(text);
        if (m) {
          found.push(...listed(m[1]!));
          break;
        }
      }
      if (found.length > 0) break;
    }
  }
  const unique = [...new Set(found)];
  return unique.length > 0 ? unique : undefined;
}
