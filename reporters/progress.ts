// Progress while a run is under way, in place of vitest's own reporter (whose colour codes reached pipes and
// files): in a terminal one line, rewritten as checks end, with the checks done and the failures so far; in a
// pipe or a file a plain line per area as it ends. No colour either way.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../src/check.ts';
import { areaOf, outcomeOf, type Outcome } from './conformance.ts';

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

  constructor(
    private readonly root: string,
    private readonly output: ProgressOutput,
  ) {}

  // files are collected as workers take them, so the total grows while the first files run
  onTestModuleCollected(module: TestModule): void {
    this.collected += [...module.children.allTests()].filter((t) => t.options.mode === 'run').length;
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().check as CheckMeta | undefined;
    // a check left out by --only never started: it is no check of this run
    if (meta === undefined && testCase.result().state === 'skipped') return;
    this.done++;
    this.counts[outcomeOf(testCase.result().state, meta)]++;
    if (this.output.tty && Date.now() - this.shownAt > 100) this.show();
  }

  onTestModuleEnd(module: TestModule): void {
    if (this.output.tty) return;
    const tests = [...module.children.allTests()].filter((t) => t.meta().check !== undefined);
    if (tests.length === 0) return;
    const of = (o: Outcome) => tests.filter((t) => outcomeOf(t.result().state, t.meta().check as CheckMeta) === o).length;
    this.output.write(`${areaOf(this.root, module)}: ${tests.length} checks, ${of('failed')} failed, ${of('warned')} warned, ${of('errored')} errored\n`);
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
