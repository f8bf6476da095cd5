// A vitest reporter that turns test results into the conformance report (ConformanceReport): one entry per
// check with its stable id, requirement, level, outcome, message and evidence, and a summary. At the end of the run it hands
// the report to each format the run asked for (reporters/summary.ts, reporters/json.ts), which writes it.
// Everything it emits passes through the redactor once more, so a key cannot reach a report even through an
// unexpected error message. schemas/report.json describes the report.
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../harness/run-check.ts';
import { Redactor } from '../http/redactor.ts';
import { OUTCOMES, type CheckResult, type ConformanceReport, type Outcome, type ReportFormat, type WindowRange } from '../../contract/report.ts';
import { baselineSection, judge, type BaselineEntry } from './baseline.ts';
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
  /** whether the run's worker ran out of memory (src/run/worker-memory.ts): the checks it left unended are errored */
  outOfMemory?: () => boolean;
}

export class ConformanceReporter implements Reporter {
  report: ConformanceReport | undefined;
  /** when the target was open (opened); the report's duration counts from it */
  private started = 0;
  /** undefined until the target is open: a run abandoned before (src/run/run.ts) reports nothing */
  private options: ReportedRun | undefined;
  /** what writes the report at the end (reporters/formats.ts) */
  private formats: readonly ReportFormat[] = [];

  /** The target is open and the checks are about to start: the report's duration counts from here. */
  opened(formats: readonly ReportFormat[], options: ReportedRun): void {
    this.formats = formats;
    this.options = options;
    this.started = performance.now();
  }

  /** `redactor`: the run's one (a redactor builds every encoded form of each key: ~0.2 ms a check, per check) */
  private result(testCase: TestCase, redactor: Redactor): CheckResult {
    const meta = testCase.meta().check as CheckMeta | undefined;
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    const area = meta ? areaOf(meta.id) : 'unknown';
    const lost = result.state === 'pending' && this.options?.outOfMemory?.() === true;
    const outcome = lost ? 'errored' : outcomeOf(result.state, meta);
    let message = '';
    if (lost) message = UNENDED;
    else if (meta?.errored !== undefined) message = meta.errored;
    else if (result.state === 'failed') message = result.errors.map((e) => e.message).join('\n');
    else if (result.state === 'skipped') message = result.note ?? 'skipped';
    else if (meta?.notes) message = meta.notes.join('\n');
    const requirement = meta?.requirement ?? testCase.name.split(' ')[0]!;
    return {
      // the check's own stable id (src/harness/check.ts); a test that never started has none
      id: meta?.id ?? testCase.name,
      area,
      title: testCase.name,
      requirement,
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
        : diagnostic
          ? { startedAt: new Date(diagnostic.startTime).toISOString() }
          : {}),
      // from the check's entry to its lane (src/harness/lanes.ts): waiting for checks before it is not its own time
      durationMs: Math.round(meta?.durationMs ?? diagnostic?.duration ?? 0),
      ...(meta?.ownMs !== undefined ? { ownMs: Math.round(meta.ownMs) } : {}),
    };
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const options = this.options;
    if (options === undefined) return;
    const redactor = new Redactor(options.secrets);
    const checks: CheckResult[] = [];
    let requests = 0;
    let heldBackMs = 0;
    let window: WindowRange | undefined;
    const chains: Record<string, number> = {};
    // the worker lost for its memory is said in the run's words, not vitest's
    const lost = options.outOfMemory?.() === true;
    const unhandled = unhandledErrors.filter((e) => !(lost && e.message.startsWith(VITEST_POOL)));
    const errors = [
      ...options.runErrors(),
      ...(lost ? [OUT_OF_MEMORY] : []),
      ...unhandled.map((e) => bounded(redactor.redact(`${e.name ?? 'Error'}: ${e.message}`))),
    ];
    for (const module of testModules) {
      for (const error of module.errors()) errors.push(bounded(redactor.redact(`${relative(options.root, module.moduleId)}: ${error.message}`)));
      for (const testCase of module.children.allTests()) {
        // a check sets its meta first thing; one without meta was never started (left out by --only)
        if (testCase.meta().check === undefined && testCase.result().state === 'skipped') continue;
        checks.push(this.result(testCase, redactor));
        requests = Math.max(requests, (testCase.meta().check as CheckMeta | undefined)?.sentByRun ?? 0);
        heldBackMs = Math.max(heldBackMs, (testCase.meta().check as CheckMeta | undefined)?.heldByRun ?? 0);
        window = widest(window, (testCase.meta().check as CheckMeta | undefined)?.windowByRun);
        for (const [lane, trips] of Object.entries((testCase.meta().check as CheckMeta | undefined)?.chainsByRun ?? {}))
          chains[lane] = Math.max(chains[lane] ?? 0, trips);
      }
    }
    checks.sort((a, b) => a.id.localeCompare(b.id));
    const counts = Object.fromEntries(OUTCOMES.map((o) => [o, checks.filter((c) => c.outcome === o).length])) as Record<Outcome, number>;
    this.report = {
      tool: { name: 'mockapi-conformance', version: options.version },
      target: options.target,
      run: options.run,
      summary: {
        ...counts,
        requests,
        durationMs: Math.round(performance.now() - this.started),
        heldBackMs: Math.round(heldBackMs),
        ...(window ? { window } : {}),
        ...(Object.keys(chains).length > 0 ? { chains } : {}),
        ...(options.preflightRequests ? { preflightRequests: options.preflightRequests } : {}),
      },
      checks,
      errors,
    };
    const baseline = options.baseline;
    if (baseline) this.report.baseline = baselineSection(baseline.file, judge(this.report, baseline.entries, new Date().toISOString().slice(0, 10)));
    for (const format of this.formats) format.write(this.report);
  }
}
