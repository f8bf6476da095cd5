// The reports of a run that ended before it judged anything (a configuration error, a deployment that could not
// be reached, a key refused): every report asked for is written all the same, from a report with no check whose
// errors and exit say why, so that CI shows the reason where it shows a verdict. src/cli/main.ts and
// src/vitest/run.ts call it where such a run ends; the formats of reporters/ write it as they write any report.
import { packageVersion } from '../../contract/package-root.ts';
import type { ConformanceReport } from '../../contract/report.ts';
import { bounded } from '../../contract/untrusted.ts';
import { Redactor } from '../http/redactor.ts';
import type { UnjudgedSettings } from './config.ts';

/** How the run ended: its exit code, the one line that said why, and the address it reached for when it had one. */
export interface RunEnd {
  exitCode: number;
  reason: string;
  baseUrl?: string;
}

/**
 * The target of a run that ended before it had one (the embedded reference never started, a base URL that is
 * not one): a name that resolves nowhere (RFC 2606), as recorded traffic with no origin has.
 */
const NO_TARGET = 'http://not-started.invalid';

/** The report of a run that judged nothing: no check, the reason in errors and in exit with the exit code. */
export function unjudgedReport(settings: UnjudgedSettings, end: RunEnd): ConformanceReport {
  // the reason names no key by design; the redactor holds to it here as ConformanceReporter does for every report
  const redactor = new Redactor({ $MOCKAPI_TOKEN: settings.token, $MOCKAPI_FORBIDDEN_TOKEN: settings.forbiddenToken });
  const reason = bounded(redactor.redact(end.reason));
  return {
    tool: { name: 'mockapi-conformance', version: packageVersion() },
    target: {
      baseUrl: end.baseUrl ?? settings.baseUrl ?? NO_TARGET,
      profile: settings.profile,
      embedded: settings.embedded ?? (settings.baseUrl === undefined && settings.profile === 'live'),
    },
    // nothing was generated: no seed was used and no property ran
    run: { seed: 0, runs: 0, strict: settings.strict },
    summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 0 },
    checks: [],
    errors: [reason],
    exit: { code: end.exitCode, reason },
  };
}

/**
 * Writes every report asked for (JSON, JUnit, Markdown, HTML; under GitHub Actions the annotation and the step
 * summary) of a run that judged nothing. Not the console summary: the run's one line on stderr has said why.
 */
export async function writeUnjudged(settings: UnjudgedSettings, end: RunEnd, write: (text: string) => void): Promise<void> {
  const asked = settings.reportJson ?? settings.reportJunit ?? settings.reportMarkdown ?? settings.reportHtml ?? settings.github;
  if (asked === undefined) return;
  // the formats load the requirement register and the description: a configuration error without reports pays for none
  const { fileFormats } = await import('../../reporters/formats.ts');
  const report = unjudgedReport(settings, end);
  for (const format of fileFormats(settings, write)) format.write(report);
}
