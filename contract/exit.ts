// The exit codes of the command, and the one a report stands for: the same for a live run, recorded traffic
// (check-har) and the proxy. No runner here, so that the commands that send nothing do not load one.
import { judgedTooLittle, verdictOf, type ConformanceReport } from './report.ts';

export const EXIT = { passed: 0, failed: 1, usage: 2, unreachable: 3, unjudged: 4, misconfigured: 5, interrupted: 130 } as const;

/**
 * The code of a run that ended before judging anything, as its report says; else a failure (or, with strict,
 * a warning) is 1, against a baseline only what is new, stale or expired (verdictOf); where nothing failed
 * but checks could not judge, errors outside any check left some unrun, no check ran at all, or the run
 * judged less than --min-judged asks, 4 (a run that judged too little is one that could not judge); else 0.
 */
export function exitCodeOf(report: ConformanceReport): number {
  if (report.exit) return report.exit.code;
  const { failed, warned, errored } = report.summary;
  const verdict = report.baseline ? verdictOf(report.baseline, report.run.strict) : undefined;
  if (verdict === 'failed' || (verdict === undefined && (failed > 0 || (report.run.strict && warned > 0)))) return EXIT.failed;
  const unjudged = verdict === undefined ? errored > 0 : verdict === 'unjudged';
  if (unjudged || report.errors.length > 0 || report.checks.length === 0 || judgedTooLittle(report)) return EXIT.unjudged;
  return EXIT.passed;
}
