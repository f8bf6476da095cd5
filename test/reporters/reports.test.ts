// The report formats: JUnit XML read back by a JUnit parser (junit2json, on xml2js), the Markdown summary,
// GitHub annotations and step summary; from a report that has every outcome, and from a real run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type TestCase, type TestSuites } from 'junit2json';
import { describe, expect, test } from 'vitest';
import { REQUIREMENTS } from '../../contract/requirements.ts';
import { OPERATION_IDS, schema } from '../../contract/schemas.ts';
import { causesOf, type CheckResult, type ConformanceReport, type Outcome } from '../../contract/report.ts';
import { annotations, areaGroups, githubFormat, moreLine, withoutCommands } from '../../reporters/github.ts';
import type { ReportFile } from '../../reporters/json.ts';
import { junitFormat, junitXml, wallTimeMs, xmlText } from '../../reporters/junit.ts';
import { markdownCell, markdownFormat, markdownSummary } from '../../reporters/markdown.ts';
import { connectionsSaid, FEW_REQUESTS_PER_CONNECTION, MANY_CONNECTIONS, summaryFormat } from '../../reporters/summary.ts';
import { htmlFormat } from '../../reporters/html.ts';
import { statementsMarkdown } from '../../contract/statements-report.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

const check = (outcome: Outcome, more: Partial<CheckResult> = {}): CheckResult => ({
  id: `chaos-settings/${outcome}-check`,
  area: 'chaos-settings',
  title: `CHAOS-STATUS a ${outcome} check`,
  requirement: 'CHAOS-STATUS',
  operation: 'updateChaosSettings',
  level: 'must',
  outcome,
  message: {
    passed: '',
    failed:
      '[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."\n  expected: status 200\n  actual:   status 201 <b>&amp;</b> \u0001\n  reproduce: curl -sS -i -X PUT \'http://127.0.0.1:1/v1/x\'',
    warned: '[GEN-NO-5XX] (should) Errors: "…"\n  expected: a 4xx\n  actual:   500',
    errored: 'the deployment gave no HTTP answer: the connection was reset',
    skipped: 'not configured: set MOCKAPI_MOCK_API_ID',
  }[outcome],
  violated: outcome === 'failed' ? ['CHAOS-STATUS'] : outcome === 'warned' ? ['GEN-NO-5XX'] : [],
  notes: [],
  evidence: [],
  startedAt: '2026-11-23T10:00:00.000Z',
  durationMs: 12,
  ...more,
});

const report = (strict = false): ConformanceReport => ({
  tool: { name: 'mockapi-conformance', version: '0.1.0' },
  target: { baseUrl: 'https://api.example.com', profile: 'live', embedded: false },
  run: { seed: 1, runs: 10, strict },
  summary: { passed: 1, failed: 1, warned: 1, errored: 1, skipped: 1, requests: 9, durationMs: 100 },
  checks: (['passed', 'failed', 'warned', 'errored', 'skipped'] as const).map((o) =>
    check(o, o === 'warned' ? { level: 'should', requirement: 'GEN-NO-5XX', area: 'identifiers', id: 'identifiers/warned-check' } : {}),
  ),
  errors: [],
});

/** The root <testsuites>, as the parser reads it (it drops the root element's name). */
const suitesOf = async (xml: string) => (await parse(xml)) as TestSuites;

const cases = async (xml: string): Promise<Map<string, TestCase>> =>
  new Map(((await suitesOf(xml)).testsuite ?? []).flatMap((s) => s.testcase ?? []).map((c) => [String(c.name).split(' ')[0]!, c]));

describe('JUnit XML', () => {
  test('is read by a JUnit parser: one testcase per check, each outcome as JUnit has it, counts per suite', async () => {
    const xml = junitXml(report());
    const suites = await suitesOf(xml);
    expect({ tests: suites.tests, failures: suites.failures, errors: suites.errors }).toEqual({ tests: 5, failures: 1, errors: 1 });
    expect(suites.testsuite!.map((s) => [s.name, s.tests, s.failures, s.errors, s.skipped])).toEqual([
      ['chaos-settings', 4, 1, 1, 1],
      ['identifiers', 1, 0, 0, 0],
    ]);
    const byId = await cases(xml);
    expect(byId.get('chaos-settings/passed-check')).not.toHaveProperty('failure');
    const failed = byId.get('chaos-settings/failed-check')!;
    expect(failed.classname).toBe('chaos-settings');
    expect(failed.name).toBe('chaos-settings/failed-check CHAOS-STATUS a failed check');
    expect(failed.failure![0]!.message).toBe('[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."');
    // the markup in an answer is text, and a control character is shown escaped (contract/untrusted.ts)
    expect(failed.failure![0]!.inner).toContain('actual:   status 201 <b>&amp;</b> \\x01\n');
    expect(failed.failure![0]!.inner).toContain("reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'");
    expect(byId.get('chaos-settings/errored-check')!.error![0]!.message).toBe('the deployment gave no HTTP answer: the connection was reset');
    expect(byId.get('chaos-settings/skipped-check')!.skipped![0]!.message).toBe('not configured: set MOCKAPI_MOCK_API_ID');
    // JUnit has no warning: a passed case that says so in its output and its properties
    const warned = byId.get('identifiers/warned-check')!;
    expect(warned).not.toHaveProperty('failure');
    expect(warned['system-out']![0]).toMatch(/^warning: \[GEN-NO-5XX\] \(should\)/);
    expect(xml).toContain('<property name="outcome" value="warned"/>');
  });

  test("times are wall time: a suite from its first start to its last end, the root the run's own", async () => {
    const r = report();
    r.checks = [
      check('failed', { startedAt: '2026-11-23T10:00:00.000Z', durationMs: 2000 }),
      check('passed', { startedAt: '2026-11-23T10:00:01.000Z', durationMs: 2500 }),
      check('errored', { startedAt: '2026-11-23T10:00:00.500Z', durationMs: 1000 }),
    ];
    expect(wallTimeMs(r.checks)).toBe(3500);
    const suites = await suitesOf(junitXml(r));
    expect(suites.testsuite![0]!.time).toBe(3.5);
    expect(suites.time).toBe(0.1);
  });

  test("a testcase's time is the check's own (ownMs), not its time since it started among the others", async () => {
    const r = report();
    r.checks = [check('passed', { startedAt: '2026-11-23T10:00:00.000Z', durationMs: 6500, ownMs: 40 })];
    const suites = await suitesOf(junitXml(r));
    expect(suites.testsuite![0]!.testcase![0]!.time).toBe(0.04);
    expect(suites.testsuite![0]!.time).toBe(6.5);
  });

  test('with --strict a warning is a failure of type warning, counted as a failure in its suite and in all', async () => {
    const xml = junitXml(report(true));
    const warned = (await cases(xml)).get('identifiers/warned-check')!;
    expect(warned.failure![0]!.type).toBe('warning');
    expect(warned.failure![0]!.message).toBe('[GEN-NO-5XX] (should) Errors: "…"');
    expect(warned).not.toHaveProperty('system-out');
    const suites = await suitesOf(xml);
    expect(suites.failures).toBe(2);
    expect(suites.testsuite!.map((s) => [s.name, s.failures])).toEqual([
      ['chaos-settings', 1],
      ['identifiers', 1],
    ]);
  });

  test('the whole XML of a strict run: a warning and a failure each a <failure> of their type, an error, a skip, a passed check with and without notes', () => {
    const r = report(true);
    r.target = { ...r.target, baseUrl: 'http://127.0.0.1:8080' };
    r.checks = [
      check('passed', { id: 'b/quiet', area: 'b', title: 'T quiet', startedAt: undefined }),
      check('failed', { id: 'b/failed', area: 'b', title: 'T failed', message: `${'x'.repeat(600)}\nsecond`, startedAt: '2026-11-23T10:00:02.000Z' }),
      check('warned', {
        id: 'b/warned',
        area: 'b',
        title: 'T warned',
        level: 'should',
        requirement: 'GEN-NO-5XX',
        message: 'w',
        startedAt: '2026-11-23T10:00:01.250Z',
      }),
      check('errored', { id: 'c/errored', area: 'c', title: 'T errored', message: 'e', startedAt: undefined }),
      check('skipped', { id: 'c/skipped', area: 'c', title: 'T skipped', message: 's', startedAt: undefined }),
      check('passed', { id: 'c/noted', area: 'c', title: 'T noted', notes: ['n'], startedAt: undefined, durationMs: 1000 }),
    ];
    const props = (c: CheckResult, cause?: string) =>
      `<properties><property name="id" value="${c.id}"/><property name="requirement" value="${c.requirement}"/><property name="level" value="${c.level}"/><property name="outcome" value="${c.outcome}"/>${cause ? `<property name="cause" value="${cause}"/>` : ''}</properties>`;
    const [quiet, failed, warned, errored, skipped, noted] = r.checks as [CheckResult, CheckResult, CheckResult, CheckResult, CheckResult, CheckResult];
    const share = (checks: number, judged: number, skipped: number, percent: number) =>
      `<properties><property name="checks" value="${checks}"/><property name="judged" value="${judged}"/><property name="skipped" value="${skipped}"/><property name="judged-percent" value="${percent}"/></properties>`;
    expect(junitXml(r)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="mockapi-conformance http://127.0.0.1:8080" tests="6" failures="2" errors="1" skipped="1" time="0.100">',
        // how much was judged: of the run at the root, of its area in each suite; at the root also what repeats the
        // run and each cause once, with the checks it explains
        `  ${share(6, 4, 1, 66).replace(
          '</properties>',
          [
            '<property name="seed" value="1"/><property name="runs" value="10"/><property name="rerun" value="--seed 1 --runs 10"/>',
            '<property name="causes" value="2"/><property name="cause" value="CHAOS-STATUS: 1 check on updateChaosSettings"/>',
            '<property name="cause" value="GEN-NO-5XX: 1 check on updateChaosSettings"/></properties>',
          ].join(''),
        )}`,
        '  <testsuite name="b" tests="3" failures="2" errors="0" skipped="0" time="0.762" timestamp="2026-11-23T10:00:01" hostname="127.0.0.1:8080">',
        `    ${share(3, 3, 0, 100)}`,
        `    <testcase classname="b" name="b/quiet T quiet" time="0.012">\n      ${props(quiet)}\n    </testcase>`,
        `    <testcase classname="b" name="b/failed T failed" time="0.012">\n      ${props(failed, 'CHAOS-STATUS')}\n      <failure message="${'x'.repeat(500)}" type="must">${'x'.repeat(600)}\nsecond</failure>\n    </testcase>`,
        `    <testcase classname="b" name="b/warned T warned" time="0.012">\n      ${props(warned, 'GEN-NO-5XX')}\n      <failure message="w" type="warning">w</failure>\n    </testcase>`,
        '  </testsuite>',
        '  <testsuite name="c" tests="3" failures="0" errors="1" skipped="1" time="1.000" hostname="127.0.0.1:8080">',
        `    ${share(3, 1, 1, 33)}`,
        `    <testcase classname="c" name="c/errored T errored" time="0.012">\n      ${props(errored)}\n      <error message="e" type="could-not-judge">e</error>\n    </testcase>`,
        `    <testcase classname="c" name="c/skipped T skipped" time="0.012">\n      ${props(skipped)}\n      <skipped message="s"/>\n    </testcase>`,
        `    <testcase classname="c" name="c/noted T noted" time="1.000">\n      ${props(noted)}\n      <system-out>n</system-out>\n    </testcase>`,
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
    // not strict: the warning is a passed case that says so
    expect(junitXml({ ...r, run: { ...r.run, strict: false } })).toContain(
      `${props(warned, 'GEN-NO-5XX')}\n      <system-out>warning: w</system-out>\n    </testcase>`,
    );
  });

  test('each of the five markup characters is escaped, a terminal control shown inert, a character XML cannot carry dropped', () => {
    expect(xmlText(`<a href="x" title='y'>&</a>\u0001\u0000\ufffe\t\n`)).toBe('&lt;a href=&quot;x&quot; title=&apos;y&apos;&gt;&amp;&lt;/a&gt;\\x01\\x00\t\n');
  });

  test('times in seconds to the millisecond, the earliest start as the timestamp, the host, the notes of a passed check, and errors outside any check', async () => {
    const r = report();
    r.checks[0] = { ...r.checks[0]!, notes: ['answered 204', 'no body'], durationMs: 1234, startedAt: '2026-11-23T09:59:59.500Z' };
    r.errors = ['suites/x.ts: could not load\nsecond line', 'another'];
    const xml = junitXml(r);
    expect(xml).toContain('<testcase classname="chaos-settings" name="chaos-settings/passed-check CHAOS-STATUS a passed check" time="1.234">');
    expect(xml).toContain('<system-out>answered 204\nno body</system-out>');
    expect(xml).toMatch(
      /<testsuite name="chaos-settings" tests="4" failures="1" errors="1" skipped="1" time="1\.234" timestamp="2026-11-23T09:59:59" hostname="api\.example\.com">/,
    );
    expect(xml).toContain(
      '<testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">\n    <testcase classname="run" name="errors outside any check" time="0">\n      <error message="suites/x.ts: could not load" type="run">suites/x.ts: could not load\nsecond line\nanother</error>',
    );
    const suites = await suitesOf(xml);
    expect({ tests: suites.tests, errors: suites.errors }).toEqual({ tests: 6, errors: 2 });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mockapi-conformance https://api.example.com" ')).toBe(true);
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-junit-'));
    const said: string[] = [];
    junitFormat(join(dir, 'j.xml'), (t) => said.push(t)).write(r);
    expect(readFileSync(join(dir, 'j.xml'), 'utf8')).toBe(xml);
    expect(said).toEqual([`JUnit report: ${join(dir, 'j.xml')}\n`]);
  });

  test('a run of the embedded reference names it in its root, as every other report does', () => {
    expect(junitXml({ ...report(), target: { ...report().target, embedded: true } })).toContain(
      '<testsuites name="mockapi-conformance https://api.example.com (embedded reference deployment)" ',
    );
  });
});

describe('GitHub Actions', () => {
  test('one ::error per must-level requirement broken and one ::warning per should-level one, newlines and colons escaped', () => {
    expect(annotations(report()).lines).toEqual([
      `::error title=CHAOS-STATUS (must)%3A 1 check on updateChaosSettings::chaos-settings/failed-check: [CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."%0A  expected: status 200%0A  actual:   status 201 <b>&amp;</b> \\x01%0A  reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'`,
      '::warning title=GEN-NO-5XX (should)%3A 1 check on updateChaosSettings::identifiers/warned-check: [GEN-NO-5XX] (should) Errors: "…"%0A  expected: a 4xx%0A  actual:   500',
    ]);
    expect(annotations(report(true)).lines[1]).toMatch(/^::error title=GEN-NO-5XX \(should\)/);
  });

  test('one cause takes one annotation: a requirement broken on nine operations is one ::error naming them and its nine checks, the others each get theirs', () => {
    const r: ConformanceReport = { ...report(), checks: [] };
    for (const operation of OPERATION_IDS)
      r.checks.push(check('failed', { id: `authentication/body-${operation}`, requirement: 'AUTH-401-BODY', violated: ['AUTH-401-BODY'], operation }));
    r.checks.push(
      check('failed', { id: 'organisations/response', requirement: 'ORG-RESPONSE', violated: ['ORG-RESPONSE'], operation: 'getOrganisation' }),
      check('failed', { id: 'logged-requests/uuid', requirement: 'ID-REQUEST-UUID', violated: ['ID-REQUEST-UUID'], operation: 'getLoggedRequest' }),
      check('failed', { id: 'data-sources/last-updated', requirement: 'DS-LAST-UPDATED', violated: ['DS-LAST-UPDATED'], operation: 'updateDataSource' }),
      check('warned', { id: 'identifiers/five', level: 'should', requirement: 'GEN-NO-5XX', violated: ['GEN-NO-5XX'] }),
    );
    const { lines, more } = annotations(r);
    expect(lines.map((l) => /^::(\w+) title=([A-Z0-9-]+) \((\w+)\)%3A (\d+) check/.exec(l)!.slice(1))).toEqual([
      ['error', 'AUTH-401-BODY', 'must', '9'],
      ['error', 'DS-LAST-UPDATED', 'must', '1'],
      ['error', 'ID-REQUEST-UUID', 'must', '1'],
      ['error', 'ORG-RESPONSE', 'must', '1'],
      ['warning', 'GEN-NO-5XX', 'should', '1'],
    ]);
    expect(lines[0]).toContain(`on ${OPERATION_IDS.join('%2C ')}::authentication/body-${OPERATION_IDS[0]}: `);
    expect(lines[0]).toContain(
      `%0A%0AAlso broken by ${OPERATION_IDS.slice(1, 6)
        .map((o) => `authentication/body-${o}`)
        .join(', ')} and 3 more`,
    );
    expect(more).toEqual({ error: 0, warning: 0, notice: 0 });
  });

  test('at most ten of each kind: must-level requirements first, the most checks first, new before known, and a line saying how many more', () => {
    const many: ConformanceReport = { ...report(true), checks: [] };
    // fourteen must-level requirements, the later ones broken by more checks; three should-level ones
    const must = REQUIREMENTS.filter((q) => q.level === 'must').slice(0, 14);
    must.forEach((q, i) => {
      for (let n = 0; n <= i; n++) many.checks.push(check('failed', { id: `chaos-settings/failed-${i}-${n}`, requirement: q.id, violated: [q.id] }));
    });
    const should = REQUIREMENTS.filter((q) => q.level === 'should').slice(0, 3);
    for (const q of should) many.checks.push(check('warned', { id: `identifiers/${q.id}`, level: 'should', requirement: q.id, violated: [q.id] }));
    // the first requirement's one check is known: a notice, and no new failure gives way to it
    many.baseline = {
      file: 'b.json',
      known: [{ id: 'chaos-settings/failed-0-0', outcome: 'failed' as const, expected: 'failed' as const, reason: 'known' }],
      new: [],
      stale: [],
      expired: [],
      unmatched: [],
    };
    const { lines, more } = annotations(many);
    const errors = lines.filter((l) => l.startsWith('::error'));
    // the ten must-level requirements broken by the most checks, before any warning made an error by --strict
    expect(errors.map((l) => /title=(\S+) /.exec(l)![1])).toEqual(
      must
        .slice(4)
        .reverse()
        .map((q) => q.id),
    );
    expect(lines.filter((l) => l.startsWith('::notice'))).toEqual([
      expect.stringMatching(
        new RegExp(`^::notice title=${must[0]!.id} \\(must\\)%3A 1 check on updateChaosSettings::known \\(b.json\\): chaos-settings/failed-0-0: `),
      ),
    ]);
    expect(more).toEqual({ error: 3 + should.length, warning: 0, notice: 0 });
    expect(moreLine(more, true)).toBe('GitHub shows 10 annotations of each kind: 6 more errors than annotated are in the step summary and the reports');
    expect(moreLine({ error: 0, warning: 0, notice: 0 }, true)).toBe('');
  });

  test('stale entries and expired ones whose check passed are errors too, one annotation for each kind: each fails the run', () => {
    const r: ConformanceReport = { ...report(), checks: [check('passed', { id: 'chaos-settings/fixed' }), check('passed', { id: 'chaos-settings/expired' })] };
    const about = { outcome: 'passed' as const, expected: 'failed' as const, reason: 'r' };
    r.baseline = {
      file: 'b.json',
      known: [],
      new: [],
      stale: [{ id: 'chaos-settings/fixed', ...about }],
      expired: [{ id: 'chaos-settings/expired', ...about, expires: '2026-01-01' }],
      unmatched: [],
    };
    expect(annotations(r).lines).toEqual([
      '::error title=1 stale entry of b.json::chaos-settings/fixed passed: prune it with --update-baseline b.json',
      '::error title=1 expired entry of b.json::chaos-settings/expired passed: remove it from the baseline',
    ]);
  });

  test('an error outside any check (the run stopped at its bound) is an ::error, before those of the checks', () => {
    const r = report();
    r.errors = ['the run was stopped after 3 s (--run-timeout-ms): 100%\ndone'];
    expect(annotations(r).lines.slice(0, 2)).toEqual([
      '::error title=error outside any check::the run was stopped after 3 s (--run-timeout-ms): 100%25%0Adone',
      expect.stringMatching(/^::error title=CHAOS-STATUS \(must\)%3A 1 check on updateChaosSettings::chaos-settings\/failed-check: /),
    ]);
  });

  test('the log is folded in one ::group:: per area, each check that did not pass inside, inert', () => {
    const out: string[] = [];
    areaGroups(report(), (t) => out.push(t));
    const text = out.join('');
    expect(text).toMatch(
      /^::group::chaos-settings: 1 passed, 1 failed, 0 warned, 1 errored, 1 skipped\n::stop-commands::([0-9a-f]{32})\n[\s\S]*FAILED chaos-settings\/failed-check[\s\S]*\n::\1::\n::endgroup::\n::group::identifiers: /,
    );
  });

  test("in the message %, CR and LF escaped; in the title also : and , (GitHub's escapeData and escapeProperty)", () => {
    const odd = check('failed', {
      id: 'chaos-settings/a:b,c%d',
      violated: ['CHAOS-STATUS', 'GEN-NO-5XX'],
      message: 'expected: 100%\r\nactual: 50%, then\nmore',
    });
    expect(annotations({ ...report(), checks: [odd] }).lines).toEqual([
      // the message keeps its colons and commas: only a property value (the title) escapes them
      '::error title=CHAOS-STATUS (must)%3A 1 check on updateChaosSettings::chaos-settings/a:b,c%25d: expected: 100%25%0D%0Aactual: 50%25, then%0Amore',
      '::warning title=GEN-NO-5XX (should)%3A 1 check on updateChaosSettings::chaos-settings/a:b,c%25d: expected: 100%25%0D%0Aactual: 50%25, then%0Amore',
    ]);
  });

  test('a title with a colon, a comma, a percent sign and a line end is escaped as a property; a message as data', () => {
    const r = report();
    r.checks = [check('failed', { id: 'area/50%:half', violated: ['CHAOS-STATUS'], operation: 'a,b:c%', message: 'took 100% of it: a,b\r\nnext' })];
    expect(annotations(r).lines).toEqual(['::error title=CHAOS-STATUS (must)%3A 1 check on a%2Cb%3Ac%25::area/50%25:half: took 100%25 of it: a,b%0D%0Anext']);
    r.checks = [check('failed', { id: 'area/x', violated: ['A\nB'], message: '\u001b[31m' })];
    expect(annotations(r).lines).toEqual(['::error title=A%0AB (must)%3A 1 check on updateChaosSettings::area/x: \\x1b[31m']);
  });

  test("the output that holds a deployment's text is fenced by stop-commands with a fresh token; the summary is appended to the step summary", () => {
    const out: string[] = [];
    const fenced = withoutCommands({ write: () => out.push('::error::inside') }, (t) => out.push(t));
    fenced.write(report());
    fenced.write(report());
    const [open, inside, close] = out;
    const token = /^::stop-commands::([0-9a-f]{32})\n$/.exec(open!)?.[1];
    expect(token).toBeDefined();
    expect([inside, close]).toEqual(['::error::inside', `::${token}::\n`]);
    expect(out[3]).not.toBe(open);
    const thrown: string[] = [];
    expect(() =>
      withoutCommands(
        {
          write: () => {
            throw new Error('boom');
          },
        },
        (t) => thrown.push(t),
      ).write(report()),
    ).toThrow('boom');
    expect(thrown[1]).toBe(`::${/^::stop-commands::(\w+)\n$/.exec(thrown[0]!)![1]}::\n`);

    const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-github-'));
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, 'before\n');
    const lines: string[] = [];
    githubFormat((t) => lines.push(t), summary).write(report());
    expect(lines).toEqual(annotations(report()).lines.map((a) => `${a}\n`));
    expect(readFileSync(summary, 'utf8')).toBe(`before\n${markdownSummary(report())}`);
    githubFormat(() => {}, undefined).write(report());
  });
});

test('connections far beyond the requests are said in the console, Markdown and HTML summaries; a run under the floor or with four requests on each says nothing', () => {
  const withConnections = (connections: number, requests: number): ConformanceReport => {
    const r = report();
    r.summary = { ...r.summary, requests, connections };
    return r;
  };
  const said = (r: ConformanceReport) => {
    const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-connections-'));
    const console: string[] = [];
    summaryFormat((text) => console.push(text)).write(r);
    htmlFormat(join(dir, 'r.html'), () => {}).write(r);
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    return [console.join(''), markdownSummary(r), html].map((text) => /Connections: the run opened [^.]+\.\d[^.]*\./.exec(text)?.[0]);
  };
  const line =
    'Connections: the run opened 300 for 420 requests (1.4 on each): the deployment, or what stands before it, ends its connections after an answer or a few (Connection: close, an HTTP/2 GOAWAY, a short idle timeout), so most requests wait for a new connection (over https, a TLS handshake too), which makes the run slower and costs memory.';
  expect(said(withConnections(300, 420))).toEqual([line, line, line]);
  expect(connectionsSaid(withConnections(300, 420).summary)).toContain(
    'An observation about how the deployment handles connections, which the interface says nothing about: no check judged it, and it changes no verdict.',
  );
  // just past the floor, and just below four requests on each
  expect(connectionsSaid(withConnections(MANY_CONNECTIONS + 1, (MANY_CONNECTIONS + 1) * FEW_REQUESTS_PER_CONNECTION - 1).summary)).toBeDefined();
  // a small run, whatever its connections; a run with four requests on each; a report without connections (recorded traffic)
  expect(said(withConnections(MANY_CONNECTIONS, MANY_CONNECTIONS))).toEqual([undefined, undefined, undefined]);
  expect(connectionsSaid(withConnections(200, 200 * FEW_REQUESTS_PER_CONNECTION).summary)).toBeUndefined();
  expect(connectionsSaid(report().summary)).toBeUndefined();
});

describe('Markdown summary', () => {
  test('against a baseline: a known column, the known checks with their reasons, failures only for what is not known', () => {
    const r = report();
    r.baseline = {
      file: 'b.json',
      known: [{ id: 'chaos-settings/failed-check', outcome: 'failed', expected: 'failed', reason: '201 until API-42', issue: 'API-42' }],
      new: [],
      stale: [],
      expired: [],
      unmatched: [],
    };
    const md = markdownSummary(r);
    expect(md).toContain('Against the baseline `b.json`: **1 known, 0 new, 0 stale, 0 expired**.');
    expect(md).toContain('| chaos-settings | 1 | 1 | 0 | 1 | 1 | 1 |');
    expect(md).toContain('| `chaos-settings/failed-check` | failed | 201 until API-42 | API-42 |');
    expect(md).not.toContain('### ❌ Failed');
  });

  test('counts per area and outcome, each broken check folded with its message, reasons counted', () => {
    const md = markdownSummary(report());
    expect(md).toContain('| area | ✅ passed | ❌ failed | ⚠️ warned | ⛔ errored | ⏭️ skipped |');
    expect(md).toContain('| chaos-settings | 1 | 1 | 0 | 1 | 1 |');
    expect(md).toContain('| **all** | **1** | **1** | **1** | **1** | **1** |');
    expect(md).toContain('<details><summary><code>chaos-settings/failed-check</code> CHAOS-STATUS: CHAOS-STATUS a failed check</summary>');
    expect(md).toMatch(
      /### ⛔ Errored: could not judge\n\n\| checks \| reason \|\n\| ---: \| --- \|\n\| 1 \| the deployment gave no HTTP answer: the connection was reset \|/,
    );
  });

  test('the whole summary of a report, with what Markdown or HTML would act on escaped in each cell and a fence in a message broken', () => {
    const r = report(true);
    r.target = { ...r.target, embedded: true };
    r.checks.push(
      check('skipped', { id: 'chaos-settings/skipped-too' }),
      check('failed', {
        id: 'x/y',
        area: 'x',
        title: 'a | b `c` *d* _e_ [f](g) <h> !i \\',
        violated: [],
        requirement: 'ORG-NAME',
        message: 'a ```fence``` inside',
      }),
    );
    r.errors = ['line one\n  line two |'];
    expect(markdownSummary(r)).toBe(
      [
        '## mockapi-conformance: https://api.example.com (embedded reference deployment)',
        '',
        // the verdict first, as the exit code has it, with how many causes the failures come to
        '**❌ FAILED**: 1 failed, 1 warned, 1 errored, 1 passed, 1 skipped, from 3 causes.',
        '',
        'Profile live; seed 1, 10 runs per property (rerun with --seed 1 --runs 10); strict (warnings fail); 9 requests in 0.1 s.',
        '',
        '**57% of 7 checks judged, 28% skipped.**',
        '',
        '| area | ✅ passed | ❌ failed | ⚠️ warned | ⛔ errored | ⏭️ skipped | judged |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| chaos-settings | 1 | 1 | 0 | 1 | 2 | 40% |',
        '| identifiers | 0 | 0 | 1 | 0 | 0 | 100% |',
        '| x | 0 | 1 | 0 | 0 | 0 | 100% |',
        '| **all** | **1** | **1** | **1** | **1** | **1** | **57%** |',
        '',
        '### ❌ Failed: must-level statements broken',
        '',
        // one heading per cause: the requirement, its checks, and what came back against what was expected
        '#### CHAOS-STATUS: 1 check on updateChaosSettings; actual status 201 \\<b\\>&amp;\\</b\\> \\x01, expected status 200',
        '',
        '<details><summary><code>chaos-settings/failed-check</code> CHAOS-STATUS: CHAOS-STATUS a failed check</summary>',
        '',
        '```',
        '[CHAOS-STATUS] (must) Endpoints > Update chaos settings: "Success is 200."',
        '  expected: status 200',
        '  actual:   status 201 <b>&amp;</b> \\x01',
        "  reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/x'",
        '```',
        '',
        '</details>',
        '',
        '#### ORG-NAME: 1 check on updateChaosSettings',
        '',
        '<details><summary><code>x/y</code> ORG-NAME: a \\| b \\`c\\` \\*d\\* \\_e\\_ \\[f\\](g) \\<h\\> \\!i \\\\</summary>',
        '',
        '```',
        "a '''fence''' inside",
        '```',
        '',
        '</details>',
        '',
        '### ⚠️ Warned: should-level statements broken (failures under --strict)',
        '',
        '#### GEN-NO-5XX: 1 check on updateChaosSettings; actual 500, expected a 4xx',
        '',
        '<details><summary><code>identifiers/warned-check</code> GEN-NO-5XX: CHAOS-STATUS a warned check</summary>',
        '',
        '```',
        '[GEN-NO-5XX] (should) Errors: "…"',
        '  expected: a 4xx',
        '  actual:   500',
        '```',
        '',
        '</details>',
        '',
        '### ⛔ Errored: could not judge',
        '',
        '| checks | reason |',
        '| ---: | --- |',
        '| 1 | the deployment gave no HTTP answer: the connection was reset |',
        '',
        '### ⏭️ Skipped',
        '',
        '| checks | reason |',
        '| ---: | --- |',
        '| 2 | not configured: set MOCKAPI\\_MOCK\\_API\\_ID |',
        '',
        '### Errors outside any check',
        '',
        '- line one line two \\|',
        ...statementsMarkdown(r, markdownCell),
        '',
      ].join('\n'),
    );
    const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-markdown-'));
    const said: string[] = [];
    markdownFormat(join(dir, 's.md'), (t) => said.push(t)).write(r);
    expect(readFileSync(join(dir, 's.md'), 'utf8')).toBe(markdownSummary(r));
    expect(said).toEqual([`Markdown summary: ${join(dir, 's.md')}\n`]);
  });

  test('a warned check not under --strict has the plain heading; a check that broke two requirements names both', () => {
    const r = report();
    r.checks.push(check('failed', { id: 'x/two', violated: ['ORG-NAME', 'ORG-RESPONSE'] }));
    const md = markdownSummary(r);
    expect(md).toContain('\n### ⚠️ Warned: should-level statements broken\n');
    expect(md).toContain('<details><summary><code>x/two</code> ORG-NAME, ORG-RESPONSE: CHAOS-STATUS a failed check</summary>');
  });

  test('a report with nothing broken has no sections, and a run that was not strict says nothing of it', () => {
    const r = report();
    r.checks = [check('passed')];
    r.summary = { ...r.summary, failed: 0, warned: 0, errored: 0, skipped: 0 };
    expect(markdownSummary(r).split('\n').slice(2)).toEqual([
      '**✅ PASSED**: 0 failed, 0 warned, 0 errored, 1 passed, 0 skipped.',
      '',
      'Profile live; seed 1, 10 runs per property (rerun with --seed 1 --runs 10); 9 requests in 0.1 s.',
      '',
      '**100% of 1 check judged, 0% skipped.**',
      '',
      '| area | ✅ passed | ❌ failed | ⚠️ warned | ⛔ errored | ⏭️ skipped | judged |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      '| chaos-settings | 1 | 0 | 0 | 0 | 0 | 100% |',
      '| **all** | **1** | **0** | **0** | **0** | **0** | **100%** |',
      ...statementsMarkdown(r, markdownCell),
      '',
    ]);
    expect(markdownSummary(r).split('\n')[0]).toBe('## mockapi-conformance: https://api.example.com');
  });
});

test('a run writes JUnit, Markdown, JSON and, under GitHub Actions, annotations and the step summary, all from one run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-formats-'));
  const [junit, markdown, stepSummary] = ['report.xml', 'summary.md', 'step-summary.md'].map((f) => join(dir, f));
  writeFileSync(stepSummary!, '# earlier steps\n');
  const r = await runner.run(['--only', '^CHAOS-STATUS|^DS-VERSION', '--report-junit', junit!, '--report-markdown', markdown!], {
    MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201,data-source-version-frozen',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: stepSummary!,
  });
  expect(r.code).toBe(1);
  expect(schema('report.json')(r.report)).toBe(true);
  const byId = await cases(readFileSync(junit!, 'utf8'));
  expect([...byId.values()].filter((c) => c.failure).map((c) => String(c.name).split(' ')[0])).toEqual(['chaos-settings/updating-chaos-settings-200']);
  expect(r.stdout).toMatch(
    /^::error title=CHAOS-STATUS \(must\)%3A 1 check on updateChaosSettings::chaos-settings\/updating-chaos-settings-200: \[CHAOS-STATUS\] \(must\)/m,
  );
  // the checks that broke DS-VERSION take one warning per cause (each what came back), never one per check
  const warnings = r.stdout.match(/^::warning .*$/gm)!;
  const causes = causesOf(r.report!.checks).filter((c) => c.requirement === 'DS-VERSION');
  expect(warnings).toHaveLength(causes.length);
  for (const w of warnings) expect(w).toMatch(/^::warning title=DS-VERSION \(should\)%3A \d+ checks? on updateDataSource::data-sources\//);
  expect(causes.flatMap((c) => c.checks).length).toBe(r.report!.checks.filter((c) => c.violated.includes('DS-VERSION')).length);
  expect((r.report as ReportFile).judged).toEqual({ checks: 5, judged: 5, skipped: 0, percent: 100, areas: expect.any(Object) });
  // the console summary, which quotes the deployment, stands between ::stop-commands:: and its random token; the annotations after
  // (each area's log first, in its ::group::, then the summary), each with a token of its own
  const stops = [...r.stdout.matchAll(/^::stop-commands::([0-9a-f]{32})$/gm)];
  expect(new Set(stops.map((m) => m[1])).size).toBe(stops.length);
  for (const stop of stops) expect(r.stdout.indexOf(`\n::${stop[1]}::\n`, stop.index)).toBeGreaterThan(stop.index);
  const last = stops.at(-1)!;
  const resumed = r.stdout.indexOf(`\n::${last[1]}::\n`, last.index);
  expect(r.stdout.slice(last.index, resumed)).toContain('Conformance of http://127.0.0.1');
  expect(r.stdout).toMatch(/^::group::chaos-settings: \d+ passed, 1 failed, 0 warned, 0 errored, 0 skipped\n::stop-commands::/m);
  expect(r.stdout.indexOf('::error title=')).toBeGreaterThan(resumed);
  expect(readFileSync(stepSummary!, 'utf8')).toMatch(/^# earlier steps\n## mockapi-conformance: http:\/\/127\.0\.0\.1:\d+ \(embedded reference deployment\)/);
  expect(readFileSync(markdown!, 'utf8')).toBe(readFileSync(stepSummary!, 'utf8').replace('# earlier steps\n', ''));
  expect(r.stdout).toContain(`JUnit report: ${junit}`);
  expect(r.stdout).toContain(`Markdown summary: ${markdown}`);
});
