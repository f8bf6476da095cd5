// The one rule for text that came from a deployment, a HAR or a proxied client (bodies, header values, ids,
// messages, Location): before it reaches a terminal, a CI log, a Markdown or JUnit report or a curl line, the
// characters that could act rather than be read are shown escaped. A terminal acts on ESC and the other C0 and
// C1 controls (colours, titles, hyperlinks, clearing the screen), a lone CR hides what came before it on the
// line, U+2028/2029 break lines in some viewers, and the bidirectional controls make text read in another
// order than it is (CVE-2021-42574). JSON and HTML reports keep the text itself: their own escaping carries it.
// docs/untrusted.md says what is escaped where.

/**
 * The characters shown escaped: C0 controls but tab and line feed, DEL, C1 controls, the line and paragraph
 * separators, and the bidirectional marks, embeddings, overrides and isolates. A CR is one only when no LF
 * follows it (a CRLF line end is a line end).
 */
export const ACTING = /[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|\r(?!\n)/g;
/** The same and the line ends too: for a value shown on one line. */
const ACTING_OR_LINE_END = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** `\x1b` for a character below U+0100, `\u202e` above. */
export const escaped = (c: string): string => {
  const code = c.charCodeAt(0);
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  if (c === '\r') return '\\r';
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** Text with its acting characters escaped; tab and line feeds kept (a message of several lines stays so). */
export function inert(text: string): string {
  return text.replace(ACTING, escaped);
}

/** A value shown on one line: also tab, CR and LF escaped, so that it can start no line of its own. */
export function inertLine(text: string): string {
  return text.replace(ACTING_OR_LINE_END, escaped);
}

const ONE_ACTING = new RegExp(ACTING_OR_LINE_END.source);

/** Whether a text holds a character that inertLine escapes. */
export const hasActing = (text: string): boolean => ONE_ACTING.test(text);

/**
 * JSON text with what JSON.stringify leaves raw and a terminal or a browser acts on (DEL, C1 controls, line
 * separators, bidirectional controls) written as \u escapes: the value is the same, and `cat report.json`
 * or a page that embeds it shows it inert. These characters stand only inside strings, so any may be escaped.
 */
export function jsonInert(json: string): string {
  return json.replace(
    /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The longest value a report shows whole (expected, actual, a header, a URL, a note), in characters. */
const VALUE_CHARS = 2000;
/** The longest message a report shows whole (a check's failure with its curl lines), in characters. */
export const MESSAGE_CHARS = 32_000;

/** A text cut to `max` characters, saying how long it was: a value is never copied whole into every output. */
export function bounded(text: string, max = VALUE_CHARS): string {
  if (text.length <= max) return text;
  // never half a surrogate pair
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end)}… (${text.length} characters in all)`;
}

/**
 * JSON nested deeper than this is not read: no answer of the interface nests a tenth as deep, and a walk of
 * a value 100 000 levels deep (a schema's, JSON.stringify's) overflows the stack. The verdict says why.
 */
export const JSON_DEPTH = 256;

/** Whether JSON text nests arrays and objects deeper than `limit`: each character read once, strings skipped. */
export function nestsDeeper(text: string, limit = JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Why a body is not read as JSON when it nests too deep: the verdict of every check that reads it. */
export const TOO_DEEP = `the body nests arrays and objects deeper than ${JSON_DEPTH} levels; it is not read as JSON (no answer of the interface nests so deep)`;

/**
 * `bounded(transform(text))` for a transform that is costly on megabytes (the redactor): only a little more
 * than what is shown is transformed, and the length said is the text's own.
 */
export function boundedThrough(text: string, transform: (text: string) => string, max = VALUE_CHARS): string {
  if (text.length <= 2 * max) return bounded(transform(text), max);
  const shown = transform(text.slice(0, 2 * max));
  const end = /[\ud800-\udbff]/.test(shown[max - 1] ?? '') ? max - 1 : max;
  return `${shown.slice(0, end)}… (${text.length} characters in all)`;
}
