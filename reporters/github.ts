// GitHub Actions (when GITHUB_ACTIONS is set): one ::error annotation per failed check and one ::warning per
// warned one (::error under --strict), on the run's output where the runner reads workflow commands, and the
// Markdown summary appended to $GITHUB_STEP_SUMMARY.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { ConformanceReport, ReportFormat } from './conformance.ts';
import { markdownSummary } from './markdown.ts';
import { inert } from '../src/untrusted.ts';

/** A workflow command's message: what a terminal acts on shown inert, then %, CR and LF escaped (GitHub's toolkit, escapeData). */
const escapeData = (text: string) => inert(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command's property value: also : and , escaped (escapeProperty). */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** The annotations of a report, one line each. */
export function annotations(report: ConformanceReport): string[] {
  return report.checks
    .filter((c) => c.outcome === 'failed' || c.outcome === 'warned')
    .map((c) => {
      const command = c.outcome === 'failed' || report.run.strict ? 'error' : 'warning';
      return `::${command} title=${escapeProperty(`${c.violated.join(', ')} ${c.id}`)}::${escapeData(c.message)}`;
    });
}

/**
 * Output that holds a deployment's text, between `::stop-commands::<token>` and `::<token>::`: the runner
 * reads no workflow command in it, whatever line the text forms (GitHub's advice for untrusted output). The
 * token is random, so the text cannot end the stop itself. The annotations come after, where commands work.
 */
export function withoutCommands(format: ReportFormat, write: (text: string) => void): ReportFormat {
  return {
    write(report) {
      const token = randomBytes(16).toString('hex');
      write(`::stop-commands::${token}\n`);
      try {
        format.write(report);
      } finally {
        write(`::${token}::\n`);
      }
    },
  };
}

/** Annotations through `write`, and the summary appended to `stepSummary` when the runner names one. */
export const githubFormat = (write: (text: string) => void, stepSummary: string | undefined): ReportFormat => ({
  write(report) {
    for (const line of annotations(report)) write(`${line}\n`);
    if (stepSummary) appendFileSync(stepSummary, markdownSummary(report));
  },
});
