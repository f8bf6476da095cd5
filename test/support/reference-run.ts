// A run of every check against the reference deployment started in this process with the options given (its faults,
// its freedoms, its variations), without vitest: the fault matrix's row. The target is opened as the command opens it (the
// reference started, the probe, the preflight, the latency measured), with the command's flags parsed as the command
// parses them; the run is the one the command's worker makes of its description (CheckRun, its checks in order), each
// check run by runCheck as the command's worker runs it; and the report is made of their ends as the command's
// reporter makes it (reportOf), with the exit code it stands for. Only vitest, its reporters and the process are
// left out: those the command's own end-to-end tests hold. Several such runs go on at once in one process: they
// wait on their references' answers and on timers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitCodeOf } from '../../contract/exit.ts';
import type { ConformanceReport } from '../../contract/report.ts';
import type { ReferenceOptions } from '../../reference/server.ts';
import { CheckRun } from '../../src/harness/check-run.ts';
import { runCheck, stateOf } from '../../src/harness/run-check.ts';
import { RunGate } from '../../src/http/run-gate.ts';
import { parseCommand } from '../../src/run/config.ts';
import { type EndedCheck, reportOf } from '../../src/vitest/conformance-reporter.ts';
import { reportedRun } from '../../src/vitest/run.ts';
import { CI_SEED, describeRun, notOpenedReason, openTarget } from '../../src/run/open-target.ts';
import { CHECKS } from '../../suites/all.ts';
import { runAhead } from './ahead.ts';

/**
 * The flags of a row: runs fixed rather than chosen by latency (a loaded machine must not change what a row proves), one
 * seed everywhere (a red row reruns as it was), and a check's time bound far above what a check takes on a slow, busy
 * machine running several rows in one thread: a row proves verdicts, and the bound is the stops' tests' to prove.
 */
const ROW_BASE = ['--seed', String(CI_SEED), '--check-timeout-ms', '300000'];
const ROW_FLAGS = ['--runs', '100', ...ROW_BASE];

/**
 * A row's flags: ROW_FLAGS where only generated inputs may show what the row is for (`deep`), else the properties at
 * 20 runs, a fifth of the work, for a row whatever hand-written check shows.
 */
export const rowFlags = (deep: boolean): readonly string[] => (deep ? ROW_FLAGS : ['--runs', '20', ...ROW_BASE]);

export interface ReferenceRun {
  /** the exit code the command would end with */
  code: number;
  report: ConformanceReport;
}

/**
 * Every check run against the reference started with `reference` (no fault, freedom or variation unless it names
 * them, whatever this process's environment says), opened with the command's `flags`.
 */
export async function runReference(reference: ReferenceOptions, flags: readonly string[] = ROW_FLAGS): Promise<ReferenceRun> {
  // an empty directory: no .env, config file or state file of the checkout's
  const { config } = parseCommand([...flags], {}, mkdtempSync(join(tmpdir(), 'mockapi-conformance-row-')), { dotenv: false });
  const gate = new RunGate();
  const opened = await openTarget(config, undefined, gate, { faults: [], freedoms: [], variations: false, ...reference });
  if (!('target' in opened)) throw new Error(notOpenedReason(opened));
  const run = new CheckRun(describeRun(config, opened.target, gate.buffer, undefined, 'requirement'));
  try {
    const started = performance.now();
    // all at once, in the order of the suites, as the command's worker starts its tests: the lanes give each its turn
    const ended = await Promise.all(
      run.checksOf(CHECKS).map(async (d): Promise<EndedCheck> => {
        const end = await runCheck(d, run);
        return { name: run.testName(d), state: stateOf(end), meta: end.meta, note: end.skipped, errors: end.failure ? [end.failure.message] : [] };
      }),
    );
    const report = reportOf(
      ended,
      reportedRun(config, opened.target, () => []),
      [],
      performance.now() - started,
    );
    return { code: exitCodeOf(report), report };
  } finally {
    await run.client.close();
    gate.close();
    await opened.close();
  }
}

/** A matrix row: the reference it runs against, and whether only generated inputs show what it is for. */
export interface MatrixRow {
  reference: ReferenceOptions;
  deep: boolean;
}

/**
 * Rows whose runs go on at once in this process: much of a row is spent waiting (for its deletes to last, for
 * answers), and another row's checks take the thread meanwhile (docs/test-speed.md).
 */
const ROWS_AT_ONCE = 4;

/** The runs of a matrix file's rows by title: `start` the selected ones ROWS_AT_ONCE at a time, ahead of their tests. */
export function matrixRuns(rows: ReadonlyMap<string, MatrixRow>) {
  let runs = new Map<string, Promise<ReferenceRun>>();
  return {
    start(titles: readonly string[]): void {
      const selected = titles.filter((title) => rows.has(title));
      runs = runAhead(selected, ROWS_AT_ONCE, (title) => runReference(rows.get(title)!.reference, rowFlags(rows.get(title)!.deep)));
    },
    of(title: string): Promise<ReferenceRun> {
      const run = runs.get(title);
      if (!run) throw new Error(`no run was started for "${title}"`);
      return run;
    },
    /** what is still running (a test that timed out) ends before the file does: its reference is closed */
    settled: () => Promise.allSettled(runs.values()),
  };
}
