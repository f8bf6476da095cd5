// The console summary of a run: per area (with the share it judged), one failed or warned check of each cause
// with what it found (and its curl line), why checks could not judge and why they were skipped, the baseline's
// standing, errors outside any check, then last, where a terminal shows them, the causes (a requirement broken
// with one answer, must-level first, the most checks first, one line each) and one closing line that says how
// much of the checks the run judged.
import {
  causesOf,
  judgedShare,
  judgedTooLittle,
  notJudged,
  OUTCOMES,
  rerunSaid,
  standingOf,
  type BaselineSection,
  type BrokenRequirement,
  type Cause,
  type CheckResult,
  type ConformanceReport,
  type Outcome,
  type ReportFormat,
  type RunSection,
  type WindowRange,
} from '../contract/report.ts';
import { inert } from '../contract/untrusted.ts';
import { EXIT, exitCodeOf } from '../contract/exit.ts';
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

/** Text cut to `max` characters for a line that says more after it. */
const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * One cause in a line: the requirement, how many checks it explains on which operations, and what came back
 * against what was expected (where the messages say it).
 */
export const causeSaid = (c: Cause): string =>
  `${brokenSaid(c)}${c.actual ? `; actual ${cut(c.actual, 120)}${c.expected ? `, expected ${cut(c.expected, 120)}` : ''}` : ''}`;

/** How many causes the console's last screen lists: the reports list every one. */
const CAUSES_SHOWN = 12;

/** The causes, must-level then should-level, one line each: what the console ends with, above its closing line. */
function causeLines(causes: readonly Cause[], report: ConformanceReport): string[] {
  if (causes.length === 0) return [];
  const shown = causes.slice(0, CAUSES_SHOWN);
  const of = (level: 'must' | 'should') => shown.filter((c) => c.level === level).map((c) => `  ${causeSaid(c)}`);
  const [must, should] = [of('must'), of('should')];
  const rest = causes.slice(CAUSES_SHOWN);
  return [
    ...(must.length ? ['', `Failed (must-level statements broken${report.baseline ? ', not known' : ''}), one line per cause:`, ...must] : []),
    ...(should.length
      ? ['', `Warned (should-level statements broken${report.run.strict ? '; --strict makes them failures' : ''}), one line per cause:`, ...should]
      : []),
    ...(rest.length
      ? [
          `  … and ${rest.length} more cause${rest.length === 1 ? '' : 's'} of ${new Set(rest.flatMap((c) => c.checks)).size} checks: the reports list every one`,
        ]
      : []),
  ];
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

/** One check of each cause (the first), failed then warned, with its message (statement, expected, actual, curl), up to DETAILED. */
function details(causes: readonly Cause[]): string[] {
  const first = [...new Set(causes.map((c) => c.checks[0]!))];
  if (first.length === 0) return [];
  const shown = first.slice(0, DETAILED).flatMap(checkBlock);
  const all = new Set(causes.flatMap((c) => c.checks)).size;
  const more =
    all > Math.min(first.length, DETAILED) ? ['', `  (${all} checks in all: --report-json, --report-junit or --report-markdown hold every one)`] : [];
  return ['', 'What failed and warned, one check of each cause:', ...shown, ...more];
}

/** The time the deployment held the run back, when it did: said after the run's own time. */
export const heldBack = (ms: number | undefined): string => (ms ? `, held back ${(ms / 1000).toFixed(1)} s by the deployment (429 or 503)` : '');

/**
 * More connections than this, and the run may say they are far beyond its requests: twice --concurrency's most
 * requests in flight, so that no run's own concurrency explains them (over keep-alive a run opens about one per request
 * in flight, and a few more where the deployment closes idle ones).
 */
export const MANY_CONNECTIONS = 128;

/**
 * Requests per connection, on average, below which the connections are far beyond the requests: a deployment that
 * keeps connections alive carries tens to thousands of requests on each (nginx ends one after 1,000 by default), one
 * that ends each connection after an answer or two carries one or two.
 */
export const FEW_REQUESTS_PER_CONNECTION = 4;

/**
 * What the run says when it opened connections far beyond the requests it sent (more than MANY_CONNECTIONS, fewer
 * than FEW_REQUESTS_PER_CONNECTION requests on each): how the deployment handles connections, never a verdict, as the
 * interface says nothing about them. Undefined otherwise, and for recorded traffic (nothing was sent).
 */
export function connectionsSaid(summary: ConformanceReport['summary']): string | undefined {
  const { connections = 0, requests } = summary;
  if (connections <= MANY_CONNECTIONS || requests >= connections * FEW_REQUESTS_PER_CONNECTION) return undefined;
  return (
    `Connections: the run opened ${connections} for ${requests} requests (${(requests / connections).toFixed(1)} on each): the deployment, or what stands ` +
    'before it, ends its connections after an answer or a few (Connection: close, an HTTP/2 GOAWAY, a short idle timeout), so most requests wait for a new ' +
    'connection (over https, a TLS handshake too), which makes the run slower and costs memory. An observation about how the deployment handles ' +
    'connections, which the interface says nothing about: no check judged it, and it changes no verdict.'
  );
}

/** The known checks (the baseline expects them not to pass): one line each, with the entry's reason. */
function known(report: ConformanceReport): string[] {
  const b = report.baseline;
  if (!b || b.known.length === 0) return [];
  const shown = b.known.slice(0, DETAILED).map((k) => `  ${k.id} ${k.outcome}: ${k.reason}${k.issue ? ` (${k.issue})` : ''}`);
  return ['', `Known (${b.file} expects them not to pass):`, ...shown, ...(b.known.length > DETAILED ? [`  … and ${b.known.length - DETAILED} more`] : [])];
}

/**
 * How the payloads were generated, and what sends the same requests again: the seed, the runs per property, the
 * requests in flight, and the flags of a rerun (rerunFlags).
 */
export function generatedSaid(run: RunSection): string {
  const inFlight = run.concurrency === undefined ? '' : `, ${run.concurrency} requests in flight${run.adaptive ? ' at first (adapting to the answers)' : ''}`;
  return `seed ${run.seed}, ${run.runs} runs per property${inFlight} (rerun with ${rerunSaid(run)})`;
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
  if (!r) return generatedSaid(report.run);
  const ignored = r.ignored.reduce((n, i) => n + i.count, 0);
  const from = /^https?:\/\//.test(r.source) ? `forwarded to ${r.source}` : `recorded in ${r.source}`;
  return `${r.exchanges} exchange${r.exchanges === 1 ? '' : 's'} ${from}: ${r.judged} judged, ${ignored} of no operation ignored`;
}

/** The closing figures: requests sent, or for recorded traffic the exchanges judged (nothing was sent). */
export const traffic = (report: ConformanceReport): string =>
  report.recorded
    ? `${report.recorded.judged} exchange${report.recorded.judged === 1 ? '' : 's'} judged`
    : `${report.summary.requests} request${report.summary.requests === 1 ? '' : 's'}`;

/** How many entries of each standing the console names against a baseline: the reports list every one. */
const ENTRIES_SHOWN = 10;

/** Lines of one standing, the first ENTRIES_SHOWN of them and how many more, with what to do about the rest. */
function someLines<T>(entries: readonly T[], line: (e: T) => string, more: string): string[] {
  const rest = entries.length - ENTRIES_SHOWN;
  return [...entries.slice(0, ENTRIES_SHOWN).map(line), ...(rest > 0 ? [`  … and ${rest} more ${more}`] : [])];
}

/** The console lines of a run against its baseline. */
function formatBaseline(b: BaselineSection): string {
  return [
    '',
    `Against the baseline ${b.file}: ${b.known.length} known, ${b.new.length} new, ${b.stale.length} stale, ${b.expired.length} expired`,
    ...someLines(b.new, (n) => `  new: ${n.id} ${n.outcome}${n.expected ? ` (the baseline expects ${n.expected})` : ''}`, 'new: the reports list them'),
    ...someLines(b.stale, (s) => `  stale: ${s.id} passed; remove its entry ("${s.reason}")`, `stale: ${pruneSaid(b)}`),
    ...someLines(
      b.expired,
      (e) =>
        `  expired: ${e.id} on ${e.expires} ("${e.reason}"${e.issue ? `, ${e.issue}` : ''}): ${e.outcome ? `${e.outcome}, and it counts again` : 'its check did not run'}`,
      'expired: the reports list them',
    ),
    ...someLines(
      b.unmatched,
      (id) => {
        const why = retiredWhy(id);
        return why ? `  retired: ${id} (${why}); remove its entry` : `  not reported by this run: ${id}`;
      },
      'not reported by this run, or retired',
    ),
  ].join('\n');
}

/** How to take stale entries out of a baseline: write it again from a run. */
const pruneSaid = (b: BaselineSection): string => `prune them with --update-baseline ${b.file}`;

/**
 * What the closing line adds against a baseline whose entries fail the run though no check failed: the stale
 * entries (their checks pass now) and how to prune them, the expired ones.
 */
export function entriesSaid(report: ConformanceReport): string {
  const b = report.baseline;
  if (!b) return '';
  const stale = b.stale.length
    ? `; ${b.stale.length} stale entr${b.stale.length === 1 ? 'y' : 'ies'} of the baseline (the checks pass now): ${pruneSaid(b)}`
    : '';
  const ran = b.expired.filter((e) => e.outcome !== undefined).length;
  const expired = ran ? `; ${ran} expired entr${ran === 1 ? 'y' : 'ies'} of the baseline excuse nothing: renew or remove them` : '';
  return `${stale}${expired}`;
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

/**
 * The console digest, its last screen what a terminal shows: per area, one check of each cause with its message,
 * why checks could not judge or were skipped, the baseline's standing, then the causes (the most severe first,
 * one line each) and the closing line. Against a baseline, a check it expects not to pass is counted `known` and
 * shown apart; FAIL, the details and the causes are for the rest. details: false leaves out each check's message
 * (GitHub shows them folded per area, reporters/github.ts).
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
  const causes = causesOf(judged);
  if (options.details !== false) lines.push(...details(causes));
  lines.push(...byReason(of('errored', judged), 'Errored (could not judge):'));
  lines.push(...byReason(of('skipped'), 'Skipped:'));
  lines.push(...known(report));
  if (report.baseline) lines.push(formatBaseline(report.baseline));
  for (const error of report.errors) lines.push('', `Error outside any check: ${error}`);
  lines.push(...causeLines(causes, report));
  const s = report.summary;
  const connections = connectionsSaid(s);
  if (connections) lines.push('', connections);
  lines.push(
    '',
    `${OUTCOMES.map((o) => `${s[o]} ${o}`).join(', ')}: ${judgedSaid(report)}; ${traffic(report)} in ${(s.durationMs / 1000).toFixed(1)} s${windowSaid(s.window)}${heldBack(s.heldBackMs)}${entriesSaid(report)}`,
  );
  // messages and errors hold what the deployment sent: shown inert (contract/untrusted.ts)
  return inert(lines.join('\n'));
}

/** What a run comes to, in a word, as the exit code says it (against the baseline when there is one). */
export function verdictOfReport(report: ConformanceReport): 'passed' | 'failed' | 'unjudged' {
  const code = exitCodeOf(report);
  return code === EXIT.failed ? 'failed' : code === EXIT.passed ? 'passed' : 'unjudged';
}

const VERDICT_WORDS = { passed: 'PASSED', failed: 'FAILED', unjudged: 'NOT ALL JUDGED' } as const;

/** The verdict's word as the HTML banner and the Markdown's first line say it, with the known checks against a baseline. */
export function verdictWord(report: ConformanceReport): string {
  const known = report.baseline?.known.length ? `, ${report.baseline.known.length} known` : '';
  return `${report.exit ? `NOTHING JUDGED (exit ${report.exit.code})` : VERDICT_WORDS[verdictOfReport(report)]}${known}`;
}

/** Writes the summary where the run's output goes. */
export const summaryFormat = (write: (text: string) => void, options: { details?: boolean } = {}): ReportFormat => ({
  write: (report) => write(`${formatSummary(report, options)}\n`),
});
