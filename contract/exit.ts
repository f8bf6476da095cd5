// The exit codes of the command, and the one a report stands for: the same for a live run, recorded traffic
// (check-har) and the proxy. No runner here, so that the commands that send nothing do not load one.
import type { ConformanceReport } from './report.ts';

export const EXIT = { passed: 0, failed: 1, usage: 2, unreachable: 3, unjudged: 4, misconfigured: 5, interrupted: 130 } as const;

/**
 * The code of a run that ended before judging anything, as its report says; else a failure (or, with strict,
 * a warning) is 1; where nothing failed but checks could not judge, errors outside any check left some unrun,
 * or no check ran at all, 4; else 0.
 */
export function exitCodeOf(report: ConformanceReport): number {
  if (report.exit) return report.exit.code;
  const { failed, warned, errored } = report.summary;
  if (failed > 0 || (report.run.strict && warned > 0)) return EXIT.failed;
  if (errored > 0 || report.errors.length > 0 || report.checks.length === 0) return EXIT.unjudged;
  return EXIT.passed;
}
