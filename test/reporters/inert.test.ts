// The escaping rule and the bounds of contract/untrusted.ts character by character: which characters are shown
// escaped and how, where a long value is cut, how deep JSON may nest. What the mutation run holds them to.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bounded, boundedThrough, escaped, hasActing, inert, inertLine, jsonInert, nestsDeeper, quotedLine, TOO_DEEP } from '../../contract/untrusted.ts';
import { INVISIBLE_PIECES, RAW_SHOWN_ESCAPED, SHOWN_ESCAPED } from '../support/invisible.ts';
import { propertySeed } from '../support/seed.ts';

/** The characters above U+00A0 that inert escapes: a sample of each kind (separators, bidirectional marks, invisible, fillers, tags). */
const ACTING_ABOVE = ['\u061c', '\u200b', '\u200e', '\u2028', '\u202e', '\u2060', '\u2069', '\u3164', '\ufeff', '\xad', '\u{e0041}'];

/** The hexadecimal ranges of the code points for which `shown` holds. */
function rangesOf(shown: (c: string) => boolean): string[] {
  const ranges: string[] = [];
  let start = -1;
  for (let code = 0; code <= 0x110000; code++) {
    const held = code <= 0x10ffff && shown(String.fromCodePoint(code));
    if (held && start < 0) start = code;
    if (!held && start >= 0) {
      ranges.push(start === code - 1 ? start.toString(16) : `${start.toString(16)}-${(code - 1).toString(16)}`);
      start = -1;
    }
  }
  return ranges;
}

describe('escaped', () => {
  test('\\n, \\t, \\r by name; below U+0100 as \\xhh; to U+FFFF as \\uhhhh; above as \\u{hhhhh}, one escape for the two surrogates', () => {
    expect(['\n', '\t', '\r', '\x00', '\x1b', '\x7f', '\x9f', '\xad', '\u061c', '\u202e', '\ufeff', '\u{e0041}', '\u{e0100}'].map(escaped)).toEqual([
      '\\n',
      '\\t',
      '\\r',
      '\\x00',
      '\\x1b',
      '\\x7f',
      '\\x9f',
      '\\xad',
      '\\u061c',
      '\\u202e',
      '\\ufeff',
      '\\u{e0041}',
      '\\u{e0100}',
    ]);
  });
});

describe('inert and inertLine', () => {
  test('inertLine escapes exactly Cc, Cf, Default_Ignorable_Code_Point, Zl, Zp, the spaces but U+0020 and lone surrogates: every code point', () => {
    expect(rangesOf(hasActing)).toEqual(SHOWN_ESCAPED);
    for (const c of ['\u200b', '\u{e0041}', '\ud800', '\xa0', '\x9b']) expect(inertLine(`a${c}b`)).toBe(`a${escaped(c)}b`);
  });

  test('inert escapes the same but tab and line feed (a CR with no LF after it too)', () => {
    for (let code = 0; code <= 0xa0; code++) {
      const c = String.fromCharCode(code);
      const acting = (code < 0x20 && c !== '\t' && c !== '\n') || code >= 0x7f;
      expect(inert(`a${c}b`), `U+${code.toString(16)}`).toBe(acting ? `a${escaped(c)}b` : `a${c}b`);
    }
    for (const c of ACTING_ABOVE) expect(inert(c)).toBe(escaped(c));
    for (const c of ['\u061b', '\u061d', '\u2010', '\u2027', '\u2070', '\ufefe', 'é', '😀', '漢', '\u{e1000}']) expect(inert(c)).toBe(c);
  });

  test('a tag character or another above U+FFFF is one escape; a surrogate alone is escaped, a pair that is a character is not', () => {
    expect(inert('X\u{e0041}\u{e0042}\u{e007f}')).toBe('X\\u{e0041}\\u{e0042}\\u{e007f}');
    expect(inertLine('a\ud800b\udfffc')).toBe('a\\ud800b\\udfffc');
    expect(inert('\ud83d\ude00 \ud83d')).toBe('😀 \\ud83d');
  });

  test('a presentation selector after a pictograph stays (it shows: ⚠️ against ⚠); anywhere else it is escaped, as is a joiner', () => {
    expect(inert('\u26a0\ufe0f \u23ed\ufe0f \u26a0\ufe0e')).toBe('\u26a0\ufe0f \u23ed\ufe0f \u26a0\ufe0e');
    expect(inertLine('X\ufe0f \ufe0f a\ufe0e \u{1f468}\u200d\u{1f469}')).toBe('X\\ufe0f \\ufe0f a\\ufe0e 👨\\u200d👩');
  });

  test('texts that differ only by invisible characters never look the same, and none of those characters is left', () => {
    const piece = fc.oneof(fc.constantFrom(...INVISIBLE_PIECES, 'X', 'ab', ' ', '⚠️'), fc.string({ unit: 'grapheme', maxLength: 3 }));
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('').replace(/\\/g, '/'));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(RAW_SHOWN_ESCAPED.test(inertLine(a)), inertLine(a)).toBe(false);
        // without a backslash of their own, the escapes can be read back: two texts are never shown alike
        if (a !== b) expect(inertLine(a)).not.toBe(inertLine(b));
      }),
      { seed: propertySeed('invisible characters'), numRuns: 300 },
    );
  });

  test('inert: a CR before a LF is a line end and stays; a lone CR, or one at the end, is escaped', () => {
    expect(inert('a\r\nb\rc\r')).toBe('a\r\nb\\rc\\r');
  });

  test('inertLine escapes tab, CR and LF too, and everything inert escapes', () => {
    expect(inertLine('a\tb\r\nc\x1b\u202e')).toBe('a\\tb\\r\\nc\\x1b\\u202e');
    for (let code = 0; code < 0x20; code++) expect(inertLine(String.fromCharCode(code))).toBe(escaped(String.fromCharCode(code)));
    for (const c of ACTING_ABOVE) expect(inertLine(c)).toBe(escaped(c));
    expect(inertLine(' ~é')).toBe(' ~é');
  });

  test('hasActing: whether inertLine would escape anything', () => {
    expect(['\n', '\t', '\x7f', '\x9f', '\u2066', 'ok\ufeff', '\xa0', '\u200b', '\u{e0041}', '\ud800'].map(hasActing)).toEqual(Array(10).fill(true));
    expect(['', 'plain text é', '😀', '⚠️'].map(hasActing)).toEqual([false, false, false, false]);
  });

  test('quotedLine: a value JSON-quoted, cut to max characters saying its length, on one inert line', () => {
    expect(quotedLine('a"b\nc\x9b\u200b')).toBe('"a\\"b\\nc\\x9b\\u200b"');
    expect(quotedLine('abcdef', 4)).toBe('"abcd… (6 characters in all)"');
  });
});

describe('jsonInert', () => {
  /** Any code points, lone surrogates among them. */
  const anyCodePoints = fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 40 }).map((codes) => String.fromCodePoint(...codes));

  test('DEL, C1, the marks, invisible characters and spaces as \\u escapes (the same JSON value); other characters as they are', () => {
    const value = `a\x7f\x80\x9f\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069\ufeff\xa0\u200b\u3164\xadé\x1f\u{e0041}😀`;
    const json = jsonInert(JSON.stringify(value));
    expect(json).toBe(
      '"a\\u007f\\u0080\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069\\ufeff\\u00a0\\u200b\\u3164\\u00adé\\u001f\\udb40\\udc41😀"',
    );
    expect(JSON.parse(json)).toBe(value);
  });

  test('any text comes back the same, and holds none of the characters the rule escapes', () => {
    fc.assert(
      fc.property(anyCodePoints, fc.constantFrom(...INVISIBLE_PIECES), (text, piece) => {
        const json = jsonInert(JSON.stringify(text + piece));
        expect(JSON.parse(json)).toBe(text + piece);
        expect(RAW_SHOWN_ESCAPED.test(json), json).toBe(false);
      }),
      { seed: propertySeed('jsonInert'), numRuns: 300 },
    );
  });
});

describe('bounded and boundedThrough', () => {
  test('a text of max characters whole; one more cut at max, saying its length', () => {
    expect(bounded('abcd', 4)).toBe('abcd');
    expect(bounded('abcde', 4)).toBe('abcd… (5 characters in all)');
    expect(bounded('x'.repeat(2000))).toBe('x'.repeat(2000));
    expect(bounded('x'.repeat(2001))).toBe(`${'x'.repeat(2000)}… (2001 characters in all)`);
  });

  test('never half a surrogate pair: a cut that would split one is made before it', () => {
    expect(bounded('abc😀de', 4)).toBe('abc… (7 characters in all)');
    expect(bounded('ab😀cde', 4)).toBe('ab😀… (7 characters in all)');
  });

  test('boundedThrough transforms twice max characters at most, and says the length of the text itself', () => {
    const seen: number[] = [];
    const upper = (t: string) => (seen.push(t.length), t.toUpperCase());
    expect(boundedThrough('abcdefgh', upper, 4)).toBe('ABCD… (8 characters in all)');
    expect(boundedThrough('abcdefghi', upper, 4)).toBe('ABCD… (9 characters in all)');
    expect(boundedThrough('abc', upper, 4)).toBe('ABC');
    // at exactly twice max the whole text is transformed, and the length said is the transformed text's
    expect(boundedThrough('abcdefgh', (t) => `${t}!!`, 4)).toBe('abcd… (10 characters in all)');
    expect(seen).toEqual([8, 8, 3]);
    expect(boundedThrough('abc😀defgh', (t) => t, 4)).toBe('abc… (10 characters in all)');
    expect(boundedThrough('x'.repeat(5000), (t) => t)).toBe(`${'x'.repeat(2000)}… (5000 characters in all)`);
  });
});

describe('nestsDeeper', () => {
  test('arrays and objects nested past the limit; at the limit not', () => {
    expect(nestsDeeper('[[[]]]', 3)).toBe(false);
    expect(nestsDeeper('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeper('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(nestsDeeper('[{"a":[1]}]', 3)).toBe(false);
    expect(nestsDeeper(`${'['.repeat(256)}${']'.repeat(256)}`)).toBe(false);
    expect(nestsDeeper('['.repeat(257))).toBe(true);
  });

  test('closing brackets count down: siblings do not add up', () => {
    expect(nestsDeeper('[[],[],[],[]]', 2)).toBe(false);
    expect(nestsDeeper('[{},{},{},{}]', 2)).toBe(false);
  });

  test('brackets inside strings, escaped quotes among them, are not nesting', () => {
    expect(nestsDeeper('["[[[[", "{{{{"]', 1)).toBe(false);
    expect(nestsDeeper('["\\"[[[[\\""]', 1)).toBe(false);
    expect(nestsDeeper('["\\\\", [[]]]', 2)).toBe(true);
  });

  test('TOO_DEEP says the limit', () => {
    expect(TOO_DEEP).toBe('the body nests arrays and objects deeper than 256 levels; it is not read as JSON (no answer of the interface nests so deep)');
  });
});
