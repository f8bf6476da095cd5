// Findings grouped by the requirement they break (brokenRequirements) and by cause (causesOf), and the share of the checks judged
// (judgedShares, --min-judged), as the report model derives them and every format says them; from small
// hand-made reports, no run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EXIT, exitCodeOf } from '../../contract/exit.ts';
import { brokenRequirements, causesOf, judgedShares, type CheckResult, type ConformanceReport, type Outcome } from '../../contract/report.ts';
import { retiredWhy } from '../../contract/retired.ts';
import { schema } from '../../contract/schemas.ts';
import { annotations } from '../../reporters/github.ts';
import { htmlFormat } from '../../reporters/html.ts';
import { reportJson } from '../../reporters/json.ts';
import { junitXml } from '../../reporters/junit.ts';
import { markdownSummary } from '../../reporters/markdown.ts';
import { summaryFormat } from '../../reporters/summary.ts';
import { ConfigError, parseCommand } from '../../src/run/config.ts';

let n = 0;
const check = (outcome: Outcome, more: Partial<CheckResult> = {}): CheckResult => ({
  id: `organisations/check-${n++}`,
  area: 'organisations',
  title: 'ORG-RESPONSE a check',
  requirement: 'ORG-RESPONSE',
  operation: 'getOrganisation',
  level: 'must',
  outcome,
  message: outcome === 'skipped' ? 'not configured: set MOCKAPI_ORGANISATION_ID' : `${outcome}: expected x, actual y`,
  violated: outcome === 'failed' ? ['ORG-RESPONSE'] : outcome === 'warned' ? ['GEN-NO-5XX'] : [],
  notes: [],
  evidence: [],
  durationMs: 1,
  ...more,
});

const reportOf = (checks: CheckResult[], run: Partial<ConformanceReport['run']> = {}): ConformanceReport => {
  const counts = { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0 };
  for (const c of checks) counts[c.outcome]++;
  return {
    tool: { name: 'mockapi-conformance', version: '0.1.0' },
    target: { baseUrl: 'https://api.example.com', profile: 'live', embedded: false },
    run: { seed: 1, runs: 10, strict: false, ...run },
    summary: { ...counts, requests: 3, durationMs: 100 },
    checks,
    errors: [],
  };
};

const consoleOf = (report: ConformanceReport) => {
  let out = '';
  summaryFormat((t) => (out += t)).write(report);
  return out;
};

/** A report whose checks were judged in one area (two of three) and skipped in another (all of it). */
const halfSkipped = (run: Partial<ConformanceReport['run']> = {}) =>
  reportOf(
    [
      check('passed'),
      check('passed'),
      check('errored'),
      ...[0, 1, 2].map(() => check('skipped', { area: 'chaos-settings', requirement: 'CHAOS-STATUS', operation: 'updateChaosSettings' })),
    ],
    run,
  );

describe('findings grouped by the requirement they break', () => {
  test('must-level before should-level, then the most checks, then by id; a check that broke two stands under both', () => {
    const checks = [
      check('warned', { violated: ['GEN-NO-5XX'], operation: 'updateOrganisation' }),
      check('failed', { violated: ['ORG-RESPONSE'] }),
      ...['getOrganisation', 'updateOrganisation', 'getOrganisation'].map((operation) =>
        check('failed', { requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'], operation }),
      ),
      check('failed', { id: 'organisations/two', violated: ['ORG-NAME', 'GEN-NO-5XX'] }),
      check('passed'),
      check('errored'),
    ];
    const groups = brokenRequirements(checks);
    expect(groups.map((g) => [g.requirement, g.level, g.checks.length, g.operations])).toEqual([
      ['AUTH-401-BODY', 'must', 3, ['getOrganisation', 'updateOrganisation']],
      ['ORG-NAME', 'must', 1, ['getOrganisation']],
      ['ORG-RESPONSE', 'must', 1, ['getOrganisation']],
      ['GEN-NO-5XX', 'should', 2, ['updateOrganisation', 'getOrganisation']],
    ]);
    expect(groups[3]!.checks.map((c) => c.id)).toContain('organisations/two');
  });

  test('a failure that names nothing broken stands under the requirement it cites; nothing broken, no group', () => {
    expect(brokenRequirements([check('failed', { violated: [], requirement: 'ORG-NAME' })]).map((g) => g.requirement)).toEqual(['ORG-NAME']);
    expect(brokenRequirements([check('passed'), check('skipped')])).toEqual([]);
  });

  test('the console ends with the causes, most severe first, each one line with its checks and operations, above the closing line', () => {
    const r = reportOf([
      check('failed', { violated: ['ORG-RESPONSE'], title: 'ORG-RESPONSE one' }),
      check('failed', { requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'], operation: 'getLoggedRequest', title: 'AUTH-401-BODY one' }),
      check('failed', { requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'], operation: 'deleteDataSource', title: 'AUTH-401-BODY two' }),
    ]);
    const out = consoleOf(r);
    expect(out).toMatch(
      new RegExp(
        `${[
          '\\nFailed \\(must-level statements broken\\), one line per cause:',
          '  AUTH-401-BODY: 2 checks on getLoggedRequest, deleteDataSource',
          '  ORG-RESPONSE: 1 check on getOrganisation',
          '',
          '0 passed, 3 failed, [^\\n]+\\n',
        ].join('\\n')}$`,
      ),
    );
    // the details above show one check of each cause, the most severe cause first
    expect([...out.matchAll(/^ {2}FAILED \S+: (.+)$/gm)].map((m) => m[1])).toEqual(['AUTH-401-BODY one', 'ORG-RESPONSE one']);
  });

  test('the Markdown summary heads each broken requirement with its checks and operations, the most checks first', () => {
    const r = reportOf([
      check('failed', { violated: ['ORG-RESPONSE'] }),
      check('failed', { requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'] }),
      check('failed', { requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'], operation: 'deleteDataSource' }),
    ]);
    const headings = markdownSummary(r)
      .split('\n')
      .filter((l) => l.startsWith('#### '));
    expect(headings).toEqual(['#### AUTH-401-BODY: 2 checks on getOrganisation, deleteDataSource', '#### ORG-RESPONSE: 1 check on getOrganisation']);
  });

  test('the HTML page opens with the broken requirements, known last, each check a link to its cell, text escaped; then the areas table', () => {
    const r = reportOf([
      check('failed', { id: 'organisations/known', violated: ['ORG-NAME'], requirement: 'ORG-NAME' }),
      check('warned', { violated: ['GEN-NO-5XX'], requirement: 'GEN-NO-5XX', title: 'GEN-NO-5XX <img src=x> \u202e' }),
      check('failed', { violated: ['ORG-RESPONSE'] }),
      check('skipped', { area: 'teams' }),
    ]);
    r.baseline = {
      file: 'b.json',
      known: [{ id: 'organisations/known', outcome: 'failed', expected: 'failed', reason: 'r' }],
      new: [],
      stale: [],
      expired: [],
      unmatched: [],
    };
    const file = join(mkdtempSync(join(tmpdir(), 'conformance-html-')), 'r.html');
    htmlFormat(file, () => {}).write(r);
    const page = readFileSync(file, 'utf8');
    const body = page.slice(0, page.indexOf('<script'));
    expect([...body.matchAll(/<li class="requirement( known)?" data-requirement="([A-Z0-9-]+)">/g)].map((m) => `${m[2]}${m[1] ?? ''}`)).toEqual([
      'ORG-RESPONSE',
      'GEN-NO-5XX',
      'ORG-NAME known',
    ]);
    expect(body).toContain('<a href="#cell-GEN-NO-5XX-getOrganisation">');
    expect(body).toContain('GEN-NO-5XX &lt;img src=x&gt; \\u202e');
    expect(body.indexOf('id="attention"')).toBeLessThan(body.indexOf('id="areas"'));
    expect(body.indexOf('id="areas"')).toBeLessThan(body.indexOf('id="matrix"'));
    expect(body).toMatch(/<tr><td>teams<\/td>(<td>\d+<\/td>){5}<td class="unjudged">not judged<\/td><\/tr>/);
  });

  test('GitHub: ten causes of one check each are ten ::error annotations, however many checks one other cause has', () => {
    const checks = Array.from({ length: 40 }, (_, i) =>
      check('failed', { requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'], id: `authentication/c-${i}` }),
    );
    const r = reportOf([...checks, check('failed', { violated: ['ORG-RESPONSE'] })]);
    expect(annotations(r).lines.map((l) => /title=(\S+)/.exec(l)![1])).toEqual(['AUTH-401-BODY', 'ORG-RESPONSE']);
    expect(annotations(r).lines[0]).toContain(
      'Also broken by authentication/c-1, authentication/c-2, authentication/c-3, authentication/c-4, authentication/c-5 and 34 more',
    );
  });
});

describe('the share judged', () => {
  test('judged is passed, failed or warned; skipped and errored are not judged; a percent is rounded down', () => {
    const r = reportOf([check('passed'), check('failed'), check('warned'), check('errored'), check('skipped'), check('skipped', { area: 'teams' })]);
    expect(judgedShares(r)).toEqual({
      checks: 6,
      judged: 3,
      skipped: 2,
      percent: 50,
      areas: { organisations: { checks: 5, judged: 3, skipped: 1, percent: 60 }, teams: { checks: 1, judged: 0, skipped: 1, percent: 0 } },
    });
    expect(judgedShares(reportOf([check('passed'), check('passed'), check('skipped')])).percent).toBe(66);
    expect(judgedShares(reportOf([])).percent).toBe(0);
  });

  test('the closing line says the share judged and skipped; an area that judged nothing is `not judged`, never `ok`', () => {
    const out = consoleOf(halfSkipped());
    expect(out).toMatch(/\n {2}ERR {8}organisations .* 66% judged\n/);
    expect(out).toMatch(/\n {2}not judged chaos-settings .* 0% judged\n/);
    expect(out).not.toMatch(/^ {2}ok /m);
    expect(out).toMatch(/\n2 passed, 0 failed, 0 warned, 1 errored, 3 skipped: 33% of 6 checks judged, 50% skipped; 3 requests in 0\.1 s\n$/);
  });

  test('--min-judged: a run that judged less exits 4 and its closing line says so; one that judged as much passes', () => {
    const passedOnly = (minJudged: number) =>
      reportOf([check('passed'), check('passed'), check('skipped', { area: 'chaos-settings' }), check('skipped', { area: 'chaos-settings' })], { minJudged });
    expect(exitCodeOf(passedOnly(51))).toBe(EXIT.unjudged);
    expect(consoleOf(passedOnly(51))).toMatch(/: 50% of 4 checks judged \(below --min-judged 51%\), 50% skipped; /);
    expect(exitCodeOf(passedOnly(50))).toBe(EXIT.passed);
    expect(consoleOf(passedOnly(50))).toMatch(/: 50% of 4 checks judged, 50% skipped; /);
    // a failure still says 1: it is the stronger news
    expect(exitCodeOf(reportOf([check('failed'), check('skipped'), check('skipped')], { minJudged: 90 }))).toBe(EXIT.failed);
    // the exact share counts, not the rounded percent: 2 of 3 is below 67
    expect(exitCodeOf(reportOf([check('passed'), check('passed'), check('skipped')], { minJudged: 67 }))).toBe(EXIT.unjudged);
    // against a baseline that holds, too little judged is 4 as well
    const held = passedOnly(80);
    held.baseline = { file: 'b.json', known: [], new: [], stale: [], expired: [], unmatched: [] };
    expect(exitCodeOf(held)).toBe(EXIT.unjudged);
    expect(exitCodeOf({ ...held, run: { ...held.run, minJudged: undefined } })).toBe(EXIT.passed);
  });

  test('the JSON report carries the share judged of all and by area, and the --min-judged asked, as schemas/report.json describes', () => {
    const json = JSON.parse(reportJson(halfSkipped({ minJudged: 80 })));
    expect(Object.keys(json).slice(0, 5)).toEqual(['tool', 'target', 'run', 'summary', 'judged']);
    expect(json.judged).toEqual({
      checks: 6,
      judged: 2,
      skipped: 3,
      percent: 33,
      areas: { organisations: { checks: 3, judged: 2, skipped: 0, percent: 66 }, 'chaos-settings': { checks: 3, judged: 0, skipped: 3, percent: 0 } },
    });
    expect(json.run.minJudged).toBe(80);
    const valid = schema('report.json');
    expect(valid(json), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ ...json, judged: { ...json.judged, percent: 101 } })).toBe(false);
  });

  test('JUnit, Markdown and the HTML page say the share judged, of all and by area', () => {
    const r = halfSkipped();
    const xml = junitXml(r);
    expect(xml).toContain(
      '<testsuites name="mockapi-conformance https://api.example.com" tests="6" failures="0" errors="1" skipped="3" time="0.100">\n  <properties><property name="checks" value="6"/><property name="judged" value="2"/><property name="skipped" value="3"/><property name="judged-percent" value="33"/>',
    );
    expect(xml).toMatch(/<testsuite name="chaos-settings" [^\n]*>\n {4}<properties><property name="checks" value="3"\/><property name="judged" value="0"\/>/);
    const md = markdownSummary(r);
    expect(md).toContain('\n**33% of 6 checks judged, 50% skipped.**\n');
    expect(md).toContain('\n| chaos-settings | 0 | 0 | 0 | 0 | 3 | 0% (not judged) |\n');
    expect(md).toContain('\n| organisations | 2 | 0 | 0 | 1 | 0 | 66% |\n');
  });

  test('--min-judged is a whole percent from 0 to 100, from the flag or MOCKAPI_MIN_JUDGED', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-min-judged-'));
    expect(parseCommand(['--min-judged', '80'], {}, cwd).config.minJudged).toBe(80);
    expect(parseCommand([], { MOCKAPI_MIN_JUDGED: '0' }, cwd).config.minJudged).toBe(0);
    expect(() => parseCommand(['--min-judged', '101'], {}, cwd)).toThrow(ConfigError);
    expect(() => parseCommand(['--min-judged', '50%'], {}, cwd)).toThrow('--min-judged must be a whole number of percent from 0 to 100, not "50%"');
  });
});

test("the console's details show the first check of each cause, never a second of one, and say how many the reports hold", () => {
  const many = Array.from({ length: 25 }, () => check('failed', { violated: ['AUTH-401-BODY'], requirement: 'AUTH-401-BODY' }));
  const lone = check('failed', { violated: ['ORG-EMAIL'], requirement: 'ORG-EMAIL' });
  const out = consoleOf(reportOf([...many, lone]));
  const shown = [...out.matchAll(/^ {2}FAILED (\S+):/gm)].map((m) => m[1]);
  expect(shown).toEqual([many[0]!.id, lone.id]);
  expect(out).toContain('\n  (26 checks in all: --report-json, --report-junit or --report-markdown hold every one)\n');
});

describe('one cause: a requirement broken with one answer', () => {
  const said = (requirement: string, actual: string) =>
    `[${requirement}] (must) Authentication: "The 401 body is plain text …"\n  expected: a text stating that credentials are required\n  actual:   ${actual}\n  reproduce: curl …`;
  const body = (actual: string, more: Partial<CheckResult> = {}) =>
    check('failed', { requirement: 'AUTH-401-MISSING', violated: ['AUTH-401-BODY'], message: said('AUTH-401-BODY', actual), ...more });

  test('checks of one requirement and one answer are one cause, whatever requirement they cite; another answer is another cause', () => {
    const checks = [
      body('"Unauthorized."'),
      body('"Unauthorized."', { requirement: 'AUTH-401-INVALID', operation: 'deleteDataSource' }),
      body('"Unauthorized."', { requirement: 'AUTH-SEPARATOR', operation: 'updateChaosSettings' }),
      body('"Go away."'),
    ];
    const causes = causesOf(checks);
    expect(causes.map((c) => [c.requirement, c.actual, c.expected, c.checks.length, c.operations])).toEqual([
      ['AUTH-401-BODY', '"Unauthorized."', 'a text stating that credentials are required', 3, ['getOrganisation', 'deleteDataSource', 'updateChaosSettings']],
      ['AUTH-401-BODY', '"Go away."', 'a text stating that credentials are required', 1, ['getOrganisation']],
    ]);
  });

  test('a check that broke two requirements stands under the cause of each; a message that states no violation groups by requirement', () => {
    const two = check('failed', {
      violated: ['AUTH-401-BODY', 'GEN-JSON'],
      message: `${said('AUTH-401-BODY', '"x"')}\n${said('GEN-JSON', 'text/html')}`,
    });
    expect(causesOf([two]).map((c) => [c.requirement, c.actual])).toEqual([
      ['AUTH-401-BODY', '"x"'],
      ['GEN-JSON', 'text/html'],
    ]);
    expect(causesOf([check('failed'), check('failed')]).map((c) => [c.requirement, c.actual, c.checks.length])).toEqual([['ORG-RESPONSE', '', 2]]);
  });

  test('137 checks of one cause are one line in the console, one heading in Markdown, one annotation, one cause in JUnit', () => {
    const r = reportOf(Array.from({ length: 137 }, (_, i) => body('"Unauthorized."', { id: `authentication/c-${i}`, area: 'authentication' })));
    const out = consoleOf(r);
    expect(out.match(/^ {2}AUTH-401-BODY: /gm)).toHaveLength(1);
    expect(out).toContain('  AUTH-401-BODY: 137 checks on getOrganisation; actual "Unauthorized.", expected a text stating that credentials are required\n');
    const md = markdownSummary(r);
    expect(md.match(/^#### /gm)).toHaveLength(1);
    expect(md).toContain('**❌ FAILED**: 137 failed, 0 warned, 0 errored, 0 passed, 0 skipped, from 1 cause.');
    expect(annotations(r).lines).toHaveLength(1);
    const xml = junitXml(r);
    expect(xml.match(/<property name="cause" value="AUTH-401-BODY: 137 checks/g)).toHaveLength(1);
    expect(xml).toContain('<property name="causes" value="1"/>');
    expect(xml.match(/<property name="cause" value="AUTH-401-BODY: actual &quot;Unauthorized\.&quot;"\/>/g)).toHaveLength(137);
  });
});

describe('stale baseline entries', () => {
  const stale = () => {
    const checks = Array.from({ length: 148 }, (_, i) => check('passed', { id: `authentication/s-${i}` }));
    const r = reportOf(checks);
    r.baseline = {
      file: 'conformance/baseline.json',
      known: [],
      new: [],
      stale: checks.map((c) => ({ id: c.id, outcome: 'passed' as const, expected: 'failed' as const, reason: 'answers 201' })),
      expired: [],
      unmatched: [],
    };
    return r;
  };

  test('fail the run, and the closing line names them and how to prune; the console names ten and counts the rest', () => {
    const r = stale();
    expect(exitCodeOf(r)).toBe(EXIT.failed);
    const lines = consoleOf(r).trimEnd().split('\n');
    expect(lines.at(-1)).toBe(
      '148 passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of 148 checks judged, 0% skipped; 3 requests in 0.1 s; 148 stale entries of the baseline (the checks pass now): prune them with --update-baseline conformance/baseline.json',
    );
    expect(lines.filter((l) => l.startsWith('  stale: '))).toHaveLength(10);
    expect(lines).toContain('  … and 138 more stale: prune them with --update-baseline conformance/baseline.json');
  });

  test('are one ::error annotation, and the Markdown verdict line names them', () => {
    const r = stale();
    expect(annotations(r).lines).toEqual([
      '::error title=148 stale entries of conformance/baseline.json::authentication/s-0, authentication/s-1, authentication/s-2, authentication/s-3, authentication/s-4 and 143 more passed: prune them with --update-baseline conformance/baseline.json',
    ]);
    expect(markdownSummary(r).split('\n')[2]).toBe(
      '**❌ FAILED**: 0 failed, 0 warned, 0 errored, 148 passed, 0 skipped; 148 stale entries of the baseline (the checks pass now): prune them with --update-baseline conformance/baseline.json.',
    );
  });
});

test('a baseline entry of a retired check id says it was retired, why, and to remove it; an unknown one is not reported', () => {
  const r = reportOf([check('passed')]);
  const retired = 'identifiers/updateChaosSettings/body-not-json-answered-invalid-json';
  r.baseline = { file: 'b.json', known: [], new: [], stale: [], expired: [], unmatched: [retired, 'organisations/gone'] };
  const out = consoleOf(r);
  expect(out).toContain(`  retired: ${retired} (${retiredWhy(retired)}); remove its entry\n`);
  expect(out).toContain('  not reported by this run: organisations/gone\n');
  expect(exitCodeOf(r)).toBe(EXIT.passed);
});
