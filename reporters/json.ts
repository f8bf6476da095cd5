// The JSON report: the whole report, as ConformanceReporter builds it, in one file, with the share of its checks
// judged (judgedShares) beside the summary, for a pipeline to read without counting.
import { writePrivateFile } from './private-file.ts';
import { judgedShares, type ConformanceReport, type ReportFormat } from '../contract/report.ts';
import { inertLine, jsonInert } from '../contract/untrusted.ts';

/** What the file holds: the report, and the share of its checks judged. */
export type ReportFile = ConformanceReport & { judged: ReturnType<typeof judgedShares> };

/** The report as the file has it: the share judged after the summary, the rest as it is. */
export function reportJson(report: ConformanceReport): string {
  const { tool, target, run, summary, ...rest } = report;
  const file: ReportFile = { tool, target, run, summary, judged: judgedShares(report), ...rest };
  return JSON.stringify(file, null, 2);
}

/** Writes the report to `file` and says where, through `write`. */
export const jsonFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writePrivateFile(file, `${jsonInert(reportJson(report))}\n`);
    write(`JSON report: ${inertLine(file)}\n`);
  },
});
