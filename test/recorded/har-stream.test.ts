// check-har reads a HAR as a stream, in bounded memory: the scanner hands over one entry at a time through chunks
// of any size, says where a file stops being JSON in words of its own, refuses nesting past its bound, and leaves
// an entry past its size unread; the ignored list and the checks kept in full are capped, the rest counted. Small
// files with small limits exercise the code a 1 GiB file runs through (docs/recorded.md has the measurement).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HarError, readHar, streamHar } from '../../src/recorded/har.ts';
import { SCAN_LIMITS } from '../../src/recorded/har-scan.ts';
import { KEY_LIMITS } from '../../src/recorded/keys.ts';
import { RECORDED_LIMITS } from '../../src/recorded/recorded.ts';
import { runCheckHar, type CheckHarLimits } from '../../src/recorded/check-har.ts';
import { writeHar, type Recording } from '../support/har.ts';

const dir = mkdtempSync(join(tmpdir(), 'har-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ORG = 'http://h.test/v1/organisations/org-1';
const ORGANISATION = JSON.parse(readFileSync(new URL('../../schemas/samples/organisation.json', import.meta.url), 'utf8')).valid[0].data;
/** A recorded read of an organisation; its answer passes, or fails (an organisation with fields missing). */
const read = (url = ORG, fails = false): Recording => ({
  request: { method: 'GET', url, headers: { authorization: 'Token abcdefgh12345678' } },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organisation: fails ? { id: 'org-1' } : ORGANISATION }),
  },
  startedAt: '2026-11-24T12:00:00.000Z',
  durationMs: 3,
});

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** check-har in this process, with the limits given (the rest as the command's), its output gathered. */
function checkHar(args: string[], limits: Partial<CheckHarLimits> = {}) {
  let stdout = '';
  let stderr = '';
  const code = runCheckHar(args, { write: (t) => (stdout += t), error: (t) => (stderr += t) }, {}, dir, {
    scan: SCAN_LIMITS,
    keys: KEY_LIMITS,
    recorded: RECORDED_LIMITS,
    ...limits,
  });
  return { code, stdout, stderr };
}

describe('the scanner', () => {
  test('hands over the same exchanges whatever the chunks, past any other member of the document', () => {
    const har = JSON.parse(writeHar([read(), read(`${ORG}?x=1`, true)]));
    // members before and after the entries, and arrays and strings that look like them
    const text = JSON.stringify({ a: { entries: [1] }, log: { pages: [{ entries: '[' }], entries: har.log.entries, comment: '}]' }, z: [[{}]] });
    const whole = readHar(text);
    expect(whole.map((e) => `${e.request.method} ${e.request.url} ${e.response?.status}`)).toEqual([`GET ${ORG} 200`, `GET ${ORG}?x=1 200`]);
    for (const chunkBytes of [1, 2, 7, 64]) expect(readHar(text, { ...SCAN_LIMITS, chunkBytes })).toEqual(whole);
  });

  test('says where a file stops being JSON, in its own words, never quoting the file', () => {
    const forged = '\n::error title=forged::forged\n';
    const cases: [string, RegExp][] = [
      [`{"log":{"entries":[]}} ${forged}`, /^not JSON: at byte 24, expected the end of the file after the document$/],
      [`{"log":{"entries":[{"request":${forged}}]}}`, /^not JSON: at byte 31, expected a value /],
      [`{"log" ${forged}`, /^not JSON: at byte 9, expected a value /],
      ['{"log" x', /^not JSON: at byte 7, expected ':' after a key$/],
      ['{"log":{"entries":[{"a":"\x1b[2J"}]}}', /^not JSON: log\.entries\[0\], at bytes 19 to 31, holds a malformed number, literal, escape or string$/],
      ['{"log":{"entries":[{"a":"\\x"}]}}', /^not JSON: at byte 26, expected an escape/],
      ['{"log":{"entries":[{"a":tru}]}}', /^not JSON: log\.entries\[0\], at bytes 19 to 28, holds a malformed number, literal, escape or string$/],
      ['{"log":{"entries":[', /^not JSON: at byte 19, the file ends before the document does$/],
    ];
    for (const [text, said] of cases) {
      let message = '';
      try {
        readHar(text);
      } catch (error) {
        expect(error).toBeInstanceOf(HarError);
        message = (error as Error).message;
      }
      expect(message).toMatch(said);
      expect(message).not.toMatch(/::|\x1b|Unexpected token|position/);
    }
  });

  test('refuses nesting past its bound at once, without holding it', () => {
    const deep = `{"log":{"entries":[{"request":${'['.repeat(100_000)}`;
    expect(() => readHar(deep)).toThrow(/^not JSON: at byte 90, nested deeper than 64 levels$/);
    expect(() => readHar(`{"log":{"entries":[{"a":${'['.repeat(10)}${']'.repeat(10)}}]}}`, { ...SCAN_LIMITS, depth: 8 })).toThrow(
      /nested deeper than 8 levels/,
    );
  });

  test('leaves an entry past its size unread, counting it, and reads the next', () => {
    const path = file(
      'large.har',
      writeHar([read(), { ...read(), response: { ...read().response, body: JSON.stringify({ organisation: ORGANISATION, pad: 'x'.repeat(5000) }) } }, read()]),
    );
    const seen: string[] = [];
    const n = streamHar(path, (e, i) => seen.push('tooLarge' in e ? `${i}: ${e.tooLarge} bytes unread` : `${i}: ${e.request.url}`), {
      ...SCAN_LIMITS,
      entryBytes: 2000,
      chunkBytes: 100,
    });
    expect(n).toBe(3);
    expect(seen).toEqual([`0: ${ORG}`, expect.stringMatching(/^1: \d{4} bytes unread$/), `2: ${ORG}`]);
  });

  test('a file with no log.entries array is not HAR', () => {
    expect(() => readHar('{"log":{"entries":{}}}')).toThrow('not a HAR file: it has no log.entries array');
    expect(() => readHar('[{"log":{"entries":[]}}]')).toThrow('not a HAR file: it has no log.entries array');
  });
});

describe('check-har in bounded memory', () => {
  test('a parse error names the file and the byte, and exits 2', () => {
    const r = checkHar([file('broken.har', '{"log":{"entries":[{"request":\x1b]52;c;cHduZWQ=\x07}]}}')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `mockapi-conformance check-har: ${join(dir, 'broken.har')}: not JSON: at byte 30, expected a value (an object, array, string, number, true, false or null)\n`,
    );
  });

  test('lists the first ignored paths and counts the rest together', () => {
    const recordings = Array.from({ length: 7 }, (_, i) => ({ ...read(), request: { ...read().request, url: `http://h.test/static/${i}.js` } }));
    const r = checkHar([file('ignored.har', writeHar([read(), ...recordings])), '--report-json', join(dir, 'ignored.json')], {
      recorded: { ...RECORDED_LIMITS, ignored: 3 },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Ignored 7 exchanges of none of the nine operations:\n  1 × GET /static/0.js\n  1 × GET /static/1.js\n  1 × GET /static/2.js\n  4 × … (other paths past the first 3)\n',
    );
  });

  test('keeps the first checks of each outcome in full and counts the rest, in the summary and by requirement', () => {
    const recordings = [read(), ...Array.from({ length: 5 }, () => read(ORG, true)), read()];
    const r = checkHar([file('cut.har', writeHar(recordings)), '--report-json', join(dir, 'cut.json')], { recorded: { ...RECORDED_LIMITS, kept: 2 } });
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'cut.json'), 'utf8'));
    expect(report.summary).toMatchObject({ passed: 2, failed: 5 });
    expect(report.checks.map((c: { outcome: string }) => c.outcome)).toEqual(['passed', 'failed', 'failed', 'passed']);
    expect(report.recorded).toMatchObject({ exchanges: 7, judged: 7, notKept: { checks: 3, requirements: [{ outcome: 'failed', count: 3 }] } });
    expect(r.stdout).toContain('3 more checks were judged than the reports list (the first of each outcome are kept in full)');
    expect(r.stdout).toContain('Judging 7 recorded exchanges of');
  });
});
