// What a run did with the statements of the interface (STATEMENTS), section by section: which it verified (their
// checks ran and passed), found broken (a check of theirs failed or warned), observed (the interface leaves them
// open) or could not judge (their checks were skipped or errored, or nothing from outside can judge them). The
// HTML and Markdown formats show it; they pass their own escaping in, as every text of theirs goes through it.
import type { ConformanceReport, Outcome } from './report.ts';
import { STATEMENTS, type Statement } from './statements.ts';

type StatementStanding = 'verified' | 'broken' | 'observed' | 'unjudged';

const STANDINGS: readonly StatementStanding[] = ['verified', 'broken', 'observed', 'unjudged'];

const STANDING_WORDS: Record<StatementStanding, string> = {
  verified: 'verified',
  broken: 'found broken',
  observed: 'observed (open)',
  unjudged: 'could not judge',
};

export interface SectionStatements {
  section: string;
  /** statement ids by how the run stands with them */
  ids: Record<StatementStanding, string[]>;
}

const BROKEN: readonly Outcome[] = ['failed', 'warned'];

function standingOf(s: Statement, outcomes: readonly Outcome[]): StatementStanding {
  if (s.status === 'open') return 'observed';
  if (s.status === 'not-judgeable') return 'unjudged';
  if (outcomes.some((o) => BROKEN.includes(o))) return 'broken';
  return outcomes.includes('passed') ? 'verified' : 'unjudged';
}

/** Each section of the spec with its statements by standing; nothing for a report of a run that judged nothing. */
export function statementsOfRun(report: ConformanceReport, statements: readonly Statement[] = STATEMENTS): SectionStatements[] {
  if (report.exit) return [];
  const sections = new Map<string, SectionStatements>();
  for (const s of statements) {
    const cites = s.requirements as readonly string[];
    const outcomes = report.checks.filter((c) => cites.includes(c.requirement)).map((c) => c.outcome);
    const entry = sections.get(s.section) ?? { section: s.section, ids: { verified: [], broken: [], observed: [], unjudged: [] } };
    sections.set(s.section, entry);
    entry.ids[standingOf(s, outcomes)].push(s.id);
  }
  return [...sections.values()];
}

const HEADING = 'Statements of the interface';

const VERIFIED = new Set(STATEMENTS.filter((s) => s.status === 'verified').map((s) => s.id));

/** Each standing with its count over the whole spec, in words: `120 verified, 2 found broken, …`. */
const totals = (sections: readonly SectionStatements[]) =>
  STANDINGS.map((standing) => `${sections.reduce((n, s) => n + s.ids[standing].length, 0)} ${STANDING_WORDS[standing]}`).join(', ');

/**
 * The Markdown block, folded so that a step summary stays short: the totals, a row per section with its counts,
 * then the statements found broken and those whose checks did not judge them.
 */
export function statementsMarkdown(report: ConformanceReport, cell: (text: string) => string): string[] {
  const sections = statementsOfRun(report);
  if (sections.length === 0) return [];
  // what this run left unjudged, not the statements no run can judge
  const listed = (standing: StatementStanding) =>
    sections
      .flatMap((s) => s.ids[standing])
      .filter((id) => VERIFIED.has(id))
      .map((id) => `\`${cell(id)}\``);
  const list = (standing: StatementStanding) => (listed(standing).length ? ['', `${STANDING_WORDS[standing]}: ${listed(standing).join(', ')}`] : []);
  return [
    '',
    `<details><summary>${HEADING}: ${totals(sections)}</summary>`,
    '',
    `| section | ${STANDINGS.map((s) => STANDING_WORDS[s]).join(' | ')} |`,
    `| --- | ${STANDINGS.map(() => '---:').join(' | ')} |`,
    ...sections.map((s) => `| ${cell(s.section)} | ${STANDINGS.map((standing) => String(s.ids[standing].length)).join(' | ')} |`),
    ...list('broken'),
    ...list('unjudged'),
    '',
    '</details>',
  ];
}

/** The HTML block: a table of the sections, each count opening to its statements' ids. */
export function statementsHtml(report: ConformanceReport, html: (text: string) => string): string {
  const sections = statementsOfRun(report);
  if (sections.length === 0) return '';
  const count = (ids: readonly string[]) => `<td>${ids.length ? `<details><summary>${ids.length}</summary>${html(ids.join(', '))}</details>` : '0'}</td>`;
  const rows = sections.map((s) => `<tr><th scope="row">${html(s.section)}</th>${STANDINGS.map((standing) => count(s.ids[standing])).join('')}</tr>`);
  return `<section aria-labelledby="statements-heading">
<h2 id="statements-heading">${HEADING}: ${totals(sections)}</h2>
<table id="statements"><tr><th>section</th>${STANDINGS.map((s) => `<th>${STANDING_WORDS[s]}</th>`).join('')}</tr>
${rows.join('\n')}
</table>
</section>`;
}
