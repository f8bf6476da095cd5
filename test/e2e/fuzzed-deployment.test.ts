// A fuzzed hostile deployment (docs/untrusted.md): answers fast-check generates (random bytes, escapes,
// workflow-command lines, deep nesting, huge strings, the key echoed encoded, wrong lengths, resets mid-body)
// to a whole run with every report format under GitHub Actions. The run never crashes, writes no raw control
// character in any output (JSON, HTML and the HAR included), forms no workflow-command line but its own annotations,
// prints no curl line that runs anything but curl, ends within its bound, and shows the key in no form; `diff` of
// its report shows the open answers the deployment gave (a Content-Type of its choosing) inert too. A few
// whole runs: each costs seconds.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { useRunners } from '../support/runners.ts';
import { curlRecorder } from '../support/curl.ts';
import { fuzzedAnswer, leakForms, startFuzzed } from '../support/fuzzed.ts';
import { RAW_SHOWN_ESCAPED } from '../support/invisible.ts';
import { propertySeed } from '../support/seed.ts';
import { causesOf, type ConformanceReport } from '../../contract/report.ts';
import { runDiff } from '../../src/cli/diff.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

const KEY = 'Fz9+/=distinctive_KEY~7f3a91c0';
const FIXTURES = { MOCKAPI_MOCK_API_ID: 'a1b2c3d4', MOCKAPI_ORGANISATION_ID: 'org-1', MOCKAPI_DATA_SOURCE_ID: 'ds-1', MOCKAPI_TEAM_ID: 'team-1' };
const RUN_TIMEOUT_MS = 60_000;

const recorder = curlRecorder({ MOCKAPI_TOKEN: KEY });
afterAll(() => recorder.close());

/** A character a terminal or a log viewer acts on, or shows as nothing (test/support/invisible.ts): no output holds one raw. */
const ACTING = RAW_SHOWN_ESCAPED;

/** Every form of the key that would give it away: plain, base64 (of it and of `Token <key>`), hex, URL-encoded, JSON-escaped. */
const leaks = leakForms(KEY);

/** The lines of stdout GitHub's runner would read as workflow commands: outside ::stop-commands:: … ::token::. */
function commandLines(stdout: string): string[] {
  const read: string[] = [];
  let stoppedUntil: string | undefined;
  for (const line of stdout.split('\n')) {
    const trimmed = line.trimStart();
    if (stoppedUntil !== undefined) {
      if (trimmed === stoppedUntil) stoppedUntil = undefined;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(trimmed);
    if (stop) stoppedUntil = `::${stop[1]}::`;
    else if (trimmed.startsWith('::')) read.push(trimmed);
  }
  return read;
}

/** `diff` of a report against the same without notes, console and --markdown: the open answers of every check that passed. */
function diffWithoutNotes(report: ConformanceReport, dir: string): { stdout: string; markdown: string } {
  const [a, b, md] = ['a.json', 'b.json', 'diff.md'].map((name) => join(dir, name)) as [string, string, string];
  writeFileSync(a, JSON.stringify(report));
  writeFileSync(b, JSON.stringify({ ...report, checks: report.checks.map((c) => ({ ...c, notes: [] })) }));
  let stdout = '';
  runDiff([a, b, '--markdown', md], (text) => (stdout += text));
  return { stdout, markdown: readFileSync(md, 'utf8') };
}

test('a run against a deployment whose answers are generated never crashes, and nothing it sends acts', async () => {
  const seed = propertySeed('fuzzed deployment');
  await fc.assert(
    fc.asyncProperty(fc.array(fuzzedAnswer, { minLength: 6, maxLength: 16 }), async (answers) => {
      const fuzzed = await startFuzzed(answers);
      const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-fuzzed-'));
      const files = {
        junit: join(dir, 'r.xml'),
        markdown: join(dir, 'r.md'),
        html: join(dir, 'r.html'),
        har: join(dir, 'r.har'),
        summary: join(dir, 'summary.md'),
      };
      try {
        const started = Date.now();
        const r = await runner.run(
          [
            '--base-url',
            fuzzed.baseUrl,
            '--timeout-ms',
            '1000',
            '--run-timeout-ms',
            String(RUN_TIMEOUT_MS),
            '--runs',
            '2',
            '--report-junit',
            files.junit,
            '--report-markdown',
            files.markdown,
            '--report-html',
            files.html,
            '--report-har',
            files.har,
          ],
          { ...FIXTURES, MOCKAPI_TOKEN: KEY, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: files.summary },
        );
        console.info(`fuzzed run: exit ${r.code}, ${JSON.stringify(r.report?.summary)}, ${fuzzed.requests()} requests answered`);
        // never a crash: a verdict (1), could not judge (4), nothing failed (0), or the preflight's one line that this
        // is not the interface (5: no check ran; every report says why), its text as inert as any other
        expect([0, 1, 4, 5], r.stderr).toContain(r.code);
        expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
        if (r.code === 5)
          expect(
            r.stderr
              .trim()
              .split('\n')
              .filter((line) => !line.includes('warning:')),
          ).toHaveLength(1);
        expect(r.report).toBeDefined();
        expect(Date.now() - started).toBeLessThan(RUN_TIMEOUT_MS + 30_000);
        const written = {
          stdout: r.stdout,
          stderr: r.stderr,
          json: r.reportText,
          ...Object.fromEntries(Object.entries(files).map(([k, f]) => [k, readFileSync(f, 'utf8')])),
        };
        for (const [where, text] of Object.entries(written)) {
          // JSON, HTML and HAR carry the text JSON-escaped, every other output shows it escaped
          expect(ACTING.exec(text)?.[0], `a raw control character in ${where}`).toBeUndefined();
          for (const form of leaks)
            expect(
              text.includes(form) ? text.slice(Math.max(0, text.indexOf(form) - 300), text.indexOf(form) + 100) : '',
              `the key (${form}) in ${where}`,
            ).toBe('');
        }
        // diff of the run against itself without its notes: every open answer the deployment gave is shown, inert
        const { stdout: diffed, markdown: diffedMarkdown } = diffWithoutNotes(r.report!, dir);
        expect(ACTING.exec(diffed + diffedMarkdown)?.[0], 'a raw control or invisible character in diff').toBeUndefined();
        expect(commandLines(diffed), 'a workflow command in diff').toEqual([]);
        expect(diffedMarkdown, 'raw HTML or a link in diff --markdown').not.toMatch(/(?<!\\)<[a-z!/]|(?<!\\)\]\(/i);
        // the runner reads no line as a command but the run's own: a group per area, and an annotation per error
        // outside any check (the run bound, the preflight's line) and per cause, ten of each kind at most
        const commands = commandLines(r.stdout);
        for (const line of commands)
          expect(line).toMatch(
            /^::(?:(?:error|warning|notice) title=[^\n]*::|group::[a-z-]+: \d+ passed, \d+ failed, \d+ warned, \d+ errored, \d+ skipped$|endgroup::$)/,
          );
        const broken = (level: string) => causesOf(r.report!.checks).filter((g) => g.level === level).length;
        expect(commands.filter((line) => !/^::(?:end)?group::/.test(line))).toHaveLength(
          Math.min(10, r.report!.errors.length + broken('must')) + Math.min(10, broken('should')),
        );
        // a few curl lines of what was judged, run: nothing but curl, with the key from the variable
        const curls = r.report!.checks.flatMap((c) => c.evidence.map((e) => e.curl)).filter((line) => !line.startsWith('#'));
        for (const line of curls.filter((_, i) => i % Math.ceil(curls.length / 12 || 1) === 0)) {
          const { status, traces, args } = recorder.record(line);
          expect(traces, line).toEqual([]);
          expect(status, line).toBe(0);
          expect(args[0], line).toBe('-sS');
        }
      } finally {
        await fuzzed.close();
      }
    }),
    { seed, numRuns: 3, endOnFailure: true },
  );
}, 600_000);
