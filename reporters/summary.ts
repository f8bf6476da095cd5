// The console summary of a run: per area, then the failing requirements, the reasons for skips, errors
// outside any check, and one closing line.
import type { Level } from '../contract/requirements.ts';
import type { CheckStatus, ConformanceReport, ReportFormat } from './conformance.ts';

/** The console digest: per area, then the failing requirements, then one closing line. */
export function formatSummary(report: ConformanceReport): string {
  const lines: string[] = ['', `Conformance of ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference deployment)' : ''}, profile ${report.target.profile}`];
  const areas = [...new Set(report.checks.map((c) => c.area))];
  const width = Math.max(...areas.map((a) => a.length), 4);
  for (const area of areas) {
    const of = report.checks.filter((c) => c.area === area);
    const n = (s: CheckStatus) => of.filter((c) => c.status === s).length;
    const mark = n('failed') > 0 ? 'FAIL' : 'ok  ';
    lines.push(`  ${mark} ${area.padEnd(width)}  ${String(n('passed')).padStart(3)} passed  ${String(n('failed')).padStart(3)} failed  ${String(n('skipped')).padStart(3)} skipped`);
  }
  const failing = new Map<string, { level: Level; titles: string[] }>();
  for (const c of report.checks.filter((c) => c.status === 'failed')) {
    for (const id of c.violated) {
      const entry = failing.get(id) ?? { level: c.level, titles: [] };
      entry.titles.push(c.title);
      failing.set(id, entry);
    }
  }
  if (failing.size > 0) {
    lines.push('', 'Failing requirements:');
    for (const [id, { titles }] of [...failing].sort()) {
      lines.push(`  ${id}: ${titles.length} check${titles.length > 1 ? 's' : ''} (${titles.slice(0, 3).join('; ')}${titles.length > 3 ? '; …' : ''})`);
    }
  }
  const skippedReasons = new Map<string, number>();
  for (const c of report.checks.filter((c) => c.status === 'skipped')) skippedReasons.set(c.message, (skippedReasons.get(c.message) ?? 0) + 1);
  if (skippedReasons.size > 0) {
    lines.push('', 'Skipped:');
    for (const [reason, n] of skippedReasons) lines.push(`  ${n} × ${reason}`);
  }
  for (const error of report.errors) lines.push('', `Error outside any check: ${error}`);
  const s = report.summary;
  lines.push('', `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped; ${s.requests} requests in ${(s.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

/** Writes the summary where the run's output goes. */
export const summaryFormat = (write: (text: string) => void): ReportFormat => ({
  write: (report) => write(`${formatSummary(report)}\n`),
});
