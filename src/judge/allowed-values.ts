// What a deployment says it would have accepted, read off a rejection: the allowed values of a field, where
// the answer lists them. The interface names no allowed value of outOfSyncPolicy, so when a deployment
// refuses the user's value, the most useful thing a failure can say is which values it does accept.
// The answer is untrusted (docs/untrusted.md): only its first few KiB are read, by a scanner that looks at each
// character a bounded number of times (no regular expression that can backtrack), and its JSON is walked
// without recursion, a bounded number of nodes.
import type { Exchange } from '../http/client.ts';

const KEYS = /^(?:enum|allowed_?values|allowed|permitted_?values|valid_?values)$/i;

/** Text read at most, per body or header: a list of allowed values is near the start of a rejection. */
const ALLOWED_TEXT_CHARS = 8192;
/** JSON nodes looked at, at most. */
const ALLOWED_NODES = 10_000;

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** The values of a list as written: split at commas, pipes and the word "or", each trimmed of quotes and a full stop. */
function listed(text: string): string[] {
  return text
    .split(/[,|]/)
    .flatMap((part) => part.split(/\sor\s/))
    .map((v) =>
      v
        .trim()
        .replace(/^['"`]/, '')
        .replace(/['"`.]$/, ''),
    )
    .filter((v) => v.length > 0);
}

/** From `at`, past whitespace. */
function skipSpace(text: string, at: number): number {
  while (isSpace(text[at])) at++;
  return at;
}

/** From `at` to the first of `stops` (or the end). */
function upTo(text: string, at: number, stops: string): string {
  let end = at;
  while (end < text.length && !stops.includes(text[end]!)) end++;
  return text.slice(at, end);
}

/**
 * The list after a phrase that introduces one: "must be equal to one of the allowed values: A, B" (Prism,
 * Ajv), "allowed values are [A, B]", "one of [A, B]", "one of: A, B". Each phrase is found with indexOf and
 * what follows it read once.
 */
function fromText(original: string): string[] {
  const text = original.toLowerCase();
  for (let at = text.indexOf('allowed value'); at >= 0; at = text.indexOf('allowed value', at + 1)) {
    let i = at + 'allowed value'.length;
    if (text[i] === 's') i++;
    i = skipSpace(text, i);
    if (text.startsWith('are', i)) i = skipSpace(text, i + 3);
    else if (text.startsWith('is', i)) i = skipSpace(text, i + 2);
    if (text[i] !== ':' && text[i] !== '=') continue;
    i = skipSpace(text, i + 1);
    if (text[i] === '[') i++;
    const found = listed(upTo(original, i, ']\n"}'));
    if (found.length > 0) return found;
  }
  for (let at = text.indexOf('one of'); at >= 0; at = text.indexOf('one of', at + 1)) {
    let i = skipSpace(text, at + 'one of'.length);
    const separator = text[i] === ':' || text[i] === '=' ? text[i] : undefined;
    if (separator) i = skipSpace(text, i + 1);
    let found: string[] = [];
    if (text[i] === '[') {
      const inner = upTo(original, i + 1, ']\n');
      // a bracket that is closed on the same line
      if (original[i + 1 + inner.length] === ']') found = listed(inner);
    } else if (separator === ':') found = listed(upTo(original, i, '\n"}]'));
    if (found.length > 0) return found;
  }
  return [];
}

/** Arrays of strings under a key that names allowed values, anywhere in the JSON: walked with a stack, not recursion. */
function fromJson(root: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [root];
  for (let seen = 0; stack.length > 0 && seen < ALLOWED_NODES; seen++) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    // in reverse, so that the stack gives them back in the order written
    for (const [key, value] of Object.entries(node).reverse()) {
      if (KEYS.test(key) && Array.isArray(value) && value.every((v) => typeof v === 'string')) found.push(...(value as string[]));
      else stack.push(value);
    }
  }
  return found;
}

/** The allowed values a rejection lists, in its body or its headers (Prism puts them in sl-violations); undefined when it lists none. */
export function allowedValues(ex: Pick<Exchange, 'json' | 'text' | 'headers'>): string[] | undefined {
  let found = fromJson(ex.json);
  if (found.length === 0) {
    for (const text of [ex.text, ...Object.values(ex.headers)]) {
      found = fromText(text.slice(0, ALLOWED_TEXT_CHARS));
      if (found.length > 0) break;
    }
  }
  const unique = [...new Set(found)];
  return unique.length > 0 ? unique : undefined;
}
