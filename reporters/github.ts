// GitHub Actions (when GITHUB_ACTIONS is set): the run's log folded in one ::group:: per area; an ::error
// annotation per error outside any check (why a run judged nothing) and per cause of a must-level requirement
// broken (a requirement broken with one answer), a ::warning per should-level one (::error under --strict), a
// ::notice per cause only of checks the baseline expects not to pass, each naming the operations and the number
// of checks; one ::error for the stale baseline entries and one for the expired ones; as many of each kind as GitHub shows, the most important first, and a line saying how
// many more the step summary holds; the Markdown summary appended to $GITHUB_STEP_SUMMARY, in the same order.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { causesOf, notJudged, OUTCOMES, standingOf, type Cause, type ConformanceReport, type ReportFormat, type Standing } from '../contract/report.ts';
import { markdownSummary } from './markdown.ts';
import { checkBlock, someOf, summaryFormat } from './summary.ts';
import { inert } from '../contract/untrusted.ts';

/** A workflow command's message: what a terminal acts on shown inert, then %, CR and LF escaped (GitHub's toolkit, escapeData). */
const escapeData = (text: string) => inert(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command's property value: also : and , escaped (escapeProperty). */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * Annotations of each kind (error, warning, notice) GitHub shows for a step: it drops the rest silently, and a
 * job's steps share a cap a few times larger (actions/toolkit, "Problem Matchers", Limitations). One per
 * broken requirement, not per check, so that one cause cannot spend them all.
 */
const ANNOTATIONS_SHOWN = 10;

/** Checks a requirement's annotation names by id after the first one's message: what its text has room for. */
const IDS_NAMED = 5;

type Command = 'error' | 'warning' | 'notice';

/** One annotation: its kind, its rank (lower first), and the line. */
interface Annotation {
  command: Command;
  rank: number;
  line: string;
}

/**
 * One annotation for one cause: its title names the requirement, the number of checks and the operations they
 * hit; its text, the first check's message (statement, expected, actual, curl) and the ids of the others. `prefix`
 * says what the baseline made of them.
 */
function groupLine(command: Command, g: Cause, prefix: string): string {
  const [first, ...others] = g.checks;
  const title = `${g.requirement} (${g.level}): ${g.checks.length} check${g.checks.length === 1 ? '' : 's'}${g.operations.length ? ` on ${g.operations.join(', ')}` : ''}`;
  const also = others.length
    ? `\n\nAlso broken by ${someOf(
        others.map((c) => c.id),
        IDS_NAMED,
      )}`
    : '';
  return `::${command} title=${escapeProperty(title)}::${escapeData(`${prefix}${first!.id}: ${first!.message}${also}`)}`;
}

/**
 * The causes on GitHub, one annotation each: must-level ones are ::error (and, under --strict, should-level ones,
 * ranked after); should-level ones ::warning; those a baseline expects (known) ::notice. A cause with a check whose
 * baseline entry has expired says so.
 */
function groupAnnotations(report: ConformanceReport, standing: (id: string) => Standing | undefined): Annotation[] {
  const file = report.baseline?.file;
  const known = causesOf(report.checks.filter((c) => standing(c.id) === 'known'));
  const judged = causesOf(report.checks.filter((c) => standing(c.id) !== 'known'));
  const expired = (g: Cause) => (g.checks.some((c) => standing(c.id) === 'expired') ? `an entry of ${file} has expired: ` : '');
  return [
    ...judged.map((g): Annotation => {
      if (g.level === 'must') return { command: 'error', rank: 0, line: groupLine('error', g, expired(g)) };
      return report.run.strict
        ? { command: 'error', rank: 2, line: groupLine('error', g, expired(g)) }
        : { command: 'warning', rank: 0, line: groupLine('warning', g, '') };
    }),
    ...known.map((g): Annotation => ({ command: 'notice', rank: 0, line: groupLine('notice', g, `known (${file}): `) })),
  ];
}

/**
 * The checks that passed where their baseline entries expect them not to (stale), and those whose entries have
 * expired: one ::error for each kind, naming the entries and how to take them out, however many there are.
 */
function entryAnnotations(report: ConformanceReport, standing: (id: string) => Standing | undefined): Annotation[] {
  const file = report.baseline?.file;
  const passed = (s: Standing) => report.checks.filter((c) => c.outcome === 'passed' && standing(c.id) === s).map((c) => c.id);
  const line = (ids: string[], kind: string, todo: (them: string) => string): Annotation[] => {
    if (ids.length === 0) return [];
    const what = `${ids.length} ${kind} entr${ids.length === 1 ? 'y' : 'ies'} of ${file}`;
    return [
      {
        command: 'error',
        rank: 1,
        line: `::error title=${escapeProperty(what)}::${escapeData(`${someOf(ids, IDS_NAMED)} passed: ${todo(ids.length === 1 ? 'it' : 'them')}`)}`,
      },
    ];
  };
  return [
    ...line(passed('stale'), 'stale', (them) => `prune ${them} with --update-baseline ${file}`),
    ...line(passed('expired'), 'expired', (them) => `remove ${them} from the baseline`),
  ];
}

/** An error outside any check (the run stopped at its bound, or why it judged nothing) is an ::error before any check's. */
const outsideAnyCheck = (report: ConformanceReport): Annotation[] =>
  report.errors.map((e) => ({
    command: 'error',
    rank: -1,
    line: `::error title=${escapeProperty(notJudged(report) ?? 'error outside any check')}::${escapeData(e)}`,
  }));

/**
 * The annotations GitHub will show (at most ANNOTATIONS_SHOWN of each kind, the most important first: errors
 * outside any check, must-level requirements, entries stale or expired, should-level ones under --strict; each
 * rank the most checks first), and how many more there are.
 */
export function annotations(report: ConformanceReport): { lines: string[]; more: Record<Command, number> } {
  const standing = standingOf(report);
  const all = [...outsideAnyCheck(report), ...groupAnnotations(report, standing), ...entryAnnotations(report, standing)];
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
    ['error', 'errors'],
    ['warning', 'warnings'],
    ['notice', 'notices'],
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
