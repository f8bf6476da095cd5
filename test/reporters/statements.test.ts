// The statements a run verified, found broken, observed or could not judge, section by section, as the HTML and
// Markdown reports show them; from a small report made by hand.
import { expect, test } from 'vitest';
import type { CheckResult, ConformanceReport, Outcome } from '../../contract/report.ts';
import { statementsHtml, statementsMarkdown, statementsOfRun } from '../../contract/statements-report.ts';
import { STATEMENTS } from '../../contract/statements.ts';

const check = (requirement: string, outcome: Outcome): CheckResult => ({
  id: `area/${requirement}-${outcome}`,
  area: 'area',
  title: requirement,
  requirement,
  operation: 'updateChaosSettings',
  level: 'must',
  outcome,
  message: '',
  violated: outcome === 'failed' ? [requirement] : [],
  notes: [],
  evidence: [],
  durationMs: 1,
});

const report = (checks: CheckResult[]): ConformanceReport => ({
  tool: { name: 'mockapi-conformance', version: '0.1.0' },
  target: { baseUrl: 'https://api.example.com', profile: 'live', embedded: false },
  run: { seed: 1, runs: 10, strict: false },
  summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 1 },
  checks,
  errors: [],
});

const RUN = report([
  check('CHAOS-STATUS', 'passed'),
  check('CHAOS-RESPONSE', 'passed'),
  check('CHAOS-ECHO', 'skipped'),
  check('ORG-RESPONSE', 'failed'),
  check('ORG-LINKS', 'passed'),
  check('DS-DELETE', 'skipped'),
  check('DS-DELETE-PERMANENT', 'errored'),
]);

const standingOf = (id: string) => {
  const section = statementsOfRun(RUN).find((s) => s.section === STATEMENTS.find((x) => x.id === id)!.section)!;
  return Object.entries(section.ids).find(([, ids]) => ids.includes(id))?.[0];
};

test('verified where its checks passed, broken where one failed, observed where open, not judged where its checks were skipped or not run', () => {
  expect(standingOf('EP.updateChaosSettings.success'), 'two checks passed and one was skipped').toBe('verified');
  expect(standingOf('ORG.aclSubject'), 'a check of ORG-LINKS passed, one of ORG-RESPONSE failed').toBe('broken');
  expect(standingOf('EP.deleteDataSource.method-path'), 'its check was skipped').toBe('unjudged');
  expect(standingOf('EP.deleteDataSource.effect'), 'its check errored').toBe('unjudged');
  expect(standingOf('AUTH.api-key'), 'no check of it ran').toBe('unjudged');
  expect(standingOf('AUTH.key-source'), 'not judgeable from outside').toBe('unjudged');
  expect(standingOf('EVENTS.none')).toBe('observed');
  const sections = statementsOfRun(RUN);
  expect(sections.map((s) => s.section)).toEqual([...new Set(STATEMENTS.map((s) => s.section))]);
  expect(sections.flatMap((s) => Object.values(s.ids).flat()).sort()).toEqual(STATEMENTS.map((s) => s.id).sort());
});

test('Markdown: folded, the totals in its summary, a row per section through the cell escaping, the broken and the unjudged listed', () => {
  const lines = statementsMarkdown(RUN, (text) => `«${text}»`);
  const open = STATEMENTS.filter((s) => s.status === 'open').length;
  expect(lines[1]).toMatch(
    new RegExp(
      `^<details><summary>Statements of the interface: \\d+ verified, \\d+ found broken, ${open} observed \\(open\\), \\d+ could not judge</summary>$`,
    ),
  );
  expect(lines).toContain('| «Events» | 0 | 0 | 1 | 0 |');
  // its success verified; its method and path, request and errors not judged by the checks of this report
  expect(lines).toContain('| «Endpoints > Update chaos settings» | 1 | 0 | 0 | 3 |');
  expect(lines.find((l) => l.startsWith('found broken: '))).toContain('`«ORG.emailAddress»`');
  const unjudged = lines.find((l) => l.startsWith('could not judge: '));
  expect(unjudged, 'a statement whose check was skipped').toContain('`«EP.deleteDataSource.method-path»`');
  expect(unjudged, 'a statement no run can judge').not.toContain('AUTH.key-source');
  expect(lines.at(-1)).toBe('</details>');
});

test('HTML: a table of the sections, each count opening to its ids, every text through the escaping given', () => {
  const html = statementsHtml(RUN, (text) => text.replace(/</g, '&lt;').replace(/`/g, '&#96;'));
  expect(html).toContain('<tr><th scope="row">Events</th><td>0</td><td>0</td><td><details><summary>1</summary>EVENTS.none</details></td><td>0</td></tr>');
  expect(html).toContain('<th scope="row">Resources and their fields > Chaos settings (object &#96;chaos&#96;)</th>');
});

test('a report of a run that judged nothing shows no statements', () => {
  const nothing = { ...report([]), exit: { code: 2, reason: 'no base URL' } };
  expect(statementsOfRun(nothing)).toEqual([]);
  expect(statementsMarkdown(nothing, String)).toEqual([]);
  expect(statementsHtml(nothing, String)).toBe('');
});
