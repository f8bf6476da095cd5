// What the escaping rule (contract/untrusted.ts) shows escaped, written out from Unicode's own tables rather than
// through the rule's property classes, so that a test holds the rule to the set and not to itself. Unicode 17
// (Node 20's ICU): Cc, Cf (UnicodeData.txt), Default_Ignorable_Code_Point (DerivedCoreProperties.txt), Zl, Zp,
// the Zs spaces but U+0020, and the surrogates (a lone one).

/** The code points inertLine escapes, as hexadecimal ranges. */
export const SHOWN_ESCAPED = [
  '0-1f', // C0 controls
  '7f-a0', // DEL, C1 controls, NO-BREAK SPACE
  'ad', // SOFT HYPHEN
  '34f', // COMBINING GRAPHEME JOINER
  '600-605', // Arabic number signs (Cf)
  '61c', // ARABIC LETTER MARK
  '6dd',
  '70f',
  '890-891',
  '8e2',
  '115f-1160', // Hangul choseong and jungseong fillers
  '1680', // OGHAM SPACE MARK
  '17b4-17b5', // Khmer inherent vowels
  '180b-180f', // Mongolian free variation selectors, vowel separator
  '2000-200f', // en quad to hair space, zero-width space, ZWNJ, ZWJ, LRM, RLM
  '2028-202f', // line and paragraph separators, bidirectional embeddings and overrides, narrow NBSP
  '205f-206f', // medium mathematical space, word joiner, invisible operators, bidirectional isolates, deprecated format
  '3000', // IDEOGRAPHIC SPACE
  '3164', // HANGUL FILLER
  'd800-dfff', // surrogates, when alone
  'fe00-fe0f', // variation selectors
  'feff', // ZERO WIDTH NO-BREAK SPACE (BOM)
  'ffa0', // HALFWIDTH HANGUL FILLER
  'fff0-fffb', // reserved default ignorables, interlinear annotation
  '110bd',
  '110cd',
  '13430-1343f', // Egyptian hieroglyph format controls
  '1bca0-1bca3', // shorthand format controls
  '1d173-1d17a', // musical symbol format controls
  'e0000-e0fff', // tag characters, variation selectors supplement, reserved
];

const CLASS = SHOWN_ESCAPED.map((r) =>
  r
    .split('-')
    .map((h) => `\\u{${h}}`)
    .join('-'),
).join('');

/**
 * A character an output must not hold raw: one of SHOWN_ESCAPED but tab, LF and a CR before a LF (line ends of a
 * text of several lines), and a presentation selector after a pictograph (`⚠️`, the tool's own icons).
 */
export const RAW_SHOWN_ESCAPED = new RegExp(`(?![\\t\\n\\r])[${CLASS}](?<!\\p{Extended_Pictographic}[\\ufe0e\\ufe0f])|\\r(?!\\n)`, 'u');

/** Pieces of text a deployment could send to look like another (invisible, format, filler characters), or to act (C1, OSC). */
export const INVISIBLE_PIECES = [
  '\u200b', // ZERO WIDTH SPACE
  '\u200d',
  '\u2060', // WORD JOINER
  '\u2064',
  '\ufeff',
  '\u{e0041}\u{e0042}', // tag characters, astral: one escape each
  '\u{e007f}',
  '\u3164', // HANGUL FILLER
  '\u115f',
  '\uffa0',
  '\xad', // SOFT HYPHEN
  '\u034f',
  '\u180e',
  '\ufe0f',
  '\u{e0100}',
  '\xa0',
  '\u200a',
  '\u2066',
  '\x9b31m', // one-byte CSI
  '\x9d52;c;cHduZWQ=\x9c', // OSC 52 (clipboard) in C1 form
  '\x1b]52;c;cHduZWQ=\x07', // OSC 52 in ESC form
  '\x85', // NEXT LINE
];
