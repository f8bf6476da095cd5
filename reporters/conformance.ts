// A vitest reporter that turns test results into the conformance report: one entry per check with its
// stable id, requirement, level, status, message and evidence, and a summary. At the end of the run it hands
// the report to each format the run asked for (reporters/summary.ts, reporters/json.ts), which writes it.
// Everything it emits passes through the redactor once more, so a key cannot reach a report even through an
// unexpected error message.
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../src/check.ts';
import type { Evidence } from '../src/client.ts';
import { Redactor } from '../src/client.ts';
import type { Level } from '../contract/requirements.ts';

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  id: string;
  area: string;
  title: string;
  requirement: string;
  level: Level;
  status: CheckStatus;
  message: string;
  /** requirements this check found broken (a check may find more than the one it cites) */
  violated: string[];
  notes: string[];
  evidence: Evidence[];
  /** ISO 8601, UTC, milliseconds: when the check started (absent for one that never started) */
  startedAt?: string;
  durationMs: number;
}

export interface ConformanceReport {
  tool: { name: 'mockapi-conformance'; version: string };
  target: { baseUrl: string; profile: string; embedded: boolean };
  summary: { passed: number; failed: number; skipped: number; requests: number; durationMs: number };
  checks: CheckResult[];
  /** errors outside any check (a suite that could not load): each makes the run fail */
  errors: string[];
}

/** One way of writing the report (the console summary, a JSON file ...): given the report once the run ends. */
export interface ReportFormat {
  write(report: ConformanceReport): void;
}

export class ConformanceReporter implements Reporter {
  report: ConformanceReport | undefined;
  private readonly started = performance.now();

  constructor(
    private readonly options: {
      root: string;
      target: ConformanceReport['target'];
      version: string;
      secrets: Record<string, string | undefined>;
      /** errors of the run itself, outside any check, known by its end (it was stopped at its bound) */
      runErrors: () => string[];
    },
    private readonly formats: readonly ReportFormat[],
  ) {}

  private result(testCase: TestCase): CheckResult {
    const redactor = new Redactor(this.options.secrets);
    const meta = testCase.meta().check as CheckMeta | undefined;
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    const area = relative(this.options.root, testCase.module.moduleId).replace(/^suites\//, '').replace(/\.suite\.ts$/, '');
    const status: CheckStatus = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    let message = '';
    if (result.state === 'failed') message = result.errors.map((e) => e.message).join('\n');
    else if (result.state === 'skipped') message = result.note ?? 'skipped';
    else if (meta?.notes) message = meta.notes.join('\n');
    const requirement = meta?.requirement ?? testCase.name.split(' ')[0]!;
    return {
      // the check's own stable id (src/check.ts); a test that never started has none
      id: meta?.id ?? testCase.name,
      area,
      title: testCase.name,
      requirement,
      level: meta?.level ?? 'must',
      status,
      message: redactor.redact(message),
      violated: [...new Set(meta?.violations?.map((v) => v.requirement) ?? (status === 'failed' ? [requirement] : []))],
      notes: (meta?.notes ?? []).map((n) => redactor.redact(n)),
      evidence: meta?.evidence ?? [],
      ...(diagnostic ? { startedAt: new Date(diagnostic.startTime).toISOString() } : {}),
      durationMs: Math.round(diagnostic?.duration ?? 0),
    };
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const redactor = new Redactor(this.options.secrets);
    const checks: CheckResult[] = [];
    let requests = 0;
    const errors = [...this.options.runErrors(), ...unhandledErrors.map((e) => redactor.redact(`${e.name ?? 'Error'}: ${e.message}`))];
    for (const module of testModules) {
      for (const error of module.errors()) errors.push(redactor.redact(`${relative(this.options.root, module.moduleId)}: ${error.message}`));
      for (const testCase of module.children.allTests()) {
        // a check sets its meta first thing; one without meta was never started (left out by --only)
        if (testCase.meta().check === undefined && testCase.result().state === 'skipped') continue;
        checks.push(this.result(testCase));
        requests += (testCase.meta().check as CheckMeta | undefined)?.requests ?? 0;
      }
    }
    checks.sort((a, b) => a.id.localeCompare(b.id));
    const count = (s: CheckStatus) => checks.filter((c) => c.status === s).length;
    this.report = {
      tool: { name: 'mockapi-conformance', version: this.options.version },
      target: this.options.target,
      summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), requests, durationMs: Math.round(performance.now() - this.started) },
      checks,
      errors,
    };
    for (const format of this.formats) format.write(this.report);
  }
}
