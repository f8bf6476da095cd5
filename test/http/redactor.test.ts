// The redactor (src/http/redactor.ts) form by form: what each form of a key is replaced by, exactly, so that
// a curl line reproduces what was sent and nothing of the key shows. test/contract/untrusted.test.ts runs the same
// forms through bash; this file is what the mutation run holds the redactor to, without a shell.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pastedPiece, Redactor, textOf } from '../../src/http/redactor.ts';
import { KEY } from '../support/keys.ts';
import { propertySeed } from '../support/seed.ts';

// built in each test, never at import: the mutation run switches a mutant on only once the tests have started
const redactor = () => new Redactor({ $MOCKAPI_TOKEN: KEY });
const redact = (text: string) => redactor().redact(text);
const ESCAPED = '<$MOCKAPI_TOKEN URL-encoded or JSON-escaped>';
const NEAR = '<a key near $MOCKAPI_TOKEN>';

describe('the key itself', () => {
  test('$NAME, or ${NAME} where a letter, digit or _ follows; each occurrence', () => {
    expect(redact(`a ${KEY} b`)).toBe('a $MOCKAPI_TOKEN b');
    expect(redact(`${KEY}x`)).toBe('${MOCKAPI_TOKEN}x');
    expect(redact(`${KEY}_`)).toBe('${MOCKAPI_TOKEN}_');
    expect(redact(`${KEY}-`)).toBe('$MOCKAPI_TOKEN-');
    expect(redact(`${KEY}${KEY}`)).toBe('${MOCKAPI_TOKEN}$MOCKAPI_TOKEN');
  });

  test('in upper, lower or swapped case as the bash case expansion; in any other mix of cases as ${NAME}', () => {
    expect(redact('K3Y+/=ABCDEF0123456789')).toBe('${MOCKAPI_TOKEN^^}');
    expect(redact('k3y+/=abcdef0123456789')).toBe('${MOCKAPI_TOKEN,,}');
    expect(redact('K3y+/=ABCdef0123456789')).toBe('${MOCKAPI_TOKEN~~}');
    expect(redact('K3Y+/=AbcDEF0123456789')).toBe('${MOCKAPI_TOKEN}');
  });

  test('keys that are empty or not given are no keys; text without a key is left as it is', () => {
    const r = new Redactor({ $MOCKAPI_TOKEN: KEY, $EMPTY: '', $NONE: undefined });
    expect(r.redact('plain text, $EMPTY and all')).toBe('plain text, $EMPTY and all');
    expect(r.redact(KEY)).toBe('$MOCKAPI_TOKEN');
  });
});

describe('near-miss keys', () => {
  test('one character changed, wherever it stands, each occurrence: the slices of the key around it', () => {
    expect(redact(`a${KEY.slice(0, 10)}Q${KEY.slice(11)}b`)).toBe('a${MOCKAPI_TOKEN:0:10}Q${MOCKAPI_TOKEN:11}b');
    const changed = `${KEY.slice(0, 10)}Q${KEY.slice(11)}`;
    expect(redact(`${changed} ${changed}`)).toBe('${MOCKAPI_TOKEN:0:10}Q${MOCKAPI_TOKEN:11} ${MOCKAPI_TOKEN:0:10}Q${MOCKAPI_TOKEN:11}');
    expect(redact(`Z${KEY.slice(1)}`)).toBe('${MOCKAPI_TOKEN:0:0}Z${MOCKAPI_TOKEN:1}');
    expect(redact(`${KEY.slice(0, -1)}Z`)).toBe('${MOCKAPI_TOKEN:0:21}Z${MOCKAPI_TOKEN:22}');
  });

  test('a prefix of eight characters or more: ${NAME:0:n}, as long as it matches; seven are not a prefix', () => {
    expect(redact(`x ${KEY.slice(0, 8)} y ${KEY.slice(0, 9)}Z`)).toBe('x ${MOCKAPI_TOKEN:0:8} y ${MOCKAPI_TOKEN:0:9}Z');
    expect(redact(KEY.slice(0, 12))).toBe('${MOCKAPI_TOKEN:0:12}');
    expect(redact(KEY.slice(0, -1))).toBe('${MOCKAPI_TOKEN:0:21}');
    expect(redact(`ab${KEY.slice(0, -3)}.`)).toBe('ab${MOCKAPI_TOKEN:0:19}.');
    expect(redact(KEY.slice(0, 7))).toBe(KEY.slice(0, 7));
  });

  test('two keys that begin alike: a whole key whole, a prefix named after the key that matches more of it', () => {
    const r = new Redactor({ $A: 'short', $B: 'abcdefghij', $C: 'abcdefghijKLMN' });
    expect(r.redact('short abcdefghij abcdefghijKLMN abcdefghijKL abcdefgh')).toBe('$A $B $C ${B}KL ${C:0:8}');
  });

  test('a word within two edits of the key (inserted, deleted or changed characters) is a marker', () => {
    for (const near of [
      `zz${KEY.slice(2)}`,
      `z${KEY.slice(2)}`,
      KEY.slice(1, -1),
      `q${KEY.slice(1, 5)}${KEY.slice(6)}`,
      `${KEY.slice(0, 3)}XY${KEY.slice(5)}`,
    ]) {
      expect(redact(near), near).toBe(NEAR);
    }
  });

  test('a word of eight or more within two edits of a key is never left in clear, wherever the edits fall', () => {
    // the characters of a word (the redactor's near-miss pass reads words of these), so an edit keeps it one word
    const unit = fc.constantFrom(...'abcXYZ0189_-+/=.~');
    const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('insert', 'delete', 'change'), c: unit });
    fc.assert(
      fc.property(fc.string({ unit, minLength: 8, maxLength: 30 }), fc.array(edit, { maxLength: 2 }), (key, edits) => {
        let word = key;
        for (const { at, kind, c } of edits) {
          const i = at % (word.length + 1);
          word = kind === 'insert' ? word.slice(0, i) + c + word.slice(i) : word.slice(0, i) + (kind === 'change' ? c : '') + word.slice(i + 1);
        }
        fc.pre(word.length >= 8);
        expect(new Redactor({ $K: key }).redact(`x ${word} y`)).not.toContain(word);
      }),
      { seed: propertySeed('near-miss words'), numRuns: 200 },
    );
  });

  test('the key end, plain or escaped as a URL or a JSON string, is a marker of its own', () => {
    expect(redact(`...${KEY.slice(-8)}`)).toBe(ESCAPED);
    expect(redact(`Token%20${encodeURIComponent(KEY)}`)).toBe(ESCAPED);
    expect(redact(KEY.slice(0, 8).replace('+', '%2b'))).toBe(ESCAPED);
    expect(redact(KEY.slice(0, 8).replace('+', '\\u002b'))).toBe(ESCAPED);
    expect(redact(KEY.slice(0, 8).replace('/', '\\/'))).toBe(ESCAPED);
    expect(redact(`"${JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/')}"`)).toBe(`"${ESCAPED}"`);
  });

  test('a space in a key may be written + in a URL', () => {
    const r = new Redactor({ $S: 'ab cdefghij' });
    expect(r.redact('x ab%20cdefghij y')).toBe('x <$S URL-encoded or JSON-escaped> y');
    expect(r.redact('x ab+cdefghij')).toBe('x ${S:0:2}+${S:3}');
    // no % or \ in the text, and still an escaped form
    expect(r.redact('x ab+cdefg y')).toBe('x <$S URL-encoded or JSON-escaped> y');
  });
});

describe('placeholders already put in', () => {
  const RECORDED = '$MOCKAPI_RECORDED_KEY_1';
  /** Every placeholder and marker the redactor writes for one of the names (without $), longest first. */
  const placeholderText = (names: readonly string[]) => {
    const name = `(?:${[...names].sort((a, b) => b.length - a.length).join('|')})`;
    return new RegExp(
      `\\$\\{${name}(?:\\^\\^|,,|~~|:0:\\d+|:\\d+)?\\}|\\$${name}|<\\$${name} (?:as base64|as hex|URL-encoded or JSON-escaped)>|<a key near \\$${name}>`,
      'g',
    );
  };

  test('a key that begins with the letters of another placeholder leaves that placeholder as it is', () => {
    const r = new Redactor({ $MOCKAPI_TOKEN: 'recorded-key-0123456789', [RECORDED]: 'another-key-abcdefgh' });
    expect(r.redact('Token another-key-abcdefgh')).toBe(`Token ${RECORDED}`);
    expect(r.pieces('x another-key-abcdefgh')).toEqual(['x ', { placeholder: RECORDED }]);
  });

  test("an escape's hex digits are read in either case, the key's own letters only in the cases a check sends", () => {
    const r = new Redactor({ $K: 'rec-orded-key-0123' });
    const escaped = '<$K URL-encoded or JSON-escaped>';
    for (const form of ['rec%2Dorded', 'rec%2dorded', 'REC%2DORDED', 'rec\\u002Dorded', 'rec\\u002dorded'])
      expect(r.redact(`${form} x`), form).toBe(`${escaped} x`);
    expect(r.redact('Rec%2Dorded x')).toBe('Rec%2Dorded x');
  });

  test('a character outside the BMP escaped in JSON as its surrogate pair', () => {
    const r = new Redactor({ $K: 'k\u{1f600}y-abcdefghij' });
    expect(r.redact('k\\ud83d\\uDE00y-abcd x')).toBe('<$K URL-encoded or JSON-escaped> x');
  });

  test("a run's own placeholders written in the text already are placeholders; its markers and other names text", () => {
    const r = new Redactor({ $MOCKAPI_RECORDED_KEY_1: 'a-key-0123456789' }, {}, ['MOCKAPI_TOKEN']);
    const text = 'Token $MOCKAPI_TOKEN, ${MOCKAPI_TOKEN:0:8}x <a key near $MOCKAPI_TOKEN> $MOCKAPI_TOKENx $MOCKAPI_other a-key-0123456789';
    expect(r.pieces(text)).toEqual([
      'Token ',
      { placeholder: '$MOCKAPI_TOKEN' },
      ', ',
      { placeholder: '${MOCKAPI_TOKEN:0:8}' },
      'x <a key near $MOCKAPI_TOKEN> $MOCKAPI_TOKENx $MOCKAPI_other ',
      { placeholder: '$MOCKAPI_RECORDED_KEY_1' },
    ]);
    expect(r.redact(text)).toBe(textOf(r.pieces(text)));
    // where a key holds a placeholder's text, the text is no placeholder: taken for one, it would hide a piece of the key
    expect(new Redactor({ $K: 'x$MOCKAPI_TOKEN-key' }, {}, ['MOCKAPI_TOKEN']).pieces('x$MOCKAPI_TOKEN-key')).toEqual([{ placeholder: '$K' }]);
  });

  test('no placeholder or marker is changed by what is redacted after it, whatever the keys are made of', () => {
    const names = ['MOCKAPI_TOKEN', 'MOCKAPI_FORBIDDEN_TOKEN', 'MOCKAPI_RECORDED_KEY_1', 'MOCKAPI_RECORDED_KEY_2'];
    // keys made of the placeholders' and markers' own words, in any case, and a few other characters; no $<>{}
    const word = fc.constantFrom('mockapi_', 'recorded', 'recorded_key_', 'forbidden', 'token', 'base64', ' as hex', 'URL-encoded', 'a key near');
    const cased = fc
      .tuple(word, fc.constantFrom('as is', 'upper', 'lower'))
      .map(([w, c]) => (c === 'upper' ? w.toUpperCase() : c === 'lower' ? w.toLowerCase() : w));
    const tail = fc.string({ unit: fc.constantFrom(...'aZ09_-+/=.~%'), maxLength: 10 });
    const key = fc.tuple(cased, tail).map(([w, t]) => w + t);
    // the forms of a key that the redactor replaces, each with a different placeholder or marker
    const forms = (k: string) => [
      k,
      `${k}x`,
      k.toUpperCase(),
      k.slice(0, -1),
      `${k.slice(0, 3)}Q${k.slice(4)}`,
      Buffer.from(k).toString('base64'),
      Buffer.from(k).toString('hex'),
      encodeURIComponent(k),
      JSON.stringify(k),
    ];
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: names.length }), fc.array(fc.nat(), { maxLength: 12 }), (keys, picks) => {
        const r = new Redactor(Object.fromEntries(keys.map((k, i) => [`$${names[i]}`, k])));
        const all = keys.flatMap(forms);
        const text = picks.map((p) => all[p % all.length]).join(' ');
        // what is left once every whole placeholder is taken out holds none of their characters
        expect(r.redact(text).replace(placeholderText(names.slice(0, keys.length)), '')).not.toMatch(/[$<>{}]/);
      }),
      { seed: propertySeed('placeholders put in'), numRuns: 200 },
    );
  });
});

describe('the key encoded', () => {
  test('base64 and base64url of the key, or of text that holds it at any byte offset, with the whole run', () => {
    expect(redact(Buffer.from(KEY).toString('base64'))).toBe('<$MOCKAPI_TOKEN as base64>');
    expect(redact(Buffer.from(KEY).toString('base64url'))).toBe('<$MOCKAPI_TOKEN as base64>');
    for (const offset of [0, 1, 2]) {
      const text = Buffer.concat([Buffer.from('x'.repeat(offset)), Buffer.from(KEY), Buffer.from('yy')]).toString('base64');
      expect(redact(`a ${text} tail`), String(offset)).toBe('a <$MOCKAPI_TOKEN as base64> tail');
    }
    expect(redact(`AAAA${Buffer.from(KEY.slice(0, 8)).toString('base64').replace(/=+$/, '')}`)).toBe('<$MOCKAPI_TOKEN as base64>');
  });

  test('hex in either case, of the key, its start (as written, in upper or in lower case) or its end', () => {
    expect(redact(Buffer.from(KEY).toString('hex'))).toBe('<$MOCKAPI_TOKEN as hex>');
    expect(redact(Buffer.from(KEY).toString('hex').toUpperCase())).toBe('<$MOCKAPI_TOKEN as hex>');
    expect(redact(`${Buffer.from(KEY.slice(-8)).toString('hex')} zz`)).toBe('<$MOCKAPI_TOKEN as hex> zz');
    expect(redact(Buffer.from(KEY.slice(0, 8).toUpperCase()).toString('hex'))).toBe('<$MOCKAPI_TOKEN as hex>');
    expect(redact(Buffer.from(KEY.slice(0, 8).toLowerCase()).toString('hex'))).toBe('<$MOCKAPI_TOKEN as hex>');
  });

  test('a key shorter than eight characters: whole and encoded, but no prefix, changed character or near miss', () => {
    const r = new Redactor({ $K: 'abc1234' });
    expect(r.redact('abc1234 abc123 YWJjMTIzNA== 61626331323334 abc1235')).toBe('$K abc123 <$K as base64> <$K as hex> abc1235');
  });
});

describe('pieces', () => {
  test('plain text and the placeholders apart; a placeholder never made of text that reads like one', () => {
    expect(redactor().pieces(`a ${KEY} b`)).toEqual(['a ', { placeholder: '$MOCKAPI_TOKEN' }, ' b']);
    expect(redactor().pieces('$MOCKAPI_TOKEN')).toEqual(['$MOCKAPI_TOKEN']);
    expect(redactor().pieces(KEY)).toEqual([{ placeholder: '$MOCKAPI_TOKEN' }]);
    expect(redactor().pieces('')).toEqual([]);
  });

  test('text that holds the private-use characters the marks would be still comes back whole', () => {
    const text = `\ue000\ue001 ${KEY} \ue002`;
    const pieces = redactor().pieces(text);
    expect(pieces).toEqual(['\ue000\ue001 ', { placeholder: '$MOCKAPI_TOKEN' }, ' \ue002']);
    expect(textOf(pieces)).toBe(redactor().redact(text));
  });

  test('textOf joins plain text and placeholders', () => {
    expect(textOf(['a', { placeholder: '$X' }, 'b'])).toBe('a$Xb');
  });
});

describe('placeholders in a line to paste (pastedPiece)', () => {
  const forms = ['$MOCKAPI_TOKEN', '${MOCKAPI_TOKEN}', '${MOCKAPI_TOKEN:0:9}', '${MOCKAPI_TOKEN:10}', '${MOCKAPI_TOKEN^^}', '${MOCKAPI_TOKEN~~}'];
  test('inert where the host is none you gave for the key: the placeholder as text without $, for every form', () => {
    expect(forms.map((placeholder) => pastedPiece({ placeholder }, { inert: true }))).toEqual([
      '<MOCKAPI_TOKEN>',
      '<MOCKAPI_TOKEN>',
      '<MOCKAPI_TOKEN:0:9>',
      '<MOCKAPI_TOKEN:10>',
      '<MOCKAPI_TOKEN^^>',
      '<MOCKAPI_TOKEN~~>',
    ]);
    expect(pastedPiece('text $MOCKAPI_TOKEN', { inert: true })).toBe('text $MOCKAPI_TOKEN');
  });

  test('under the variable the key is in, every form; a placeholder of no variable named keeps its own name', () => {
    const variables = { MOCKAPI_TOKEN: 'MOCKAPI_TOKEN_STAGING' };
    expect(forms.map((placeholder) => pastedPiece({ placeholder }, { variables }))).toEqual(
      forms.map((f) => ({ placeholder: f.replace('MOCKAPI_TOKEN', 'MOCKAPI_TOKEN_STAGING') })),
    );
    expect(pastedPiece({ placeholder: '$MOCKAPI_FORBIDDEN_TOKEN' }, { variables })).toEqual({ placeholder: '$MOCKAPI_FORBIDDEN_TOKEN' });
  });
});

describe('what the mutation run over the redactor asked for', () => {
  test('a key of six characters: its base64, eight characters, is redacted', () => {
    expect(new Redactor({ $K: 'abcdef' }).redact('x YWJjZGVm y')).toBe('x <$K as base64> y');
  });

  test('a space written + in the start of a key, its end not there: an escaped form', () => {
    expect(new Redactor({ $S: 'ab cdefghij' }).redact('x ab+cd%65fg y')).toBe('x <$S URL-encoded or JSON-escaped> y');
  });

  test('a key of three characters: its hex, six digits, is too short to be taken for it', () => {
    expect(new Redactor({ $K: 'abc' }).redact('x 616263 y')).toBe('x 616263 y');
  });

  test('a key of seven characters: no escaped form of it, and no near miss', () => {
    const r = new Redactor({ $K: 'abc1234' });
    expect(r.redact('abc%31234')).toBe('abc%31234');
    expect(r.redact('abd12345')).toBe('abd12345');
  });

  test('a key of eight characters: a changed character and two are near misses; a word of six is not', () => {
    const r = new Redactor({ $K: 'abcdefgh' });
    expect(r.redact('abcdXfgh')).toBe('<a key near $K>');
    expect(r.redact('abcdefXY')).toBe('<a key near $K>');
    expect(r.redact('abcdef x')).toBe('abcdef x');
  });

  test('a space written + beside another escape is one escaped form; plus signs alone are none', () => {
    expect(new Redactor({ $S: 'ab cdefghij' }).redact('x ab+cd%65fghij y')).toBe('x <$S URL-encoded or JSON-escaped> y');
    expect(redact('++++++++ ++++++++')).toBe('++++++++ ++++++++');
  });

  test('the key cut short with a changed character in what is left: a prefix, not a key with one changed', () => {
    expect(redact(`${KEY.slice(0, 10)}Q${KEY.slice(11, 12)}`)).toBe('${MOCKAPI_TOKEN:0:10}QF');
  });

  test('two keys each with a changed character, the first found by its end only: both replaced, in order', () => {
    expect(redact(`Z${KEY.slice(1)} ${KEY.slice(0, 10)}Q${KEY.slice(11)}`)).toBe(
      '${MOCKAPI_TOKEN:0:0}Z${MOCKAPI_TOKEN:1} ${MOCKAPI_TOKEN:0:10}Q${MOCKAPI_TOKEN:11}',
    );
  });

  test('prefixes of two keys: each where it stands, the earlier first, whichever matches more', () => {
    const r = new Redactor({ $A: 'aaaaaaaaaaaaa', $B: 'bbbbbbbbbbb' });
    expect(r.redact('aaaaaaaa-- bbbbbbbbb.')).toBe('${A:0:8}-- ${B:0:9}.');
    expect(r.redact('bbbbbbbb- aaaaaaaa-')).toBe('${B:0:8}- ${A:0:8}-');
  });

  test('the base64 of the key first eight characters alone', () => {
    expect(redact(Buffer.from(KEY.slice(0, 8)).toString('base64'))).toBe('<$MOCKAPI_TOKEN as base64>');
  });
});

describe('text that holds no form of the key', () => {
  test('is given back unchanged, whatever words it holds', () => {
    // the mutation run fills the redactor's lists of forms with its marker text: a list made to hold anything
    // but the key's forms shows here as that text redacted
    const r = redactor();
    for (const text of ['Stryker was here', 'Stryker was here'.repeat(8), 'an ordinary sentence of words', '{"organisation":{"name":"Example Ltd"}}', '']) {
      expect(r.redact(text)).toBe(text);
    }
  });
});
