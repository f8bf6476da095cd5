// GitHub Actions (when GITHUB_ACTIONS is set): the run's log folded in one ::group:: per area; an ::error
// annotation per error outside any check (why a run judged nothing) and per failed check, a ::warning per warned
// one (::error under --strict), a ::notice per check the baseline expects not to pass; at most ten of each kind
// (GitHub drops the rest), the most important first, and a line saying how many more the step summary holds;
// the Markdown summary appended to $GITHUB_STEP_SUMMARY.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { notJudged, OUTCOMES, standingOf, type CheckResult, type ConformanceReport, type ReportFormat, type Standing } from '../contract/report.ts';
import { markdownSummary } from './markdown.ts';
import { checkBlock, summaryFormat } from './summary.ts';
import { inert } from '../contract/untrusted.ts';

/** A workflow command's message: what a terminal acts on shown inert, then %, CR and LF escaped (GitHub's toolkit, escapeData). */
const escapeData = (text: string) => inert(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command's property value: also : and , escaped (escapeProperty). */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub shows this many annotations of each kind per step, and drops the rest silently. */
const ANNOTATIONS_SHOWN = 10;

type Command = 'error' | 'warning' | 'notice';

/** One annotation: its kind, its rank (lower first), and the line. */
interface Annotation {
  command: Command;
  rank: number;
  line: string;
}

/**
 * What each check stands for on GitHub: a must-level failure, a stale or expired baseline entry (and, under
 * --strict, a warning) is an ::error; a warning a ::warning; a check the baseline expects not to pass a
 * ::notice. Ranked: must-level failures first, then stale and expired entries, then warnings under --strict.
 */
function annotationOf(c: CheckResult, standing: Standing | undefined, strict: boolean, file: string | undefined): Annotation | undefined {
  const title = (prefix: string) => `::${prefix} title=${escapeProperty(`${c.violated.join(', ') || c.requirement} ${c.id}`)}::`;
  if (standing === 'known')
    return c.outcome === 'passed' || c.outcome === 'skipped'
      ? undefined
      : { command: 'notice', rank: 0, line: `${title('notice')}${escapeData(`known (${file}): ${c.message}`)}` };
  if (standing === 'stale')
    return { command: 'error', rank: 1, line: `${title('error')}${escapeData(`passed, but ${file} expects it not to: remove its entry`)}` };
  if (standing === 'expired' && c.outcome === 'passed')
    return { command: 'error', rank: 1, line: `${title('error')}${escapeData(`passed, and its entry in ${file} has expired: remove the entry`)}` };
  const expired = standing === 'expired' ? `its entry in ${file} has expired: ` : '';
  if (c.outcome === 'failed') return { command: 'error', rank: 0, line: `${title('error')}${escapeData(expired + c.message)}` };
  if (c.outcome === 'warned')
    return strict
      ? { command: 'error', rank: 2, line: `${title('error')}${escapeData(expired + c.message)}` }
      : { command: 'warning', rank: 0, line: `${title('warning')}${escapeData(c.message)}` };
  return undefined;
}

/** An error outside any check (the run stopped at its bound, or why it judged nothing) is an ::error before any check's. */
const outsideAnyCheck = (report: ConformanceReport): Annotation[] =>
  report.errors.map((e) => ({
    command: 'error',
    rank: -1,
    line: `::error title=${escapeProperty(notJudged(report) ?? 'error outside any check')}::${escapeData(e)}`,
  }));

/** The annotations GitHub will show (at most ANNOTATIONS_SHOWN of each kind, the most important first), and how many more there are. */
export function annotations(report: ConformanceReport): { lines: string[]; more: Record<Command, number> } {
  const standing = standingOf(report);
  const all = [
    ...outsideAnyCheck(report),
    ...report.checks.map((c) => annotationOf(c, standing(c.id), report.run.strict, report.baseline?.file)).filter((a): a is Annotation => a !== undefined),
  ];
  const lines: string[] = [];
  const more = { error: 0, warning: 0, notice: 0 };
  for (const command of ['error', 'warning', 'notice'] as const) {
    const ofKind = all.filter((a) => a.command === command).sort((a, b) => a.rank - b.rank);
    lines.push(...ofKind.slice(0, ANNOTATIONS_SHOWN).map((a) => a.line));
    more[command] = Math.max(0, ofKind.length - ANNOTATIONS_SHOWN);
  }
  return { lines, more };
}

/** The line after the annotations when GitHub cannot show them all; empty when it can. */
export function moreLine(more: Record<Command, number>, stepSummary: boolean): string {
  const parts = [
    ['error', 'failures'],
    ['warning', 'warnings'],
    ['notice', 'known checks'],
  ]
    .filter(([k]) => more[k as Command] > 0)
    .map(([k, word]) => `${more[k as Command]} more ${word}`);
  if (parts.length === 0) return '';
  return `GitHub shows ${ANNOTATIONS_SHOWN} annotations of each kind: ${parts.join(', ')} than annotated are in ${stepSummary ? 'the step summary' : 'the summary above'} and the reports`;
}

/**
 * Output that holds a deployment's text, between `::stop-commands::<token>` and `::<token>::`: the runner
 * reads no workflow command in it, whatever line the text forms (GitHub's advice for untrusted output). The
 * token is random, so the text cannot end the stop itself. The annotations come after, where commands work.
 */
export function withoutCommands(format: ReportFormat, write: (text: string) => void): ReportFormat {
  return {
    write(report) {
      const token = randomBytes(16).toString('hex');
      write(`::stop-commands::${token}\n`);
      try {
        format.write(report);
      } finally {
        write(`::${token}::\n`);
      }
    },
  };
}

/**
 * The run's log, one ::group:: per area (folded in the log): the area's counts as its title, and inside,
 * between stop-commands, each check that did not pass with its message.
 */
export function areaGroups(report: ConformanceReport, write: (text: string) => void): void {
  for (const area of [...new Set(report.checks.map((c) => c.area))]) {
    const inArea = report.checks.filter((c) => c.area === area);
    const shown = inArea.filter((c) => c.outcome !== 'passed');
    const counts = OUTCOMES.map((o) => `${inArea.filter((c) => c.outcome === o).length} ${o}`).join(', ');
    write(`::group::${area}: ${counts}\n`);
    withoutCommands({ write: () => write(`${inert(shown.flatMap(checkBlock).join('\n') || '  every check passed')}\n`) }, write).write(report);
    write('::endgroup::\n');
  }
}

/** The console output under GitHub Actions: the log per area in groups, then the summary, both inert. */
export const githubConsole = (write: (text: string) => void): ReportFormat => ({
  write(report) {
    areaGroups(report, write);
    withoutCommands(summaryFormat(write, { details: false }), write).write(report);
  },
});

/** Annotations through `write`, and the summary appended to `stepSummary` when the runner names one. */
export const githubFormat = (write: (text: string) => void, stepSummary: string | undefined): ReportFormat => ({
  write(report) {
    const { lines, more } = annotations(report);
    for (const line of lines) write(`${line}\n`);
    const said = moreLine(more, stepSummary !== undefined);
    if (said) write(`${said}\n`);
    if (stepSummary) appendFileSync(stepSummary, markdownSummary(report));
  },
});
