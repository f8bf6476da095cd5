// The console summary of a run: per area (with the share it judged), then the broken requirements (must-level,
// then should-level, the most checks first), what each failed and warned check found (with its curl line), why
// checks could not judge and why they were skipped, errors outside any check, and one closing line that says
// how much of the checks the run judged.
import {
  brokenRequirements,
  judgedShare,
  judgedTooLittle,
  notJudged,
  OUTCOMES,
  standingOf,
  type BaselineSection,
  type BrokenRequirement,
  type CheckResult,
  type ConformanceReport,
  type Outcome,
  type ReportFormat,
  type WindowRange,
} from '../contract/report.ts';
import { inert } from '../contract/untrusted.ts';
import { retiredWhy } from '../contract/retired.ts';

/** An area's mark: its worst outcome; an area whose checks were all skipped judged nothing, and is never `ok`. */
const MARK: Record<Outcome | 'unjudged', string> = { failed: 'FAIL', errored: 'ERR', warned: 'WARN', passed: 'ok', skipped: 'ok', unjudged: 'not judged' };
const MARK_WIDTH = Math.max(...Object.values(MARK).map((m) => m.length));

/** Some names, the first few in full and how many more: what a line has room for. */
export const someOf = (names: readonly string[], shown = 3): string =>
  names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;

/** One broken requirement in a line: how many checks found it broken, on which operations. */
export const brokenSaid = (g: BrokenRequirement): string =>
  `${g.requirement}: ${g.checks.length} check${g.checks.length === 1 ? '' : 's'}${g.operations.length ? ` on ${someOf(g.operations)}` : ''}`;

/** The requirements of one level the checks found broken, most checks first, each with the checks that found it. */
function broken(groups: readonly BrokenRequirement[], heading: string): string[] {
  if (groups.length === 0) return [];
  const titles = (g: BrokenRequirement) =>
    g.checks
      .slice(0, 3)
      .map((c) => c.title)
      .join('; ') + (g.checks.length > 3 ? '; …' : '');
  return ['', heading, ...groups.map((g) => `  ${brokenSaid(g)} (${titles(g)})`)];
}

/** Checks of one outcome counted by their reason (its first line). */
function byReason(checks: readonly CheckResult[], heading: string): string[] {
  const reasons = new Map<string, number>();
  for (const c of checks) {
    const reason = c.message.split('\n')[0]!;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return reasons.size === 0 ? [] : ['', heading, ...[...reasons].map(([reason, n]) => `  ${n} × ${reason}`)];
}

/** How many failed and warned checks the console shows whole: the reports hold every one. */
const DETAILED = 20;

/** One check with its message (statement, expected, actual, curl), indented under its outcome and id. */
export const checkBlock = (c: CheckResult): string[] => [
  '',
  `  ${c.outcome.toUpperCase()} ${c.id}: ${c.title}`,
  ...c.message.split('\n').map((line) => `    ${line}`),
];

/** Each failed, then warned, check with its message (statement, expected, actual, curl), up to DETAILED. */
function details(checks: readonly CheckResult[]): string[] {
  if (checks.length === 0) return [];
  const shown = checks.slice(0, DETAILED).flatMap(checkBlock);
  const more =
    checks.length > DETAILED ? ['', `  … and ${checks.length - DETAILED} more: --report-json, --report-junit or --report-markdown hold every one`] : [];
  return ['', 'What failed and warned:', ...shown, ...more];
}

/** The time the deployment held the run back, when it did: said after the run's own time. */
export const heldBack = (ms: number | undefined): string => (ms ? `, held back ${(ms / 1000).toFixed(1)} s by the deployment (429 or 503)` : '');

/** The known checks (the baseline expects them not to pass): one line each, with the entry's reason. */
function known(report: ConformanceReport): string[] {
  const b = report.baseline;
  if (!b || b.known.length === 0) return [];
  const shown = b.known.slice(0, DETAILED).map((k) => `  ${k.id} ${k.outcome}: ${k.reason}${k.issue ? ` (${k.issue})` : ''}`);
  return ['', `Known (${b.file} expects them not to pass):`, ...shown, ...(b.known.length > DETAILED ? [`  … and ${b.known.length - DETAILED} more`] : [])];
}

/**
 * What the run judged, for the headers: the seed and runs of a run that sent requests; the file or the
 * upstream and the exchanges counted of recorded traffic (check-har, proxy), which has neither; nothing, with
 * the exit code, of a run that ended before any check.
 */
export function whatWasJudged(report: ConformanceReport): string {
  const nothing = notJudged(report);
  if (nothing) return nothing;
  const r = report.recorded;
  if (!r) return `seed ${report.run.seed}, ${report.run.runs} runs per property`;
  const ignored = r.ignored.reduce((n, i) => n + i.count, 0);
  const from = /^https?:\/\//.test(r.source) ? `forwarded to ${r.source}` : `recorded in ${r.source}`;
  return `${r.exchanges} exchange${r.exchanges === 1 ? '' : 's'} ${from}: ${r.judged} judged, ${ignored} of no operation ignored`;
}

/** The closing figures: requests sent, or for recorded traffic the exchanges judged (nothing was sent). */
export const traffic = (report: ConformanceReport): string =>
  report.recorded
    ? `${report.recorded.judged} exchange${report.recorded.judged === 1 ? '' : 's'} judged`
    : `${report.summary.requests} request${report.summary.requests === 1 ? '' : 's'}`;

/** The console lines of a run against its baseline. */
function formatBaseline(b: BaselineSection): string {
  const lines = ['', `Against the baseline ${b.file}: ${b.known.length} known, ${b.new.length} new, ${b.stale.length} stale, ${b.expired.length} expired`];
  for (const n of b.new) lines.push(`  new: ${n.id} ${n.outcome}${n.expected ? ` (the baseline expects ${n.expected})` : ''}`);
  for (const s of b.stale) lines.push(`  stale: ${s.id} passed; remove its entry ("${s.reason}")`);
  for (const e of b.expired)
    lines.push(
      `  expired: ${e.id} on ${e.expires} ("${e.reason}"${e.issue ? `, ${e.issue}` : ''}): ${e.outcome ? `${e.outcome}, and it counts again` : 'its check did not run'}`,
    );
  for (const id of b.unmatched) {
    const why = retiredWhy(id);
    lines.push(why ? `  retired: ${id} (${why}); remove its entry` : `  not reported by this run: ${id}`);
  }
  return lines.join('\n');
}

/** The range in words, after a run's request count: what the run had in flight. */
const windowSaid = (w: WindowRange | undefined): string =>
  w ? `, ${w.min === w.max ? w.min : `${w.min} to ${w.max}`} in flight (adapted to the answers from ${w.from}, at most ${w.ceiling})` : '';

/**
 * How much of the checks the run judged (passed, failed or warned) and how much it skipped, in the words of
 * the closing line; and when --min-judged asked for more, that it did not.
 */
export function judgedSaid(report: ConformanceReport): string {
  const s = judgedShare(report.checks);
  const skipped = s.checks === 0 ? 0 : Math.floor((s.skipped * 100) / s.checks);
  const below = judgedTooLittle(report) ? ` (below --min-judged ${report.run.minJudged}%)` : '';
  return `${s.percent}% of ${s.checks} check${s.checks === 1 ? '' : 's'} judged${below}, ${skipped}% skipped`;
}

/** A line per area: its mark, its count per outcome, the share it judged, and against a baseline its known checks. */
function areaLines(report: ConformanceReport, isKnown: (c: CheckResult) => boolean): string[] {
  const standing = standingOf(report);
  const areas = [...new Set(report.checks.map((c) => c.area))];
  const width = Math.max(...areas.map((a) => a.length), 4);
  const of = (outcome: Outcome, checks: readonly CheckResult[]) => checks.filter((c) => c.outcome === outcome);
  return areas.map((area) => {
    const inArea = report.checks.filter((c) => c.area === area);
    const judged = inArea.filter((c) => !isKnown(c));
    const share = judgedShare(inArea);
    // a stale or expired entry fails its area as a failure would
    const worst = judged.some((c) => standing(c.id) === 'stale' || standing(c.id) === 'expired')
      ? 'failed'
      : ((['failed', 'errored', 'warned'] as const).find((o) => of(o, judged).length > 0) ?? (share.judged === 0 ? 'unjudged' : 'passed'));
    const knownCount = report.baseline ? `  ${String(inArea.length - judged.length).padStart(3)} known` : '';
    const counts = OUTCOMES.map((o) => `${String(of(o, inArea).length).padStart(3)} ${o}`).join('  ');
    return `  ${MARK[worst].padEnd(MARK_WIDTH)} ${area.padEnd(width)}  ${counts}  ${String(share.percent).padStart(3)}% judged${knownCount}`;
  });
}

/** The failed and warned checks, in the order of the requirements they broke (the most severe first), each once. */
/**
 * The checks of the broken requirements, the first of each requirement first: the details the console has room
 * for name every broken requirement before a second check of any one of them.
 */
const byBroken = (groups: readonly BrokenRequirement[]): CheckResult[] => [
  ...new Set([...groups.map((g) => g.checks[0]!), ...groups.flatMap((g) => g.checks)]),
];

/**
 * The console digest: per area, the broken requirements (the most severe first), the reasons, one closing line. Against a baseline,
 * a check it expects not to pass is counted `known` and shown apart; FAIL and the details are for the rest.
 * details: false leaves out each check's message (GitHub shows them folded per area, reporters/github.ts).
 */
function formatSummary(report: ConformanceReport, options: { details?: boolean } = {}): string {
  const lines: string[] = [
    '',
    `Conformance of ${report.recorded ? whatWasJudged(report) : report.target.baseUrl}${report.target.embedded ? ' (embedded reference deployment)' : ''}, profile ${report.target.profile}`,
  ];
  const standing = standingOf(report);
  const isKnown = (c: CheckResult) => standing(c.id) === 'known';
  const of = (outcome: Outcome, checks = report.checks) => checks.filter((c) => c.outcome === outcome);
  lines.push(...areaLines(report, isKnown));
  const judged = report.checks.filter((c) => !isKnown(c));
  const groups = brokenRequirements(judged);
  lines.push(
    ...broken(
      groups.filter((g) => g.level === 'must'),
      `Failed (must-level statements broken${report.baseline ? ', not known' : ''}):`,
    ),
  );
  lines.push(
    ...broken(
      groups.filter((g) => g.level === 'should'),
      `Warned (should-level statements broken${report.run.strict ? '; --strict makes them failures' : ''}):`,
    ),
  );
  if (options.details !== false) lines.push(...details(byBroken(groups)));
  lines.push(...byReason(of('errored', judged), 'Errored (could not judge):'));
  lines.push(...byReason(of('skipped'), 'Skipped:'));
  lines.push(...known(report));
  if (report.baseline) lines.push(formatBaseline(report.baseline));
  for (const error of report.errors) lines.push('', `Error outside any check: ${error}`);
  const s = report.summary;
  lines.push(
    '',
    `${OUTCOMES.map((o) => `${s[o]} ${o}`).join(', ')}: ${judgedSaid(report)}; ${traffic(report)} in ${(s.durationMs / 1000).toFixed(1)} s${windowSaid(s.window)}${heldBack(s.heldBackMs)}`,
  );
  // messages and errors hold what the deployment sent: shown inert (contract/untrusted.ts)
  return inert(lines.join('\n'));
}

/** Writes the summary where the run's output goes. */
export const summaryFormat = (write: (text: string) => void, options: { details?: boolean } = {}): ReportFormat => ({
  write: (report) => write(`${formatSummary(report, options)}\n`),
});
