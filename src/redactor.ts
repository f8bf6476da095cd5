// Keys never leave the process in clear. The redactor replaces a key with its placeholder ($MOCKAPI_TOKEN)
// wherever it stands, and also the near-miss forms of it that checks send on purpose (keys that resemble the
// valid one must get 401): the key with text after it, a prefix of it, the key in another case, the key with
// one character changed. Each of those placeholders is a bash expansion that gives back what was sent, so
// curl lines still reproduce; anything else close to a key (edit distance 2) is replaced by a plain marker.

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
}

export class Redactor {
  private readonly secrets: Secret[];
  constructor(secrets: Record<string, string | undefined>) {
    // longest first, so a key that contains another is replaced whole
    this.secrets = Object.entries(secrets)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0)
      .map(([placeholder, secret]) => ({ secret, name: placeholder.replace(/^\$/, ''), anyCase: new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') }))
      .sort((a, b) => b.secret.length - a.secret.length);
  }

  redact(text: string): string {
    let out = text;
    // whole keys first, so that a key that begins another is not taken for a prefix of it
    for (const s of this.secrets) out = replaceAll(out, s.secret, (next) => (/[A-Za-z0-9_]/.test(next) ? `\${${s.name}}` : `$${s.name}`));
    for (const s of this.secrets) out = out.replace(s.anyCase, (found) => `\${${s.name}${found === swapCase(s.secret) ? '~~' : found === s.secret.toUpperCase() ? '^^' : found === s.secret.toLowerCase() ? ',,' : ''}}`);
    // one character changed, before prefixes: a prefix would leave the rest of the key in clear
    for (const s of this.secrets) out = replaceOneChanged(out, s);
    // shortest first: a prefix common to two keys is named after the one it is nearest to
    for (const s of [...this.secrets].reverse()) out = replacePrefixes(out, s);
    for (const s of this.secrets) out = replaceNear(out, s);
    return out;
  }
}

function replaceAll(text: string, secret: string, placeholder: (next: string) => string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, from)) {
    out += text.slice(from, at) + placeholder(text[at + secret.length] ?? '');
    from = at + secret.length;
  }
  return out + text.slice(from);
}

/** The key with one character changed: `${NAME:0:i}c${NAME:i+1}`, found by its first or its last characters. */
function replaceOneChanged(text: string, { secret, name }: Secret): string {
  const n = secret.length;
  if (n <= KEY_PREFIX_REDACTED) return text;
  const starts = new Set<number>();
  const head = secret.slice(0, KEY_PREFIX_REDACTED);
  const tail = secret.slice(-KEY_PREFIX_REDACTED);
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) starts.add(at);
  for (let at = text.indexOf(tail); at >= 0; at = text.indexOf(tail, at + 1)) if (at - (n - KEY_PREFIX_REDACTED) >= 0) starts.add(at - (n - KEY_PREFIX_REDACTED));
  let out = '';
  let from = 0;
  for (const at of [...starts].sort((a, b) => a - b)) {
    if (at < from || at + n > text.length) continue;
    const window = text.slice(at, at + n);
    const changed = [...window].flatMap((c, i) => (c === secret[i] ? [] : [i]));
    if (changed.length !== 1) continue;
    const i = changed[0]!;
    // the changed character between two slices of the key; bash reads ${NAME:i+1} to the end
    out += `${text.slice(from, at)}\${${name}:0:${i}}${window[i]}\${${name}:${i + 1}}`;
    from = at + n;
  }
  return out + text.slice(from);
}

/** Prefixes of the key long enough to matter (the whole key is gone by now). */
function replacePrefixes(text: string, { secret, name }: Secret): string {
  if (secret.length <= KEY_PREFIX_REDACTED) return text;
  const head = secret.slice(0, KEY_PREFIX_REDACTED);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, from)) {
    let n = head.length;
    while (n < secret.length - 1 && text[at + n] === secret[n]) n++;
    out += `${text.slice(from, at)}\${${name}:0:${n}}`;
    from = at + n;
  }
  return out + text.slice(from);
}

/** Anything else within NEAR_EDITS edits of a key, as a word of the text: a marker, not a reproduction. */
function replaceNear(text: string, { secret, name }: Secret): string {
  if (secret.length < KEY_PREFIX_REDACTED) return text;
  return text.replace(/[A-Za-z0-9_\-+/=.~]+/g, (word) => (word.length >= KEY_PREFIX_REDACTED && editsBetween(word, secret) <= NEAR_EDITS ? `<a key near $${name}>` : word));
}
