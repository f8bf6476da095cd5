// The one rule for text that came from a deployment, a HAR or a proxied client (bodies, header values, ids,
// messages, Location), or from a file a checkout holds (a report, a baseline, a config file): before it reaches
// a terminal, a CI log, a Markdown or JUnit report or a curl line, the characters that could act or hide rather
// than be read are shown escaped. A terminal acts on ESC and the other C0 and C1 controls (colours, titles,
// hyperlinks, the clipboard, clearing the screen), a lone CR hides what came before it on the line, U+2028/2029
// break lines in some viewers, the bidirectional controls make text read in another order than it is
// (CVE-2021-42574), and invisible characters make two different texts look the same (`expected "X"`,
// `actual "X"`). JSON and HTML reports keep the text itself: their own escaping carries it.
// docs/untrusted.md says what is escaped where.

/** The format and invisible characters, the separators and the spaces but U+0020: written as a character class. */
const INVISIBLE = String.raw`\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\xa0\u1680\u2000-\u200a\u202f\u205f\u3000`;
/** Written after the class: the character matched is not a presentation selector that follows a pictograph. */
const PRESENTATION = String.raw`(?<!\p{Extended_Pictographic}[\ufe0e\ufe0f])`;

/**
 * The characters shown escaped, each one code point (a tag character is one escape, not two halves):
 * - the controls (Unicode's Cc): C0 but tab and line feed, DEL, C1; a CR only when no LF follows it (a CRLF
 *   line end is a line end);
 * - the format characters (Cf): the bidirectional marks, embeddings, overrides and isolates, zero-width
 *   spaces and joiners, the soft hyphen, the BOM, tag characters, interlinear annotation marks;
 * - the rest of Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), characters a renderer
 *   draws as nothing: Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner, the
 *   variation selectors and the code points kept for more of them;
 * - the line and paragraph separators, and the spaces other than U+0020 (NBSP, hair space, ideographic
 *   space…), which read as a space or as nothing;
 * - a surrogate with no partner, which a terminal shows as U+FFFD, the same as any other.
 * But for U+FE0E or U+FE0F after a pictograph (`⚠️`), which chooses how it is drawn, as text or as an emoji,
 * and so shows. A zero-width joiner inside an emoji is shown escaped too: what matters here is that two texts
 * that differ by such a character never look the same.
 */
export const ACTING = new RegExp(String.raw`[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\p{Cs}${INVISIBLE}]${PRESENTATION}|\r(?!\n)`, 'gu');
/** The same and the line ends too: for a value shown on one line. */
const ACTING_OR_LINE_END = new RegExp(String.raw`[\0-\x1f\x7f-\x9f\p{Cs}${INVISIBLE}]${PRESENTATION}`, 'gu');

/**
 * `\x1b` for a character below U+0100, `\u202e` up to U+FFFF, `\u{e0041}` above. Self-contained: the HTML
 * report writes its source into the page.
 */
export const escaped = (c: string): string => {
  const code = c.codePointAt(0) ?? 0;
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  if (c === '\r') return '\\r';
  const hex = code.toString(16);
  return code < 0x100 ? `\\x${hex.padStart(2, '0')}` : code < 0x10000 ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`;
};

/**
 * Text that is printable ASCII (with tab and line feed, for inert) holds nothing to escape: most text is, and a
 * class of ASCII ranges is read many times faster than the classes of Unicode properties above.
 */
const PLAIN = /^[\t\n\x20-\x7e]*$/;
const PLAIN_LINE = /^[\x20-\x7e]*$/;
const PLAIN_JSON = /^[\0-\x7e]*$/;

/** Text with its acting characters escaped; tab and line feeds kept (a message of several lines stays so). */
export function inert(text: string): string {
  return PLAIN.test(text) ? text : text.replace(ACTING, escaped);
}

/** A value shown on one line: also tab, CR and LF escaped, so that it can start no line of its own. */
export function inertLine(text: string): string {
  return PLAIN_LINE.test(text) ? text : text.replace(ACTING_OR_LINE_END, escaped);
}

const ONE_ACTING = new RegExp(ACTING_OR_LINE_END.source, 'u');

/** Whether a text holds a character that inertLine escapes. */
export const hasActing = (text: string): boolean => ONE_ACTING.test(text);

/**
 * An untrusted value in a line of ours: cut to `max` characters (saying its length), JSON-quoted, one inert line;
 * `redact` (the redactor's) goes over it before it is cut, so that no cut leaves a key's start unrecognised.
 */
export const quotedLine = (value: string, max = VALUE_CHARS, redact?: (text: string) => string): string =>
  inertLine(JSON.stringify(redact ? boundedThrough(value, redact, max) : bounded(value, max)));

/** What JSON.stringify leaves raw of the characters inertLine escapes: all but C0 (and lone surrogates, which it escapes). */
const JSON_ACTING = new RegExp(String.raw`[\x7f-\x9f${INVISIBLE}]`, 'gu');

/**
 * JSON text with what JSON.stringify leaves raw and a terminal or a browser acts on, or shows as nothing (DEL,
 * C1 controls, format and invisible characters, separators, spaces but U+0020) written as \u escapes, a
 * character above U+FFFF as its two surrogates: the value is the same, and `cat report.json` or a page that
 * embeds it shows it inert. These characters stand only inside strings, so any may be escaped.
 */
export function jsonInert(json: string): string {
  if (PLAIN_JSON.test(json)) return json;
  return json.replace(JSON_ACTING, (c) =>
    c
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
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

/**
 * Node's printer of a library's warnings (process.emitWarning) replaced by one inert line of ours, redacted: a warning
 * may quote a file or a deployment, line ends, escapes and a key as they are. For the command's process and the run's
 * worker alike.
 */
export function routeWarnings(write: (line: string) => void, redact: (text: string) => string = (text) => text): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => write(`mockapi-conformance: warning: ${bounded(inertLine(redact(`${warning.name}: ${warning.message}`)), 2000)}\n`));
}
