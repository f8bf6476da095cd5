// Keys never leave the process in clear. The redactor replaces a key with its placeholder ($MOCKAPI_TOKEN)
// wherever it stands, and also the near-miss forms of it that checks send on purpose (keys that resemble the
// valid one must get 401): the key with text after it, a prefix of it, the key in another case, the key with
// one character changed. Each of those placeholders is a bash expansion that gives back what was sent, so
// curl lines still reproduce; anything else close to a key (edit distance 2) is replaced by a plain marker.
// A deployment that echoes the key encoded (base64, base64url, hex in either case, URL-encoded, JSON-escaped)
// gets a marker too, `<$MOCKAPI_TOKEN as base64>`: an encoding is found wherever the plain key would be.

/** A prefix of a key at least this long is redacted too: near-miss keys that checks send are mostly the key. */
const KEY_PREFIX_REDACTED = 8;
/** Text this close to a key (edits: insert, delete, change one character) is taken for a form of it. */
const NEAR_EDITS = 2;

const swapCase = (text: string) => [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/** Edit distance of a and b, or NEAR_EDITS + 1 as soon as it is sure to be more. */
function editsBetween(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > NEAR_EDITS) return NEAR_EDITS + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > NEAR_EDITS) return NEAR_EDITS + 1;
    previous = current;
  }
  return previous[b.length]!;
}

interface Secret {
  secret: string;
  /** the placeholder without its $: MOCKAPI_TOKEN */
  name: string;
  anyCase: RegExp;
  /** the key's encodings: a piece of it found, and the run of that encoding around it (encodingsOf) */
  encoded: Encoded[];
  /** its start or end URL-encoded or JSON-escaped (escapedForms) */
  escaped: Encoded[];
  /** the key cut in NEAR_EDITS + 1 pieces: a word near it holds one of them whole (nearPieces) */
  near: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stretches of base64 that the key's bytes alone decide, at each of the three places it can start in a
 * group of three bytes: found inside the base64 of any text that holds the key (`Token <key>`, `user:<key>`).
 */
function base64Cores(bytes: Buffer, alphabet: 'base64' | 'base64url'): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString(alphabet)
      .replace(/=+$/, '');
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (core.length >= KEY_PREFIX_REDACTED) cores.push(core);
  }
  return cores;
}

/** A piece of a key in one encoding, and the characters of that encoding: what is around it is redacted with it. */
interface Encoded {
  piece: RegExp;
  inRun: RegExp;
  encoding: string;
  /** what the piece can be in text without a % or \ (escapedForms): looked for natively before the pattern is run */
  unescaped?: readonly string[];
}

const RUNS = {
  // base64 and base64url together
  base64: /[A-Za-z0-9+/=_-]/,
  hex: /[0-9a-fA-F]/,
  // URL-encoded or JSON-escaped text: unreserved characters, sub-delimiters, % and \ escapes
  escaped: /[A-Za-z0-9._~!*'()+/=%\\-]/,
};

/** The first and the last KEY_PREFIX_REDACTED characters of a key in each case: a near-miss key keeps one of them. */
function ends(secret: string): string[] {
  const cases = new Set([secret, secret.toUpperCase(), secret.toLowerCase(), swapCase(secret)]);
  return [...new Set([...cases].flatMap((form) => [form.slice(0, KEY_PREFIX_REDACTED), form.slice(-KEY_PREFIX_REDACTED)]))];
}

/**
 * The key in base64, base64url or hex: its whole base64 wherever it stands, and its start or its end in any
 * case (what a near-miss key a check sends keeps: cut short, one character changed, in another case), each
 * taken with the whole run of base64 or hex around it.
 */
function encodingsOf(secret: string): Encoded[] {
  const base64: string[] = [];
  const hex: string[] = [];
  for (const alphabet of ['base64', 'base64url'] as const) base64.push(...base64Cores(Buffer.from(secret, 'utf8'), alphabet));
  for (const end of ends(secret)) {
    const bytes = Buffer.from(end, 'utf8');
    for (const alphabet of ['base64', 'base64url'] as const) base64.push(...base64Cores(bytes, alphabet));
    hex.push(bytes.toString('hex'));
  }
  // one pattern per encoding: each text is read once for all the pieces (longest first, so the whole key wins)
  // (a piece shorter than a redacted prefix would be found in text that never held the key)
  const anyOf = (pieces: string[]) =>
    [...new Set(pieces.filter((p) => p.length >= KEY_PREFIX_REDACTED))]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
  const encoded: Encoded[] = [];
  if (anyOf(base64)) encoded.push({ piece: new RegExp(anyOf(base64), 'g'), inRun: RUNS.base64, encoding: 'base64' });
  if (anyOf(hex)) encoded.push({ piece: new RegExp(anyOf(hex), 'gi'), inRun: RUNS.hex, encoding: 'hex' });
  return encoded;
}

/** Hex digits in either case: an escape's digits are (RFC 3986 section 2.1, RFC 8259 section 7), its letters are not. */
const hexDigits = (hex: string) => [...hex].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');

/**
 * The key's start or end, in each case a check sends it (ends), with any of its characters escaped as a URL (%2B,
 * either case; + for a space) or a JSON string (\u002b, \/, \"): matched once the plain key and its plain forms
 * are gone, so what it finds has an escape. Only an escape's hex digits are read in either case: the key's own
 * letters are as written. One alternation per character and no repetition: linear in the text.
 */
function escapedForms(secret: string): Encoded[] {
  const one = (c: string) => {
    const percent = [...Buffer.from(c, 'utf8')].map((b) => `%${hexDigits(b.toString(16).padStart(2, '0'))}`).join('');
    // each UTF-16 unit of the character: JSON escapes a character outside the BMP as a surrogate pair
    const unicode = Array.from({ length: c.length }, (_, i) => `\\\\u${hexDigits(c.charCodeAt(i).toString(16).padStart(4, '0'))}`).join('');
    const ways = [escapeRegExp(c), percent, unicode, `\\\\${escapeRegExp(c)}`, ...(c === ' ' ? ['\\+'] : [])];
    return `(?:${ways.join('|')})`;
  };
  if (secret.length < KEY_PREFIX_REDACTED) return [];
  const any = ends(secret);
  const piece = new RegExp(any.map((end) => [...end].map(one).join('')).join('|'), 'g');
  // a space may be written + without % or \: text without them is then no quicker to read
  return [{ piece, inRun: RUNS.escaped, encoding: 'URL-encoded or JSON-escaped', ...(any.some((end) => end.includes(' ')) ? {} : { unescaped: any }) }];
}

/** A piece of redacted text: text still to read, or what a pass put in (a placeholder, a marker), never read again. */
type Part = string | { placeholder: string } | { marker: string };

/** The parts a pass gives for a text, in order. */
class Parts {
  readonly out: Part[] = [];

  text(text: string): this {
    if (text.length > 0) this.out.push(text);
    return this;
  }

  placeholder(placeholder: string): this {
    this.out.push({ placeholder });
    return this;
  }

  marker(marker: string): this {
    this.out.push({ marker });
    return this;
  }
}

/**
 * Each piece found, with the run of its encoding around it, replaced by `marker`: the text is read once (a run
 * is extended from a piece, never searched for), so it stays linear.
 */
function replaceRuns(text: string, { piece, inRun, unescaped }: Encoded, marker: string, into: Parts): void {
  if (unescaped && !/[%\\]/.test(text) && !unescaped.some((form) => text.includes(form))) {
    into.text(text);
    return;
  }
  let from = 0;
  piece.lastIndex = 0;
  for (let m = piece.exec(text); m !== null; m = piece.exec(text)) {
    let start = m.index;
    let end = m.index + Math.max(1, m[0].length);
    while (start > from && inRun.test(text[start - 1]!)) start--;
    while (end < text.length && inRun.test(text[end]!)) end++;
    into.text(text.slice(from, start)).marker(marker);
    from = end;
    piece.lastIndex = end;
  }
  into.text(text.slice(from));
}

/**
 * Whether text holds one of the command's placeholders ($MOCKAPI_TOKEN, ${MOCKAPI_TOKEN:0:9}, <a key near $MOCKAPI_…>):
 * a value recorded already redacted (a HAR this command wrote), no key. Taken for one, its placeholders would be
 * redacted again, one inside another.
 */
export const holdsPlaceholder = (text: string): boolean => /\$\{?MOCKAPI_[A-Z0-9_]/.test(text);

/**
 * The placeholders and markers of `names` as the redactor writes them, markers first (`<a key near $NAME>` holds
 * `$NAME`, which is no placeholder there): how text redacted before (a HAR this command wrote) is read back.
 */
function writtenBy(names: readonly string[]): RegExp {
  const name = `(?:${[...names]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})`;
  return new RegExp(
    [
      `<\\$${name} (?:as base64|as hex|URL-encoded or JSON-escaped)>|<a key near \\$${name}>`,
      `\\$\\{${name}(?:~~|\\^\\^|,,|:0:\\d+|:\\d+)?\\}|\\$${name}(?![A-Za-z0-9_])`,
    ].join('|'),
    'g',
  );
}

/** What redact() puts in: a placeholder that bash expands to what it stands for, or plain text. */
export type Redacted = string | { placeholder: string };

/** The redacted text of pieces (what redact() gives for the same text). */
export const textOf = (pieces: readonly Redacted[]): string => pieces.map((p) => (typeof p === 'string' ? p : p.placeholder)).join('');

/**
 * How a line to paste (a curl line) writes a key's placeholders. A placeholder expands only where the line's host is
 * one the user gave for that key, and then under the variable the key is in (`variables`: MOCKAPI_TOKEN ->
 * MOCKAPI_TOKEN_STAGING for a named environment's key); elsewhere (a recording's host) it is inert text no shell
 * expands, `<MOCKAPI_TOKEN>`, so that a pasted line never sends the user's key to a host a recording names.
 */
export interface PastedKeys {
  /** true: the line's host is none the user gave for the keys: every placeholder is inert text */
  inert?: boolean;
  /** the variable each placeholder's key is in, by placeholder name without its $; unnamed: its own name */
  variables?: Readonly<Record<string, string>>;
}

/** A placeholder as a line to paste writes it (PastedKeys): under the key's variable, or as inert text; text as it is. */
export function pastedPiece(piece: Redacted, keys: PastedKeys): Redacted {
  if (typeof piece === 'string') return piece;
  const m = /^\$(\{?)([A-Za-z0-9_]+)(.*?)\}?$/.exec(piece.placeholder);
  if (!m) return keys.inert ? piece.placeholder.replace(/\$/g, '') : piece;
  const [, brace, name, rest] = m as unknown as [string, string, string, string];
  if (keys.inert) return `<${name}${rest}>`;
  const variable = keys.variables?.[name] ?? name;
  return { placeholder: brace ? `\${${variable}${rest}}` : `$${variable}` };
}

/** Each key's forms under its placeholder, built once: recorded traffic builds a redactor per exchange, with the same keys. */
const FORMS = new Map<string, Secret>();
/** Keys' forms kept at most (a run has two keys; recorded traffic, the keys it learned, a few dozen). */
const FORMS_KEPT = 256;

function formsOf(placeholder: string, secret: string): Secret {
  const id = `${placeholder}\0${secret}`;
  let forms = FORMS.get(id);
  if (forms === undefined) {
    forms = {
      secret,
      name: placeholder.replace(/^\$/, ''),
      anyCase: new RegExp(escapeRegExp(secret), 'gi'),
      encoded: encodingsOf(secret),
      escaped: escapedForms(secret),
      near: nearPieces(secret),
    };
    if (FORMS.size >= FORMS_KEPT) FORMS.clear();
    FORMS.set(id, forms);
  }
  return forms;
}

/** Secrets learned as a run goes (Redactor.learn): how many at most, and how long one may be. */
const LEARNED = { secrets: 32, chars: 4096 } as const;

export class Redactor {
  private readonly secrets: Secret[];
  /** secrets learned as the run went (learn) */
  private learned = 0;
  /** moves on each time a secret is learned: text redacted before (and remembered) may hold it */
  generation = 0;

  /** the placeholders and markers of keys the text holds as written (writtenBy), or none */
  private readonly written: RegExp | undefined;

  /**
   * @param pasted how curl lines write the placeholders (PastedKeys): by default each expands under its own name, as
   * the run's lines to its own base URL do
   * @param written names of keys (MOCKAPI_TOKEN) whose placeholders the text may hold already, redacted by this
   * command (a HAR a run wrote): each is read as a placeholder the redactor put in, not as text; none where a key
   * holds a placeholder's text, which would then hide a piece of it
   */
  constructor(
    secrets: Record<string, string | undefined>,
    readonly pasted: PastedKeys = {},
    written: readonly string[] = [],
  ) {
    // longest first, so a key that contains another is replaced whole
    this.secrets = Object.entries(secrets)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0)
      .map(([placeholder, secret]) => formsOf(placeholder, secret))
      .sort((a, b) => b.secret.length - a.secret.length);
    this.written = written.length > 0 && !this.secrets.some((s) => holdsPlaceholder(s.secret)) ? writtenBy(written) : undefined;
  }

  redact(text: string): string {
    return this.parts(text)
      .map((part) => (typeof part === 'string' ? part : 'marker' in part ? part.marker : part.placeholder))
      .join('');
  }

  /**
   * A secret met on the way (a logged request's recorded credentials: src/http/credentials.ts), redacted from now on
   * as $MOCKAPI_RECORDED_KEY_<n>, in every form, as the keys given. One too short to tell from text, too long to be
   * a key, already redacted (a key given, one learned) or past the LEARNED bound is not learned.
   */
  learn(secret: string): void {
    if (secret.length < KEY_PREFIX_REDACTED || secret.length > LEARNED.chars || this.learned >= LEARNED.secrets) return;
    if (this.redact(secret) !== secret) return;
    this.learned++;
    this.secrets.push(formsOf(`$MOCKAPI_RECORDED_KEY_${this.learned}`, secret));
    this.secrets.sort((a, b) => b.secret.length - a.secret.length);
    this.generation++;
  }

  /**
   * The text redacted, in pieces: plain text (markers in it), and the placeholders that stand for a form of a key. A
   * curl line (curlOf) lets only those expand; text that merely reads `$MOCKAPI_TOKEN` stays text.
   */
  pieces(text: string): Redacted[] {
    const out: Redacted[] = [];
    for (const part of this.parts(text)) {
      if (typeof part !== 'string' && 'placeholder' in part) out.push(part);
      else if (typeof out.at(-1) === 'string') out[out.length - 1] += typeof part === 'string' ? part : part.marker;
      else out.push(typeof part === 'string' ? part : part.marker);
    }
    return out;
  }

  /**
   * The text in parts, pass after pass. Each pass reads only the text between what the passes before put in: a
   * placeholder holds no key, and read again it would be redacted inside ($MOCKAPI_RECORDED_KEY_1 lost its RECORDED
   * to a key that begins `recorded`).
   */
  private parts(text: string): Part[] {
    let parts = this.writtenIn(text);
    const pass = (read: (text: string, into: Parts) => void) => {
      const into = new Parts();
      for (const part of parts) {
        if (typeof part === 'string') read(part, into);
        else into.out.push(part);
      }
      parts = into.out;
    };
    // encodings first: base64 or hex of a key does not hold the key
    for (const s of this.secrets) for (const form of s.encoded) pass((t, into) => replaceRuns(t, form, `<$${s.name} as ${form.encoding}>`, into));
    // whole keys first, so that a key that begins another is not taken for a prefix of it
    for (const s of this.secrets) pass((t, into) => replaceAll(t, s, into));
    for (const s of this.secrets) pass((t, into) => replaceAnyCase(t, s, into));
    // one character changed, before prefixes: a prefix would leave the rest of the key in clear
    for (const s of this.secrets) pass((t, into) => replaceOneChanged(t, s, into));
    // all keys in one pass: a prefix common to two keys is named after the one that goes on longest there
    pass((t, into) => replacePrefixes(t, this.secrets, into));
    for (const s of this.secrets) pass((t, into) => replaceNear(t, s, into));
    // after the plain forms: what is left of a key's start or end is escaped
    for (const s of this.secrets) for (const form of s.escaped) pass((t, into) => replaceRuns(t, form, `<$${s.name} ${form.encoding}>`, into));
    return parts;
  }

  /** The text with the placeholders and markers written in it already (written) as parts of their own. */
  private writtenIn(text: string): Part[] {
    const into = new Parts();
    let from = 0;
    for (const m of this.written ? text.matchAll(this.written) : []) {
      into.text(text.slice(from, m.index));
      if (m[0].startsWith('<')) into.marker(m[0]);
      else into.placeholder(m[0]);
      from = m.index + m[0].length;
    }
    return into.text(text.slice(from)).out;
  }
}

/** The key as written: $NAME, or ${NAME} where a letter, digit or _ follows (bash would read it as the name's). */
function replaceAll(text: string, { secret, name }: Secret, into: Parts): void {
  let from = 0;
  for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, from)) {
    into.text(text.slice(from, at)).placeholder(/[A-Za-z0-9_]/.test(text[at + secret.length] ?? '') ? `\${${name}}` : `$${name}`);
    from = at + secret.length;
  }
  into.text(text.slice(from));
}

/** The key in another case: the bash case expansion that gives it (~~, ^^, ,,), or ${NAME} for any other mix. */
function replaceAnyCase(text: string, { secret, name, anyCase }: Secret, into: Parts): void {
  let from = 0;
  anyCase.lastIndex = 0;
  for (let m = anyCase.exec(text); m !== null; m = anyCase.exec(text)) {
    const found = m[0];
    const expansion = found === swapCase(secret) ? '~~' : found === secret.toUpperCase() ? '^^' : found === secret.toLowerCase() ? ',,' : '';
    into.text(text.slice(from, m.index)).placeholder(`\${${name}${expansion}}`);
    from = m.index + found.length;
  }
  into.text(text.slice(from));
}

/** The key with one character changed: `${NAME:0:i}c${NAME:i+1}`, found by its first or its last characters. */
function replaceOneChanged(text: string, { secret, name }: Secret, into: Parts): void {
  const n = secret.length;
  if (n <= KEY_PREFIX_REDACTED) {
    into.text(text);
    return;
  }
  const starts = new Set<number>();
  const head = secret.slice(0, KEY_PREFIX_REDACTED);
  const tail = secret.slice(-KEY_PREFIX_REDACTED);
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) starts.add(at);
  for (let at = text.indexOf(tail); at >= 0; at = text.indexOf(tail, at + 1))
    if (at - (n - KEY_PREFIX_REDACTED) >= 0) starts.add(at - (n - KEY_PREFIX_REDACTED));
  let from = 0;
  for (const at of [...starts].sort((a, b) => a - b)) {
    if (at < from || at + n > text.length) continue;
    const window = text.slice(at, at + n);
    const changed = [...window].flatMap((c, i) => (c === secret[i] ? [] : [i]));
    if (changed.length !== 1) continue;
    const i = changed[0]!;
    // the changed character between two slices of the key; bash reads ${NAME:i+1} to the end
    into
      .text(text.slice(from, at))
      .placeholder(`\${${name}:0:${i}}`)
      .text(window[i]!)
      .placeholder(`\${${name}:${i + 1}}`);
    from = at + n;
  }
  into.text(text.slice(from));
}

/**
 * Prefixes of a key long enough to matter (the whole keys are gone by now). Where two keys begin alike, the
 * prefix is named after the key that matches more of it: named after the other, the rest would show in clear.
 */
function replacePrefixes(text: string, secrets: readonly Secret[], into: Parts): void {
  const keys = secrets.filter((s) => s.secret.length > KEY_PREFIX_REDACTED);
  // where each key's first characters next appear; searched again only once passed, so the pass stays linear
  const next = keys.map(() => -1);
  let from = 0;
  for (;;) {
    let best: { at: number; n: number; name: string } | undefined;
    keys.forEach(({ secret, name }, k) => {
      if (next[k]! < from) {
        const found = text.indexOf(secret.slice(0, KEY_PREFIX_REDACTED), from);
        next[k] = found < 0 ? Infinity : found;
      }
      const at = next[k]!;
      if (at === Infinity || (best && at > best.at)) return;
      let n = KEY_PREFIX_REDACTED;
      while (n < secret.length - 1 && text[at + n] === secret[n]) n++;
      if (!best || at < best.at || n > best.n) best = { at, n, name };
    });
    if (!best) {
      into.text(text.slice(from));
      return;
    }
    const { at, n, name } = best as { at: number; n: number; name: string };
    into.text(text.slice(from, at)).placeholder(`\${${name}:0:${n}}`);
    from = at + n;
  }
}

/**
 * The key cut in NEAR_EDITS + 1 pieces. An edit breaks at most one piece (an insertion between two breaks none), so
 * a word within NEAR_EDITS edits of the key holds at least one piece whole: text that holds none has no such word.
 */
function nearPieces(secret: string): string[] {
  const parts = NEAR_EDITS + 1;
  return Array.from({ length: parts }, (_, i) => secret.slice(Math.floor((i * secret.length) / parts), Math.floor(((i + 1) * secret.length) / parts)));
}

/** Anything else within NEAR_EDITS edits of a key, as a word of the text: a marker, not a reproduction. */
function replaceNear(text: string, { secret, name, near }: Secret, into: Parts): void {
  // most text holds no piece of a key: read for it natively, not word by word
  if (secret.length < KEY_PREFIX_REDACTED || !near.some((piece) => text.includes(piece))) {
    into.text(text);
    return;
  }
  const words = /[A-Za-z0-9_\-+/=.~]+/g;
  let from = 0;
  for (let m = words.exec(text); m !== null; m = words.exec(text)) {
    const word = m[0];
    if (word.length < KEY_PREFIX_REDACTED || editsBetween(word, secret) > NEAR_EDITS) continue;
    into.text(text.slice(from, m.index)).marker(`<a key near $${name}>`);
    from = m.index + word.length;
  }
  into.text(text.slice(from));
}
