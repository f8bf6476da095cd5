// How a link is held to the ids it is built from. A link is a URI reference, so an id may appear in it as it is
// or percent-encoded (an id outside ASCII must be, in a URI), and two spellings of the same octets are the same
// link: percent-encodings are compared after RFC 3986 §6.2.2 normalisation (hex in upper case, unreserved
// characters decoded), and each character of an id may appear raw or as its UTF-8 octets percent-encoded.
// The text around the ids is compared exactly: a link with another id, or another path, does not match.

/** RFC 3986 §2.3: the characters whose percent-encoding is the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** A link with its percent-encodings normalised: hex digits in upper case, unreserved characters decoded (RFC 3986 §6.2.2.1, §6.2.2.2). */
function normalised(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : `%${hex.toUpperCase()}`;
  });
}

/** The spellings of one character of an id in a normalised link: itself, and its UTF-8 octets percent-encoded unless unreserved. */
function spellings(c: string): string[] {
  if (UNRESERVED.test(c)) return [c];
  const encoded = [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  return [c, encoded];
}

/** Whether `got` is the pieces in order, each in one of its spellings; a set of positions, since `%` raw and `%25` may both fit. */
function spelt(got: string, pieces: string[][]): boolean {
  let at = new Set([0]);
  for (const alternatives of pieces) {
    const next = new Set<number>();
    for (const p of at) for (const a of alternatives) if (got.startsWith(a, p)) next.add(p + a.length);
    if (next.size === 0) return false;
    at = next;
  }
  return at.has(got.length);
}

/** A link the interface builds from ids: its text with the ids as they are, and whether a link given is it. */
export interface Link {
  text: string;
  matches(got: unknown): boolean;
}

/** link`/v1/organisations/${id}/users`: the literal text exactly, each id raw or percent-encoded, character by character. */
export function link(literals: TemplateStringsArray, ...ids: unknown[]): Link {
  const pieces: string[][] = [];
  literals.forEach((literal, i) => {
    pieces.push([normalised(literal)]);
    if (i < ids.length) for (const c of String(ids[i])) pieces.push(spellings(c));
  });
  return {
    text: String.raw({ raw: literals }, ...ids.map(String)),
    matches: (got) => typeof got === 'string' && spelt(normalised(got), pieces),
  };
}
