// The conformance report (ConformanceReport) made of the checks as they ended (reportOf): one entry per check with its
// stable id, requirement, level, outcome, message and evidence, and a summary; and the vitest reporter that makes it of
// a run's tests and, at the run's end, hands it to each format the run asked for (reporters/summary.ts,
// reporters/json.ts), which writes it.
// Everything it emits passes through the redactor once more, so a key cannot reach a report even through an
// unexpected error message. schemas/report.json describes the report.
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../harness/run-check.ts';
import { Redactor } from '../http/redactor.ts';
import { OUTCOMES, type CheckResult, type ConformanceReport, type Outcome, type ReportFormat, type WindowRange } from '../../contract/report.ts';
import { baselineSection, judge, type BaselineEntry } from '../run/baseline.ts';
import { bounded, boundedThrough, MESSAGE_CHARS } from '../../contract/untrusted.ts';
import { widest } from '../http/window.ts';
import { OUT_OF_MEMORY } from './worker-memory.ts';

/** What a check under way when the run's worker ran out of memory says. */
const UNENDED = "the run's worker ran out of memory before this check ended";
/** How vitest's pool says it lost a worker. */
const VITEST_POOL = '[vitest-pool]: Worker';

/** The outcome of a check from its vitest state and what it recorded (see Outcome). */
export function outcomeOf(state: string, meta: CheckMeta | undefined): Outcome {
  if (meta?.errored !== undefined) return 'errored';
  if (state === 'passed') return 'passed';
  if (state !== 'failed') return 'skipped';
  // a failure without violations is an error the check did not expect: it judged nothing
  if (!meta?.violations?.length) return 'errored';
  return meta.violations.some((v) => v.level === 'must') ? 'failed' : 'warned';
}

/** The area of a check: the first part of its id, the name of its suite's file (chaos-settings/… -> chaos-settings). */
const areaOf = (checkId: string): string => checkId.split('/')[0]!;

/** What the report says of the run besides its checks, known once the target is open (ConformanceReporter.opened). */
export interface ReportedRun {
  root: string;
  target: ConformanceReport['target'];
  run: ConformanceReport['run'];
  version: string;
  secrets: Record<string, string | undefined>;
  /** errors of the run itself, outside any check, known by its end (it was stopped at its bound) */
  runErrors: () => string[];
  /** requests sent before any check (probe and preflight), counted in the summary */
  preflightRequests?: number;
  /** known outcomes (--baseline): every format shows the run against them */
  baseline?: { file: string; entries: readonly BaselineEntry[] };
  /** whether the run's worker ran out of memory (src/vitest/worker-memory.ts): the checks it left unended are errored */
  outOfMemory?: () => boolean;
}

/** A check as it ended, as its runner tells it (vitest's test case, or runCheck's end read directly): what its entry in the report is made of. */
export interface EndedCheck {
  /** its test's name: its requirement id and title */
  name: string;
  /** its runner's state: passed, failed, skipped, or pending (never ended) */
  state: string;
  /** its record; none for a test that never started */
  meta: CheckMeta | undefined;
  /** why it was skipped */
  note?: string;
  /** the messages of the failure it ended with */
  errors: readonly string[];
  /** when its runner started it (ms since the epoch) and how long it took, for a check that recorded neither */
  timing?: { startTime: number; duration: number };
  /** its run's worker ran out of memory before it ended (WorkerMemory) */
  lost?: boolean;
}

/** A check's entry in the report; `redactor`: the run's one (a redactor builds every encoded form of each key: ~0.2 ms a check, per check). */
function reportedCheck(c: EndedCheck, redactor: Redactor): CheckResult {
  const { meta, timing } = c;
  const area = meta ? areaOf(meta.id) : 'unknown';
  const outcome = c.lost ? 'errored' : outcomeOf(c.state, meta);
  let message = '';
  if (c.lost) message = UNENDED;
  else if (meta?.errored !== undefined) message = meta.errored;
  else if (c.state === 'failed') message = c.errors.join('\n');
  else if (c.state === 'skipped') message = c.note ?? 'skipped';
  else if (meta?.notes) message = meta.notes.join('\n');
  return {
    // the check's own stable id (src/harness/check.ts); a test that never started has none
    id: meta?.id ?? c.name,
    area,
    title: c.name,
    requirement: meta?.requirement ?? c.name.split(' ')[0]!,
    operation: meta?.operation ?? '',
    level: meta?.level ?? 'must',
    outcome,
    // bounded: a message holds what a deployment sent; the text formats also show it inert (contract/untrusted.ts)
    message: boundedThrough(message, (m) => redactor.redact(m), MESSAGE_CHARS),
    violated: outcome === 'failed' || outcome === 'warned' ? [...new Set(meta!.violations!.map((v) => v.requirement))] : [],
    notes: (meta?.notes ?? []).map((n) => boundedThrough(n, (m) => redactor.redact(m))),
    evidence: meta?.evidence ?? [],
    ...(meta?.startedAt !== undefined
      ? { startedAt: new Date(meta.startedAt).toISOString() }
      : timing
        ? { startedAt: new Date(timing.startTime).toISOString() }
        : {}),
    // from the check's entry to its lane (src/harness/lanes.ts): waiting for checks before it is not its own time
    durationMs: Math.round(meta?.durationMs ?? timing?.duration ?? 0),
    ...(meta?.ownMs !== undefined ? { ownMs: Math.round(meta.ownMs) } : {}),
  };
}

/** The run's figures, the largest any check recorded as it ended (its requests, its connections, its waits, its window, its chains). */
function runFigures(ended: readonly EndedCheck[]): Pick<ConformanceReport['summary'], 'requests' | 'connections' | 'heldBackMs' | 'window' | 'chains'> {
  let requests = 0;
  let connections = 0;
  let heldBackMs = 0;
  let window: WindowRange | undefined;
  const chains: Record<string, number> = {};
  for (const { meta } of ended) {
    requests = Math.max(requests, meta?.sentByRun ?? 0);
    connections = Math.max(connections, meta?.connectionsByRun ?? 0);
    heldBackMs = Math.max(heldBackMs, meta?.heldByRun ?? 0);
    window = widest(window, meta?.windowByRun);
    for (const [lane, trips] of Object.entries(meta?.chainsByRun ?? {})) chains[lane] = Math.max(chains[lane] ?? 0, trips);
  }
  return {
    requests,
    ...(connections > 0 ? { connections } : {}),
    heldBackMs: Math.round(heldBackMs),
    ...(window ? { window } : {}),
    ...(Object.keys(chains).length > 0 ? { chains } : {}),
  };
}

/**
 * The report of a run: each check that ended (EndedCheck), ordered by id, the summary, the run's errors outside any
 * check, and where a baseline was given, the run against it.
 */
export function reportOf(
  ended: readonly EndedCheck[],
  options: ReportedRun,
  errors: string[],
  durationMs: number,
  redactor = new Redactor(options.secrets),
): ConformanceReport {
  const checks = ended.map((c) => reportedCheck(c, redactor)).sort((a, b) => a.id.localeCompare(b.id));
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, checks.filter((c) => c.outcome === o).length])) as Record<Outcome, number>;
  const { requests, ...figures } = runFigures(ended);
  const report: ConformanceReport = {
    tool: { name: 'mockapi-conformance', version: options.version },
    target: options.target,
    run: options.run,
    summary: {
      ...counts,
      requests,
      durationMs: Math.round(durationMs),
      ...figures,
      ...(options.preflightRequests ? { preflightRequests: options.preflightRequests } : {}),
    },
    checks,
    errors,
  };
  const baseline = options.baseline;
  if (baseline) report.baseline = baselineSection(baseline.file, judge(report, baseline.entries, new Date().toISOString().slice(0, 10)));
  return report;
}

export class ConformanceReporter implements Reporter {
  report: ConformanceReport | undefined;
  /** when the target was open (opened); the report's duration counts from it */
  private started = 0;
  /** undefined until the target is open: a run abandoned before (src/vitest/run.ts) reports nothing */
  private options: ReportedRun | undefined;
  /** what writes the report at the end (reporters/formats.ts) */
  private formats: readonly ReportFormat[] = [];

  /** The target is open and the checks are about to start: the report's duration counts from here. */
  opened(formats: readonly ReportFormat[], options: ReportedRun): void {
    this.formats = formats;
    this.options = options;
    this.started = performance.now();
  }

  /** A test of a check as it ended in vitest. */
  private ended(testCase: TestCase): EndedCheck {
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    return {
      name: testCase.name,
      state: result.state,
      meta: testCase.meta().check,
      ...(result.state === 'skipped' && result.note !== undefined ? { note: result.note } : {}),
      errors: result.state === 'failed' ? result.errors.map((e) => e.message) : [],
      ...(diagnostic ? { timing: { startTime: diagnostic.startTime, duration: diagnostic.duration } } : {}),
      lost: result.state === 'pending' && this.options?.outOfMemory?.() === true,
    };
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const options = this.options;
    if (options === undefined) return;
    const redactor = new Redactor(options.secrets);
    // the worker lost for its memory is said in the run's words, not vitest's
    const lost = options.outOfMemory?.() === true;
    const unhandled = unhandledErrors.filter((e) => !(lost && e.message.startsWith(VITEST_POOL)));
    const errors = [
      ...options.runErrors(),
      ...(lost ? [OUT_OF_MEMORY] : []),
      ...unhandled.map((e) => bounded(redactor.redact(`${e.name ?? 'Error'}: ${e.message}`))),
    ];
    const ended: EndedCheck[] = [];
    for (const module of testModules) {
      for (const error of module.errors()) errors.push(bounded(redactor.redact(`${relative(options.root, module.moduleId)}: ${error.message}`)));
      // a check sets its record first thing; a test without one was never started (left out by --only)
      for (const testCase of module.children.allTests())
        if (testCase.meta().check !== undefined || testCase.result().state !== 'skipped') ended.push(this.ended(testCase));
    }
    this.report = reportOf(ended, options, errors, performance.now() - this.started, redactor);
    for (const format of this.formats) format.write(this.report);
  }
}
