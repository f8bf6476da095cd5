// A run that judged nothing (exits 2, 3, 4 before any result, 5) writes every report asked for, each saying why
// and with what exit code; and the reports a refused configuration still asks for are read leniently.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type TestSuites } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { schema } from '../../contract/schemas.ts';
import { exitCodeOf } from '../../contract/exit.ts';
import type { ConformanceReport } from '../../contract/report.ts';
import { ConfigError, parseCommand, reportSettings } from '../../src/run/config.ts';
import type { UnjudgedSettings } from '../../src/run/config.ts';
import { unjudgedReport, writeUnjudged } from '../../src/run/unjudged-run.ts';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'conformance-unjudged-'));

const settings = (more: Partial<UnjudgedSettings> = {}): UnjudgedSettings => ({
  baseUrl: 'https://api.example.test',
  profile: 'live',
  strict: false,
  reportJson: undefined,
  reportJunit: undefined,
  reportMarkdown: undefined,
  reportHtml: undefined,
  github: undefined,
  ...more,
});

/** A reason as a deployment may shape it: a percent sign, a line end and a terminal control in what it quoted. */
const REASON = 'cannot reach https://api.example.test: it answered "50%\nof \u001b[31mnothing"';

describe('unjudgedReport', () => {
  test('no check, the reason in errors and exit with the exit code, held to schemas/report.json, and the exit code its own', () => {
    const report = unjudgedReport(settings(), { exitCode: 3, reason: REASON });
    expect(schema('report.json')(report)).toBe(true);
    expect(report).toMatchObject({
      target: { baseUrl: 'https://api.example.test', profile: 'live', embedded: false },
      run: { seed: 0, runs: 0, strict: false },
      checks: [],
      errors: [REASON],
      exit: { code: 3, reason: REASON },
    });
    expect(exitCodeOf(report)).toBe(3);
  });

  test('the address reached for when there is one; no base URL is the embedded reference; a key in the reason is redacted', () => {
    const embedded = unjudgedReport(settings({ baseUrl: undefined, token: 'a-secret-key-42' }), {
      exitCode: 5,
      reason: 'refused a-secret-key-42',
      baseUrl: 'http://127.0.0.1:4000',
    });
    expect(embedded.target).toEqual({ baseUrl: 'http://127.0.0.1:4000', profile: 'live', embedded: true });
    expect(embedded.exit!.reason).toBe('refused $MOCKAPI_TOKEN');
    const none = unjudgedReport(settings({ baseUrl: undefined, embedded: false }), { exitCode: 2, reason: 'x' });
    expect(none.target).toEqual({ baseUrl: 'http://not-started.invalid', profile: 'live', embedded: false });
    expect(schema('report.json')(none)).toBe(true);
  });
});

describe('writeUnjudged', () => {
  test('every format asked for has the reason and the exit code, escaped by its own rule; no console summary', async () => {
    const dir = emptyDir();
    const [json, junit, markdown, html, stepSummary] = ['r.json', 'r.xml', 'r.md', 'r.html', 'step.md'].map((f) => join(dir, f)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    writeFileSync(stepSummary, '# earlier steps\n');
    const out: string[] = [];
    const files = { reportJson: json, reportJunit: junit, reportMarkdown: markdown, reportHtml: html, github: { stepSummary } };
    await writeUnjudged(settings(files), { exitCode: 3, reason: REASON }, (t) => out.push(t));

    const written = JSON.parse(readFileSync(json, 'utf8')) as ConformanceReport;
    expect(written.exit).toEqual({ code: 3, reason: REASON });
    expect(written.errors).toEqual([REASON]);

    const suites = (await parse(readFileSync(junit, 'utf8'))) as TestSuites;
    expect({ tests: suites.tests, failures: suites.failures, errors: suites.errors }).toEqual({ tests: 1, failures: 0, errors: 1 });
    const [only] = suites.testsuite!.flatMap((s) => s.testcase ?? []);
    expect(only!.name).toBe('nothing judged (exit 3)');
    expect(only!.error![0]!.message).toBe('cannot reach https://api.example.test: it answered "50%');
    expect(only!.error![0]!.inner).toBe(REASON.replace('\u001b', '\\x1b'));

    const md = readFileSync(markdown, 'utf8');
    expect(md).toContain('nothing judged (exit 3)');
    expect(md).toContain('- cannot reach https://api.example.test: it answered "50% of \\x1b\\[31mnothing"');
    expect(readFileSync(stepSummary, 'utf8')).toBe(`# earlier steps\n${md}`);

    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<strong>NOTHING JUDGED (exit 3)</strong>');
    expect(page).toContain('<li>cannot reach https://api.example.test: it answered &quot;50%\nof \\x1b[31mnothing&quot;</li>');

    expect(out).toEqual([
      `JSON report: ${json}\n`,
      `JUnit report: ${junit}\n`,
      `Markdown summary: ${markdown}\n`,
      `HTML report: ${html}\n`,
      // GitHub's escapeData: % and the line end escaped, the control shown inert; its title as a property
      '::error title=nothing judged (exit 3)::cannot reach https://api.example.test: it answered "50%25%0Aof \\x1b[31mnothing"\n',
    ]);
  });

  test('nothing asked for: nothing written, nothing said', async () => {
    const out: string[] = [];
    await writeUnjudged(settings(), { exitCode: 5, reason: REASON }, (t) => out.push(t));
    expect(out).toEqual([]);
  });
});

describe('reportSettings: the reports a refused configuration asked for', () => {
  const refused = (argv: string[], env: Record<string, string>, cwd: string) => {
    expect(() => parseCommand(argv, env, cwd)).toThrow(ConfigError);
    return reportSettings(argv, env, cwd);
  };

  test('each report path from where it is given, though another setting is refused; the target as given', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), `MOCKAPI_REPORT_MARKDOWN=${join(cwd, 'from-dotenv.md')}\n`);
    const env = { MOCKAPI_REPORT_JUNIT: join(cwd, 'r.xml'), MOCKAPI_FORBIDDEN_TOKEN: 'k', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(cwd, 's.md') };
    // an unknown flag, and a key without a base URL; --strict still counts
    expect(refused(['--bse-url', 'http://x.test', '--report-json', join(cwd, 'r.json'), '--strict', '--profile', 'mock'], env, cwd)).toEqual({
      baseUrl: undefined,
      profile: 'mock',
      strict: true,
      embedded: false,
      reportJson: join(cwd, 'r.json'),
      reportJunit: join(cwd, 'r.xml'),
      reportMarkdown: join(cwd, 'from-dotenv.md'),
      reportHtml: undefined,
      github: { stepSummary: join(cwd, 's.md') },
    });
  });

  test('a report path that is itself invalid is left out, the others kept; a flag without its value sets nothing', () => {
    const cwd = emptyDir();
    const read = refused(['--report-json', '/no/such/dir/r.json', '--report-junit', join(cwd, 'r.xml'), '--report-html'], {}, cwd);
    expect([read.reportJson, read.reportJunit, read.reportHtml]).toEqual([undefined, join(cwd, 'r.xml'), undefined]);
    expect(read.embedded).toBe(true);
  });

  test('a base URL that is not one is no target and no embedded reference; a bad step summary leaves the annotations', () => {
    const cwd = emptyDir();
    const read = refused(['--base-url', 'ftp://x.test'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '/no/such/dir/s.md' }, cwd);
    expect(read).toMatchObject({ baseUrl: undefined, embedded: false, github: { stepSummary: undefined } });
    expect(refused(['--base-url', 'https://api.example.test/', '--token', ' '], {}, cwd)).toMatchObject({ baseUrl: 'https://api.example.test' });
  });
});
