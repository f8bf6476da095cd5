// The global setup of conformanceProject: in an implementer's own vitest, the run's target is opened here, once,
// before the checks (the embedded reference or the base URL given, the probe, the preflight), and handed to the
// worker as the command hands it (RunDescription, provided as `run`). Asked to run the checks again (watch mode), it
// opens the target anew, so that a rerun starts from a fresh reference and a fresh stop.
import type { TestProject } from 'vitest/node';
import { EXIT } from '../../contract/exit.ts';
import { inertLine } from '../../contract/untrusted.ts';
import { RunGate } from '../http/run-gate.ts';
import type { RunDescription } from '../harness/run-description.ts';
import type { RunConfig } from '../run/config.ts';
import { configOfOptions } from '../run/run-options.ts';
import { describeRun, notOpenedReason, openTarget } from '../run/open-target.ts';

/** A target that could not be opened (unreachable, misconfigured): the line that says why, and the command's exit code for it. */
class NotOpenedError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    // no frames: vitest prints the one line, not where in the package it was found
    this.stack = `Error: ${message}`;
  }
}

/**
 * The line that names the run's target before the checks, as the command's first line does: vitest's own summary
 * reads the same for any target, and a run that fell back to the embedded reference says why.
 */
function targetLine(description: string, embedded: boolean): string {
  const why = embedded ? ': no base URL was given (MOCKAPI_BASE_URL, or baseUrl in conformanceProject)' : '';
  return `mockapi-conformance: verifying ${inertLine(description)}${why}\n`;
}

/** The target opened and described for the worker, and what closes it; its line said on stderr, off a JSON report on stdout. */
async function openRun(config: RunConfig): Promise<{ run: RunDescription; close(): Promise<void> }> {
  const gate = new RunGate();
  const opened = await openTarget(config, undefined, gate);
  if (!('target' in opened)) {
    throw new NotOpenedError(`mockapi-conformance: ${inertLine(notOpenedReason(opened))}`, 'unreachable' in opened ? EXIT.unreachable : EXIT.misconfigured);
  }
  process.stderr.write(targetLine(opened.description, opened.target.embedded));
  return {
    run: describeRun(config, opened.target, gate.buffer, undefined, 'check-id'),
    async close() {
      gate.close();
      await opened.close();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // the keys as the command reads them: the process's environment and the .env of the directory vitest runs in; no
  // config file, named or found (docs/library.md): its environments would choose the base URL and the key's variable
  const config = configOfOptions(project.getProvidedContext().conformance ?? {}, process.env, { dotenv: true, configFile: 'none' });
  let open: Awaited<ReturnType<typeof openRun>>;
  try {
    open = await openRun(config);
  } catch (error) {
    if (!(error instanceof NotOpenedError)) throw error;
    // thrown, vitest would say no test files were found, list its include patterns and print a stack: the run ends
    // here with the one line, and the command's exit code for it
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
  project.provide('run', open.run);
  project.onTestsRerun(async () => {
    await open.close();
    open = await openRun(config);
    project.provide('run', open.run);
  });
  return () => open.close();
}
