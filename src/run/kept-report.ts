// The evidence of the last runs, kept where `replay` finds it without a flag: beside the state file (what a run
// remembers, src/run/deletions.ts), the report of the last run that judged, and of the last red one (a check
// failed, warned or errored, and the run did not pass). A replay keeps neither: it never overwrites what it replays.
import { dirname, join } from 'node:path';
import { EXIT } from '../../contract/exit.ts';
import type { CheckResult, ConformanceReport } from '../../contract/report.ts';
import { jsonInert } from '../../contract/untrusted.ts';
import { reportJson } from '../../reporters/json.ts';
import { writePrivateFile } from '../../reporters/private-file.ts';

/** The files beside the state file: the last run's report, and the last red run's. */
export function keptReports(stateFile: string): { last: string; red: string } {
  const dir = dirname(stateFile);
  return { last: join(dir, '.mockapi-conformance-last-run.json'), red: join(dir, '.mockapi-conformance-last-red-run.json') };
}

/** The checks a replay runs again: those that failed, warned or errored. */
export const toReplay = (report: ConformanceReport): CheckResult[] =>
  report.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'warned' || c.outcome === 'errored');

/** A red run: it did not pass (a failure, or checks that could not judge), and has checks to replay. */
export const isRed = (report: ConformanceReport, exitCode: number): boolean =>
  (exitCode === EXIT.failed || exitCode === EXIT.unjudged) && toReplay(report).length > 0;

/**
 * Keeps the report of a run that judged, as --report-json writes it: the last run's always, the last red run's
 * too when it is red. Returns the red one's file when it was kept, or why a file could not be written.
 */
export function keepReport(stateFile: string, report: ConformanceReport, exitCode: number): { red?: string; failed?: string } {
  const files = keptReports(stateFile);
  const text = `${jsonInert(reportJson(report))}\n`;
  try {
    writePrivateFile(files.last, text);
    if (!isRed(report, exitCode)) return {};
    writePrivateFile(files.red, text);
    return { red: files.red };
  } catch (error) {
    return { failed: `could not keep the report beside the state file (${(error as Error).message}); --report-json FILE keeps one for replay` };
  }
}
