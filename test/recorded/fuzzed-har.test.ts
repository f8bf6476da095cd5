// Hostile recorded traffic (test/support/fuzzed-har.ts) judged by check-har with every report format: whatever
// the file holds, it ends with a code of its own (never a crash), shows no key a request carried in any form in
// any output, and prints no character a terminal acts on. In this process, with small files: each case costs
// milliseconds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { runCheckHar } from '../../src/recorded/check-har.ts';
import { hostileHar } from '../support/fuzzed-har.ts';
import { leakForms } from '../support/fuzzed.ts';
import { propertySeed } from '../support/seed.ts';

const dir = mkdtempSync(join(tmpdir(), 'fuzzed-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A character a terminal or a log viewer acts on (docs/untrusted.md), as the fuzzed deployment's test looks for them. */
const ACTING = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
const FORMATS = ['json', 'junit', 'markdown', 'html'] as const;

test('check-har on hostile recorded traffic ends with its own code, and shows no key and no acting character', () => {
  const seed = propertySeed('fuzzed HAR');
  fc.assert(
    fc.property(hostileHar, ({ text, keys }) => {
      const har = join(dir, 'f.har');
      writeFileSync(har, text);
      for (const f of FORMATS) rmSync(join(dir, `r.${f}`), { force: true });
      let stdout = '';
      let stderr = '';
      const code = runCheckHar(
        [har, ...FORMATS.flatMap((f) => [`--report-${f}`, join(dir, `r.${f}`)])],
        { write: (t) => (stdout += t), error: (t) => (stderr += t) },
        {},
        dir,
      );
      expect([0, 1, 2, 4]).toContain(code);
      const reports = FORMATS.flatMap((f) => {
        try {
          return [readFileSync(join(dir, `r.${f}`), 'utf8')];
        } catch {
          return [];
        }
      });
      expect(code === 2 || reports.length === FORMATS.length).toBe(true);
      for (const output of [stdout, stderr, ...reports]) {
        for (const key of keys) expect(leakForms(key).filter((form) => output.includes(form))).toEqual([]);
        expect(ACTING.exec(output)?.[0]).toBeUndefined();
      }
    }),
    { seed, numRuns: 40 },
  );
});
