// The JSON report: the whole report, as ConformanceReporter builds it, in one file.
import { writePrivateFile } from './private-file.ts';
import type { ReportFormat } from '../contract/report.ts';
import { inertLine, jsonInert } from '../contract/untrusted.ts';

/** Writes the report to `file` and says where, through `write`. */
export const jsonFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writePrivateFile(file, `${jsonInert(JSON.stringify(report, null, 2))}\n`);
    write(`JSON report: ${inertLine(file)}\n`);
  },
});
