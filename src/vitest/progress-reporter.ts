// Progress while a run is under way, in place of vitest's own reporter (whose colour codes reached pipes and
// files): in a terminal one line, rewritten as checks end, with the checks done and the failures so far; in a
// pipe or a file a plain line per area once its last check ends. No colour either way.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../harness/run-check.ts';
import type { Outcome } from '../../contract/report.ts';
import { outcomeOf } from './conformance-reporter.ts';

export interface ProgressOutput {
  write(text: string): void;
  /** a terminal: the line is rewritten in place */
  tty: boolean;
}

export class ProgressReporter implements Reporter {
  private collected = 0;
  private done = 0;
  private readonly counts: Record<Outcome, number> = { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0 };
  private shownAt = 0;
  private lineShown = false;
  /** per area: the checks collected, and those ended with each outcome (checks of all areas run at once) */
  private readonly areas = new Map<string, { left: number; checks: number; counts: Record<Outcome, number> }>();
  /** the tests collected to run: a test --only leaves out still reports its result, and counts for no area */
  private readonly running = new Set<string>();

  constructor(private readonly output: ProgressOutput) {}

  // one module (suites/run.ts) holds every check: the total is known once it is collected
  onTestModuleCollected(module: TestModule): void {
    for (const t of module.children.allTests()) {
      if (t.options.mode !== 'run') continue;
      this.running.add(t.id);
      this.collected++;
      const area = t.meta().area ?? 'unknown';
      const known = this.areas.get(area) ?? { left: 0, checks: 0, counts: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0 } };
      known.left++;
      this.areas.set(area, known);
    }
  }

  onTestCaseResult(testCase: TestCase): void {
    if (!this.running.delete(testCase.id)) return;
    const meta = testCase.meta().check as CheckMeta | undefined;
    const area = this.areas.get(testCase.meta().area ?? 'unknown');
    if (area) area.left--;
    // a check left out by --only never started: it is no check of this run
    if (meta === undefined && testCase.result().state === 'skipped') return this.areaEnded(testCase.meta().area);
    this.done++;
    const outcome = outcomeOf(testCase.result().state, meta);
    this.counts[outcome]++;
    if (area) {
      area.checks++;
      area.counts[outcome]++;
    }
    if (this.output.tty && Date.now() - this.shownAt > 100) this.show();
    this.areaEnded(testCase.meta().area);
  }

  /** In a pipe, an area's line once its last check has ended. */
  private areaEnded(name: string | undefined): void {
    const area = this.areas.get(name ?? 'unknown');
    if (this.output.tty || !area || area.left > 0 || area.checks === 0) return;
    const { failed, warned, errored } = area.counts;
    this.output.write(`${name}: ${area.checks} checks, ${failed} failed, ${warned} warned, ${errored} errored\n`);
  }

  onTestRunEnd(): void {
    // the line gives way to the summary
    if (this.lineShown) this.output.write('\r\x1b[2K');
  }

  private show(): void {
    this.shownAt = Date.now();
    this.lineShown = true;
    const { failed, warned, errored } = this.counts;
    this.output.write(`\r\x1b[2Kchecks ${this.done} of ${Math.max(this.collected, this.done)}: ${failed} failed, ${warned} warned, ${errored} errored so far`);
  }
}
