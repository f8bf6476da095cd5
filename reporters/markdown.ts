// The Markdown summary (--report-markdown FILE, and GitHub's step summary): counts per outcome and area, the
// broken requirements with each failing check's message folded under it, and why checks could not judge or
// were skipped.
import { writeFileSync } from 'node:fs';
import { OUTCOMES, type CheckResult, type ConformanceReport, type Outcome, type ReportFormat } from './conformance.ts';
import { heldBack } from './summary.ts';
import { inert } from '../src/untrusted.ts';

const ICON: Record<Outcome, string> = { passed: '✅', failed: '❌', warned: '⚠️', errored: '⛔', skipped: '⏭️' };

/**
 * A table cell: one line, and what Markdown or HTML would act on escaped (a deployment's text could otherwise
 * end the table, or put a link or an image in a CI summary).
 */
const cell = (text: string) => text.replace(/[\\|`*_[\]<>!]/g, (c) => `\\${c}`).replace(/\s*\n\s*/g, ' ');

function checksOf(checks: readonly CheckResult[], heading: string): string[] {
  if (checks.length === 0) return [];
  return [
    '',
    `### ${heading}`,
    '',
    ...checks.flatMap((c) => [
      `<details><summary><code>${c.id}</code> ${cell(c.violated.join(', ') || c.requirement)}: ${cell(c.title)}</summary>`,
      '',
      '```',
      // a fence inside the message would end the block early
      c.message.replace(/```/g, "'''"),
      '```',
      '',
      '</details>',
    ]),
  ];
}

function reasons(checks: readonly CheckResult[], heading: string): string[] {
  if (checks.length === 0) return [];
  const counted = new Map<string, number>();
  for (const c of checks) counted.set(c.message.split('\n')[0]!, (counted.get(c.message.split('\n')[0]!) ?? 0) + 1);
  return ['', `### ${heading}`, '', '| checks | reason |', '| ---: | --- |', ...[...counted].map(([reason, n]) => `| ${n} | ${cell(reason)} |`)];
}

/** The report as a Markdown summary. */
export function markdownSummary(report: ConformanceReport): string {
  const s = report.summary;
  const of = (outcome: Outcome, checks = report.checks) => checks.filter((c) => c.outcome === outcome);
  const areas = [...new Set(report.checks.map((c) => c.area))];
  return [
    `## mockapi-conformance: ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference deployment)' : ''}`,
    '',
    `Profile ${report.target.profile}; seed ${report.run.seed}, ${report.run.runs} runs per property${report.run.strict ? '; strict (warnings fail)' : ''}; ${s.requests} requests in ${(s.durationMs / 1000).toFixed(1)} s${heldBack(s.heldBackMs)}.`,
    '',
    `| area | ${OUTCOMES.map((o) => `${ICON[o]} ${o}`).join(' | ')} |`,
    `| --- | ${OUTCOMES.map(() => '---:').join(' | ')} |`,
    ...areas.map((area) => `| ${area} | ${OUTCOMES.map((o) => of(o, report.checks.filter((c) => c.area === area)).length).join(' | ')} |`),
    `| **all** | ${OUTCOMES.map((o) => `**${s[o]}**`).join(' | ')} |`,
    ...checksOf(of('failed'), `${ICON.failed} Failed: must-level statements broken`),
    ...checksOf(of('warned'), `${ICON.warned} Warned: should-level statements broken${report.run.strict ? ' (failures under --strict)' : ''}`),
    ...reasons(of('errored'), `${ICON.errored} Errored: could not judge`),
    ...reasons(of('skipped'), `${ICON.skipped} Skipped`),
    ...(report.errors.length > 0 ? ['', '### Errors outside any check', '', ...report.errors.map((e) => `- ${cell(e)}`)] : []),
    '',
  ].map(inert).join('\n');
}

/** Writes the Markdown summary to `file` and says where, through `write`. */
export const markdownFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writeFileSync(file, markdownSummary(report));
    write(`Markdown summary: ${file}\n`);
  },
});
