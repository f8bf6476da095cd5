// The Markdown summary (--report-markdown FILE, and GitHub's step summary): the verdict first, the share judged,
// counts per outcome and area with each area's share judged, the causes (a requirement broken with one answer;
// must-level, then should-level, the most checks first) with each failing check's message folded under its cause,
// and why checks could not judge or were skipped; against a baseline, a known column, and the known, stale and
// expired entries with their reasons.
import { writePrivateFile } from './private-file.ts';
import {
  causesOf,
  judgedShares,
  OUTCOMES,
  standingOf,
  type Cause,
  type CheckResult,
  type ConformanceReport,
  type JudgedShare,
  type Outcome,
  type ReportFormat,
} from '../contract/report.ts';
import { causeSaid, connectionsSaid, entriesSaid, heldBack, judgedSaid, traffic, verdictOfReport, verdictWord, whatWasJudged } from './summary.ts';
import { inert, inertLine } from '../contract/untrusted.ts';
import { statementsMarkdown } from '../contract/statements-report.ts';

const ICON: Record<Outcome, string> = { passed: '✅', failed: '❌', warned: '⚠️', errored: '⛔', skipped: '⏭️' };

/**
 * A table cell: one line, and what Markdown or HTML would act on escaped (a deployment's text could otherwise
 * end the table, or put a link or an image in a CI summary).
 */
export const markdownCell = (text: string) => text.replace(/[\\|`*_[\]<>!]/g, (c) => `\\${c}`).replace(/\s*\n\s*/g, ' ');

/** One check, its message folded under its id, the requirements it broke and its title. */
const folded = (c: CheckResult): string[] => [
  `<details><summary><code>${c.id}</code> ${markdownCell(c.violated.join(', ') || c.requirement)}: ${markdownCell(c.title)}</summary>`,
  '',
  '```',
  // a fence inside the message would end the block early
  c.message.replace(/```/g, "'''"),
  '```',
  '',
  '</details>',
];

/** The causes of one level, the most checks first: each with its count, operations and answer, then its checks folded. */
function causesAt(causes: readonly Cause[], heading: string): string[] {
  if (causes.length === 0) return [];
  return ['', `### ${heading}`, ...causes.flatMap((g) => ['', `#### ${markdownCell(causeSaid(g))}`, '', ...g.checks.flatMap(folded)])];
}

function reasons(checks: readonly CheckResult[], heading: string): string[] {
  if (checks.length === 0) return [];
  const counted = new Map<string, number>();
  for (const c of checks) counted.set(c.message.split('\n')[0]!, (counted.get(c.message.split('\n')[0]!) ?? 0) + 1);
  return ['', `### ${heading}`, '', '| checks | reason |', '| ---: | --- |', ...[...counted].map(([reason, n]) => `| ${n} | ${markdownCell(reason)} |`)];
}

/** The run against its baseline: counts, then each known check with the entry's reason, each stale and expired entry. */
function baseline(report: ConformanceReport): string[] {
  const b = report.baseline;
  if (!b) return [];
  const rows = (heading: string, entries: { id: string; reason: string; issue?: string }[], outcome: (e: { id: string }) => string) =>
    entries.length === 0
      ? []
      : [
          '',
          `### ${heading}`,
          '',
          '| check | outcome | reason | issue |',
          '| --- | --- | --- | --- |',
          ...entries.map((e) => `| \`${e.id}\` | ${outcome(e)} | ${markdownCell(e.reason)} | ${markdownCell(e.issue ?? '')} |`),
        ];
  return [
    ...rows(`${ICON.failed} Stale: passed, but ${markdownCell(b.file)} expects them not to (remove the entries)`, b.stale, () => 'passed'),
    ...rows(`${ICON.failed} Expired entries: they excuse nothing`, b.expired, (e) => b.expired.find((x) => x.id === e.id)?.outcome ?? 'not run'),
    ...rows(`📌 Known: ${markdownCell(b.file)} expects them not to pass`, b.known, (e) => b.known.find((x) => x.id === e.id)!.outcome),
  ];
}

/** A share judged in a table cell: its percent, and for a share of nothing judged, the words. */
const shareCell = (share: JudgedShare): string => (share.judged === 0 ? `${share.percent}% (not judged)` : `${share.percent}%`);

const VERDICT_ICON = { passed: '✅', failed: ICON.failed, unjudged: ICON.errored } as const;

/**
 * The verdict, first under the title: the word as the exit code has it, the counts, how many causes the
 * failures come to, and what the baseline's entries do to the run.
 */
function verdictLine(report: ConformanceReport): string {
  const s = report.summary;
  const causes = causesOf(report.checks.filter((c) => standingOf(report)(c.id) !== 'known')).length;
  const counts = `${s.failed} failed, ${s.warned} warned, ${s.errored} errored, ${s.passed} passed, ${s.skipped} skipped`;
  const causeCount = causes ? `, from ${causes} cause${causes === 1 ? '' : 's'}` : '';
  return `**${VERDICT_ICON[verdictOfReport(report)]} ${verdictWord(report)}**: ${counts}${causeCount}${markdownCell(entriesSaid(report))}.`;
}

/** The header: the target, how the run was made, the share judged, and the run against its baseline. */
function header(report: ConformanceReport): string[] {
  const s = report.summary;
  const b = report.baseline;
  return [
    `## mockapi-conformance: ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference deployment)' : ''}`,
    '',
    verdictLine(report),
    '',
    `Profile ${report.target.profile}; ${markdownCell(whatWasJudged(report))}${report.run.strict ? '; strict (warnings fail)' : ''}; ${traffic(report)} in ${(s.durationMs / 1000).toFixed(1)} s${heldBack(s.heldBackMs)}.`,
    ...[connectionsSaid(s)].flatMap((said) => (said ? ['', said] : [])),
    '',
    `**${judgedSaid(report)}.**`,
    ...(b
      ? [
          '',
          `Against the baseline \`${markdownCell(b.file)}\`: **${b.known.length} known, ${b.new.length} new, ${b.stale.length} stale, ${b.expired.length} expired**${b.unmatched.length ? `; ${b.unmatched.length} entries whose check did not run` : ''}.`,
        ]
      : []),
  ];
}

/** The counts per area and outcome, the known ones against a baseline, and the share each area judged. */
function areasTable(report: ConformanceReport): string[] {
  const standing = standingOf(report);
  const b = report.baseline;
  const shares = judgedShares(report);
  const knownOf = (checks: readonly CheckResult[]) => (b ? [String(checks.filter((c) => standing(c.id) === 'known').length)] : []);
  const row = (checks: readonly CheckResult[]) => OUTCOMES.map((o) => String(checks.filter((c) => c.outcome === o).length));
  return [
    '',
    `| area | ${OUTCOMES.map((o) => `${ICON[o]} ${o}`).join(' | ')}${b ? ' | 📌 known' : ''} | judged |`,
    `| --- | ${OUTCOMES.map(() => '---:').join(' | ')}${b ? ' | ---:' : ''} | ---: |`,
    ...Object.entries(shares.areas).map(([area, share]) => {
      const inArea = report.checks.filter((c) => c.area === area);
      return `| ${area} | ${[...row(inArea), ...knownOf(inArea), shareCell(share)].join(' | ')} |`;
    }),
    `| **all** | ${[...OUTCOMES.map((o) => String(report.summary[o])), ...knownOf(report.checks), shareCell(shares)].map((n) => `**${n}**`).join(' | ')} |`,
  ];
}

/** The causes, must-level then should-level, of the checks the baseline does not expect: one heading each. */
function brokenSections(report: ConformanceReport): string[] {
  const standing = standingOf(report);
  const causes = causesOf(report.checks.filter((c) => standing(c.id) !== 'known'));
  return [
    ...causesAt(
      causes.filter((g) => g.level === 'must'),
      `${ICON.failed} Failed: must-level statements broken${report.baseline ? ' (not known)' : ''}`,
    ),
    ...causesAt(
      causes.filter((g) => g.level === 'should'),
      `${ICON.warned} Warned: should-level statements broken${report.run.strict ? ' (failures under --strict)' : ''}`,
    ),
  ];
}

/** Why checks could not judge (those the baseline does not expect) or were skipped, counted by reason. */
function reasonSections(report: ConformanceReport): string[] {
  const standing = standingOf(report);
  return [
    ...reasons(
      report.checks.filter((c) => c.outcome === 'errored' && standing(c.id) !== 'known'),
      `${ICON.errored} Errored: could not judge`,
    ),
    ...reasons(
      report.checks.filter((c) => c.outcome === 'skipped'),
      `${ICON.skipped} Skipped`,
    ),
  ];
}

/** Errors outside any check, each a line. */
const errorsSection = (report: ConformanceReport): string[] =>
  report.errors.length > 0 ? ['', '### Errors outside any check', '', ...report.errors.map((e) => `- ${markdownCell(e)}`)] : [];

/** The statements of the spec by section: what this run left unjudged (statementsMarkdown). */
const statementsSection = (report: ConformanceReport): string[] => statementsMarkdown(report, markdownCell);

/** The sections the summary is made of, top to bottom: one function each, given the report. */
const SECTIONS: readonly ((report: ConformanceReport) => string[])[] = [
  header,
  areasTable,
  brokenSections,
  reasonSections,
  baseline,
  errorsSection,
  statementsSection,
];

/** The report as a Markdown summary. */
export function markdownSummary(report: ConformanceReport): string {
  return [...SECTIONS.flatMap((section) => section(report)), ''].map(inert).join('\n');
}

/** Writes the Markdown summary to `file` and says where, through `write`. */
export const markdownFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writePrivateFile(file, markdownSummary(report));
    write(`Markdown summary: ${inertLine(file)}\n`);
  },
});
