// The library face of the package: what an implementer imports into their own tests. Loading it loads no
// test runner: checkExchange judges one exchange on its own, and runConformance loads vitest only when it
// is called. The schemas and the OpenAPI description are files of the package, by export path
// (mockapi-conformance/schemas/<file>, mockapi-conformance/openapi.yaml); SCHEMAS_DIR names their folder.
import type { ConformanceReport } from '../contract/report.ts';
import { startReference as startReferenceDeployment, type ReferenceDeployment, type ReferenceOptions } from '../reference/server.ts';
import type { RunOptions } from './run/run-options.ts';

export { checkExchange, NotAnOperationError, operationOf } from './judge/exchange.ts';
export type { BodyLike, ExchangeInput, ExchangeVerdict, HeadersLike, RecordedRequest, RecordedResponse } from './judge/exchange.ts';
export type { Violation } from './judge/judge.ts';
export type { Evidence } from '../contract/report.ts';
export type { CheckResult, ConformanceReport, Outcome } from '../contract/report.ts';
export { REQUIREMENTS, requirement, type Level, type Requirement, type RequirementId } from '../contract/requirements.ts';
export { OPERATION_IDS, SCHEMAS_DIR, type OperationId } from '../contract/schemas.ts';
export type { Fixtures, FixtureName } from '../contract/fixtures.ts';
export type { ReferenceDeployment, ReferenceFixtures } from '../reference/server.ts';
export { FAULT_NAMES } from '../reference/faults.ts';
export { FREEDOM_NAMES } from '../reference/freedoms.ts';
export type { RunOptions } from './run/run-options.ts';

export interface StartReferenceOptions {
  /** 0 (the default): a free port on 127.0.0.1 */
  port?: number;
  /** names of the reference's faults to switch on (FAULT_NAMES lists them; none by default): for a test that a client or checker notices a broken deployment */
  faults?: string[];
  /** names of the reference's freedoms to switch on (FREEDOM_NAMES lists them; none by default): answers the interface allows that the reference does not give on its own */
  freedoms?: readonly string[];
  /** every freedom at once (reference/variations.ts) */
  variations?: boolean;
}

/**
 * Starts the reference deployment (a correct, stateful implementation of the interface, with its fixtures
 * and keys) on 127.0.0.1, for tests that need a deployment to talk to. Close it when done. Unlike the
 * command, it reads no environment: faults, freedoms and variations are only the ones given.
 */
export function startReference(options: StartReferenceOptions = {}): Promise<ReferenceDeployment> {
  const chosen: ReferenceOptions = {
    port: options.port ?? 0,
    host: '127.0.0.1',
    faults: options.faults ?? [],
    freedoms: options.freedoms ?? [],
    variations: options.variations ?? false,
  };
  return startReferenceDeployment(chosen);
}

export interface RunResult {
  /** the command's exit code for this run: 0, 1, 2, 3, 4, 5 (see the README's exit codes) */
  exitCode: number;
  /** undefined when the run ended before any check (the deployment could not be reached) */
  report: ConformanceReport | undefined;
}

/**
 * A conformance run, as the command makes it, returning its report and exit code. Options are validated as
 * the command's flags are (a bad one throws an Error with the command's one-line message); neither the
 * environment nor a .env file is read. Loads the test runner (vitest) when called.
 */
export async function runConformance(options: RunOptions = {}): Promise<RunResult> {
  // vitest is loaded only once it is one of the package's peer range
  const { vitestOutsideRange } = await import('./vitest/vitest-peer.ts');
  const outside = vitestOutsideRange();
  if (outside !== undefined) throw new Error(outside);
  const [{ configOfOptions }, { runConformance: run }] = await Promise.all([import('./run/run-options.ts'), import('./vitest/run.ts')]);
  // neither the environment nor a .env: only what the options say
  const config = configOfOptions(options, {}, { dotenv: false });
  const write = options.output ?? (() => {});
  // the report is handed back: none is kept beside the state file, and no replay command is printed
  const { exitCode, report } = await run(config, { write, error: write, tty: false, signals: false }, { keep: false });
  return { exitCode, report };
}
