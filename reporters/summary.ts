// The console summary of a run: per area, then the broken requirements (failed, then warned), what each
// failed and warned check found (with its curl line), why checks could not judge and why they were skipped,
// errors outside any check, and one closing line.
import { inert } from '../src/untrusted.ts';
import { windowSaid } from '../src/window.ts';
import { OUTCOMES, type CheckResult, type ConformanceReport, type Outcome, type ReportFormat } from './conformance.ts';

const MARK: Record<Outcome, string> = { failed: 'FAIL', errored: 'ERR ', warned: 'WARN', passed: 'ok  ', skipped: 'ok  ' };

/** The requirements the checks of one outcome found broken, with the checks that found each. */
function broken(checks: readonly CheckResult[], heading: string): string[] {
  const by = new Map<string, string[]>();
  for (const c of checks) for (const id of c.violated) by.set(id, [...(by.get(id) ?? []), c.title]);
  if (by.size === 0) return [];
  return ['', heading, ...[...by].sort().map(([id, titles]) => `  ${id}: ${titles.length} check${titles.length > 1 ? 's' : ''} (${titles.slice(0, 3).join('; ')}${titles.length > 3 ? '; …' : ''})`)];
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

/** Each failed, then warned, check with its message (statement, expected, actual, curl), up to DETAILED. */
function details(checks: readonly CheckResult[]): string[] {
  if (checks.length === 0) return [];
  const shown = checks.slice(0, DETAILED).flatMap((c) => ['', `  ${c.outcome.toUpperCase()} ${c.id}: ${c.title}`, ...c.message.split('\n').map((line) => `    ${line}`)]);
  const more = checks.length > DETAILED ? ['', `  … and ${checks.length - DETAILED} more: --report-json, --report-junit or --report-markdown hold every one`] : [];
  return ['', 'What failed and warned:', ...shown, ...more];
}

/** The console digest: per area, the broken requirements, the reasons, one closing line. */
/** The time the deployment held the run back, when it did: said after the run's own time. */
export const heldBack = (ms: number | undefined): string => (ms ? `, held back ${(ms / 1000).toFixed(1)} s by the deployment (429 or 503, Retry-After)` : '');

export function formatSummary(report: ConformanceReport): string {
  const lines: string[] = ['', `Conformance of ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference deployment)' : ''}, profile ${report.target.profile}`];
  const areas = [...new Set(report.checks.map((c) => c.area))];
  const width = Math.max(...areas.map((a) => a.length), 4);
  const of = (outcome: Outcome, checks = report.checks) => checks.filter((c) => c.outcome === outcome);
  for (const area of areas) {
    const inArea = report.checks.filter((c) => c.area === area);
    const worst = (['failed', 'errored', 'warned'] as const).find((o) => of(o, inArea).length > 0) ?? 'passed';
    lines.push(`  ${MARK[worst]} ${area.padEnd(width)}  ${OUTCOMES.map((o) => `${String(of(o, inArea).length).padStart(3)} ${o}`).join('  ')}`);
  }
  lines.push(...broken(of('failed'), 'Failed (must-level statements broken):'));
  lines.push(...broken(of('warned'), `Warned (should-level statements broken${report.run.strict ? '; --strict makes them failures' : ''}):`));
  lines.push(...details([...of('failed'), ...of('warned')]));
  lines.push(...byReason(of('errored'), 'Errored (could not judge):'));
  lines.push(...byReason(of('skipped'), 'Skipped:'));
  for (const error of report.errors) lines.push('', `Error outside any check: ${error}`);
  const s = report.summary;
  lines.push('', `${OUTCOMES.map((o) => `${s[o]} ${o}`).join(', ')}; ${s.requests} requests in ${(s.durationMs / 1000).toFixed(1)} s${windowSaid(s.window)}${heldBack(s.heldBackMs)}`);
  // messages and errors hold what the deployment sent: shown inert (src/untrusted.ts)
  return inert(lines.join('\n'));
}

/** Writes the summary where the run's output goes. */
export const summaryFormat = (write: (text: string) => void): ReportFormat => ({
  write: (report) => write(`${formatSummary(report)}\n`),
});
