// The escaping rule and the bounds of reporters/untrusted.ts character by character: which characters are shown
// escaped and how, where a long value is cut, how deep JSON may nest. What the mutation run holds them to.
import { describe, expect, test } from 'vitest';
import { bounded, boundedThrough, escaped, hasActing, inert, inertLine, jsonInert, nestsDeeper, TOO_DEEP } from '../../reporters/untrusted.ts';

/** The characters above U+00A0 that inert escapes: a sample of each range (separators, bidirectional marks, BOM). */
const ACTING_ABOVE = ['\u061c', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202e', '\u2066', '\u2069', '\ufeff'];

describe('escaped', () => {
  test('\\n, \\t, \\r by name; below U+0100 as \\xhh; above as \\uhhhh, lower-case hex padded', () => {
    expect(['\n', '\t', '\r', '\x00', '\x1b', '\x7f', '\x9f', '\u061c', '\u202e', '\ufeff'].map(escaped)).toEqual([
      '\\n',
      '\\t',
      '\\r',
      '\\x00',
      '\\x1b',
      '\\x7f',
      '\\x9f',
      '\\u061c',
      '\\u202e',
      '\\ufeff',
    ]);
  });
});

describe('inert and inertLine', () => {
  test('inert escapes C0 but tab and line feed (a CR with no LF after it too), DEL, C1, and the separators and bidirectional marks; nothing else', () => {
    for (let code = 0; code <= 0xa0; code++) {
      const c = String.fromCharCode(code);
      const acting = (code < 0x20 && c !== '\t' && c !== '\n') || (code >= 0x7f && code <= 0x9f);
      expect(inert(`a${c}b`), `U+${code.toString(16)}`).toBe(acting ? `a${escaped(c)}b` : `a${c}b`);
    }
    for (const c of ACTING_ABOVE) expect(inert(c)).toBe(escaped(c));
    for (const c of ['\u061b', '\u061d', '\u200d', '\u2010', '\u2027', '\u202f', '\u2065', '\u206a', '\ufefe', 'é']) expect(inert(c)).toBe(c);
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
    expect(['\n', '\t', '\x7f', '\x9f', '\u2066', 'ok\ufeff'].map(hasActing)).toEqual([true, true, true, true, true, true]);
    expect(['', 'plain text é', '\xa0'].map(hasActing)).toEqual([false, false, false]);
  });
});

describe('jsonInert', () => {
  test('DEL, C1 and the marks as \\u escapes (the same JSON value); other characters as they are', () => {
    const value = `a\x7f\x80\x9f\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069\ufeff\xa0é\x1f`;
    const json = jsonInert(JSON.stringify(value));
    expect(json).toBe('"a\\u007f\\u0080\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069\\ufeff\xa0é\\u001f"');
    expect(JSON.parse(json)).toBe(value);
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
