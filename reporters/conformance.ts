// A vitest reporter that turns test results into the conformance report: one entry per check with its
// requirement, level, status, message and evidence, a summary, and a one-screen console digest per area
// with the failing requirements. Everything it emits passes through the redactor once more, so a key
// cannot reach a report even through an unexpected error message.
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../src/check.ts';
import type { Evidence } from '../src/client.ts';
import { Redactor } from '../src/client.ts';
import type { Level } from '../src/requirements.ts';

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

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export class ConformanceReporter implements Reporter {
  report: ConformanceReport | undefined;
  private readonly started = performance.now();

  constructor(
    private readonly options: {
      root: string;
      target: ConformanceReport['target'];
      version: string;
      secrets: Record<string, string | undefined>;
    },
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
      id: `${area}/${slug(testCase.name)}`,
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
    const errors = unhandledErrors.map((e) => redactor.redact(`${e.name ?? 'Error'}: ${e.message}`));
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
  }
}

/** The console digest: per area, then the failing requirements, then one closing line. */
export function formatSummary(report: ConformanceReport): string {
  const lines: string[] = ['', `Conformance of ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference deployment)' : ''}, profile ${report.target.profile}`];
  const areas = [...new Set(report.checks.map((c) => c.area))];
  const width = Math.max(...areas.map((a) => a.length), 4);
  for (const area of areas) {
    const of = report.checks.filter((c) => c.area === area);
    const n = (s: CheckStatus) => of.filter((c) => c.status === s).length;
    const mark = n('failed') > 0 ? 'FAIL' : 'ok  ';
    lines.push(`  ${mark} ${area.padEnd(width)}  ${String(n('passed')).padStart(3)} passed  ${String(n('failed')).padStart(3)} failed  ${String(n('skipped')).padStart(3)} skipped`);
  }
  const failing = new Map<string, { level: Level; titles: string[] }>();
  for (const c of report.checks.filter((c) => c.status === 'failed')) {
    for (const id of c.violated) {
      const entry = failing.get(id) ?? { level: c.level, titles: [] };
      entry.titles.push(c.title);
      failing.set(id, entry);
    }
  }
  if (failing.size > 0) {
    lines.push('', 'Failing requirements:');
    for (const [id, { titles }] of [...failing].sort()) {
      lines.push(`  ${id}: ${titles.length} check${titles.length > 1 ? 's' : ''} (${titles.slice(0, 3).join('; ')}${titles.length > 3 ? '; …' : ''})`);
    }
  }
  const skippedReasons = new Map<string, number>();
  for (const c of report.checks.filter((c) => c.status === 'skipped')) skippedReasons.set(c.message, (skippedReasons.get(c.message) ?? 0) + 1);
  if (skippedReasons.size > 0) {
    lines.push('', 'Skipped:');
    for (const [reason, n] of skippedReasons) lines.push(`  ${n} × ${reason}`);
  }
  for (const error of report.errors) lines.push('', `Error outside any check: ${error}`);
  const s = report.summary;
  lines.push('', `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped; ${s.requests} requests in ${(s.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}
