// The fault matrix: the whole suite against the reference deployment with each named fault switched on
// must fail, on the requirement the fault breaks and on no other but those its entry declares as necessary
// consequences (reference/patch.ts, Fault.alsoBreaks), each of which it must show. A check that cannot fail, or
// one that fails for the wrong reason, shows here (one stricter than the interface: test/e2e/freedom-matrix.test.ts);
// and the matrix itself cannot pass empty: it ran every fault the reference has, by name.
//
// Every row runs the checks themselves, not the command (README, "How we know the checks work"): the reference
// started in this process with the row's fault, the target opened as the command opens it, every check run by
// runCheck and the report made as the command's reporter makes it (runReference); a few at once, ahead of the
// tests that read them (runAhead). A row runs the properties at --runs 20 (rowFlags): a fault any hand-written check
// catches is caught at any depth, and one seen only in generated payloads or sequences gets the full --runs 100. vitest, the reporters, the exit codes and the stops are the command's own
// end-to-end tests' (test/e2e/conformance.test.ts, stops.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requirement } from '../../contract/requirements.ts';
import { allFaults, FAULT_NAMES } from '../../reference/faults.ts';
import { type MatrixRow, matrixRuns } from '../support/reference-run.ts';

const FAULTS = await allFaults();

interface Row {
  fault: string;
  breaks: string;
  detectedBy: string[];
  alsoViolated: string[];
  exitCode: number | null;
}

const rows: Row[] = [];

/** The titles of the only checks that may catch a fault seen only in generated payloads or in sequences (Fault.seenIn). */
const CAUGHT_ONLY_BY = {
  'generated payloads': /^[A-Z0-9-]+ generated /,
  sequences: /^[A-Z0-9-]+ sequences .*\(model-based\)/,
};

const faultTitle = (fault: string) => `${fault} fails its requirement and no other`;

/** The reference of each row, and whether only a deep run shows its fault, by its test's title. */
const ROWS = new Map<string, MatrixRow>(FAULTS.map((f) => [faultTitle(f.name), { reference: { faults: [f.name] }, deep: f.seenIn !== undefined }]));
const runs = matrixRuns(ROWS);

/** The faults whose row ran and made its report, whatever the row then found. */
const ran: string[] = [];

function matrix(): string {
  const sorted = [...rows].sort((a, b) => a.breaks.localeCompare(b.breaks) || a.fault.localeCompare(b.fault));
  const detected = sorted.filter((r) => r.detectedBy.length > 0).length;
  const w1 = Math.max(5, ...sorted.map((r) => r.fault.length));
  const w2 = Math.max(11, ...sorted.map((r) => r.breaks.length));
  const lines = [
    `Fault matrix: ${detected} of ${sorted.length} faults detected on the requirement they break`,
    `${'fault'.padEnd(w1)}  ${'requirement'.padEnd(w2)}  detected by`,
  ];
  for (const r of sorted) {
    const by =
      r.detectedBy.length === 0
        ? 'NOT DETECTED'
        : `${r.detectedBy.length} check${r.detectedBy.length > 1 ? 's' : ''}: ${r.detectedBy[0]}${r.detectedBy.length > 1 ? ' …' : ''}`;
    const also = r.alsoViolated.length ? ` (also failing, as declared: ${r.alsoViolated.join(', ')})` : '';
    lines.push(`${r.fault.padEnd(w1)}  ${r.breaks.padEnd(w2)}  ${by}${also}`);
  }
  return lines.join('\n');
}

describe('fault matrix', () => {
  // biome-ignore lint/correctness/noEmptyPattern: vitest hands the suite second, after a context it reads by destructuring
  beforeAll(({}, suite) => {
    // only the rows whose tests run (-t picks some): each is started here, a few at a time
    runs.start(suite.tasks.filter((t) => t.mode === 'run').map((t) => t.name));
  });

  afterAll(async () => {
    await runs.settled();
    const text = matrix();
    console.info(`\n${text}\n`);
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/fault-matrix.txt', `${text}\n`);
  });

  test.concurrent.each(FAULTS.map((f) => [f.name, f] as const))('%s fails its requirement and no other', async (fault, { breaks, alsoBreaks, seenIn }) => {
    const r = await runs.of(faultTitle(fault));
    ran.push(fault);
    // a should-level statement broken is a warning: the run passes unless --strict (test/vitest/outcomes.test.ts)
    const level = requirement(breaks).level;
    const failed = r.report.checks.filter((c) => c.outcome === (level === 'must' ? 'failed' : 'warned'));
    const detectedBy = failed.filter((c) => c.violated.includes(breaks)).map((c) => c.title);
    const alsoViolated = [...new Set(failed.flatMap((c) => c.violated))].filter((id) => id !== breaks).sort();
    rows.push({ fault, breaks, detectedBy, alsoViolated, exitCode: r.code });
    expect(r.code).toBe(level === 'must' ? 1 : 0);
    expect(
      r.report.checks.filter((c) => c.outcome === 'errored').map((c) => `${c.id}: ${c.message}`),
      'a fault never keeps a check from judging',
    ).toEqual([]);
    expect(detectedBy, `${fault} should fail ${breaks}; failing: ${alsoViolated.join(', ') || 'nothing'}`).not.toEqual([]);
    const undeclared = alsoViolated.filter((id) => !Object.hasOwn(alsoBreaks ?? {}, id));
    const by = (id: string) => failed.filter((c) => c.violated.includes(id)).map((c) => c.id);
    expect(
      undeclared.map((id) => `${id} (${by(id).join(', ')})`),
      `${fault} breaks more than ${breaks}: declare a necessary consequence in its alsoBreaks, or narrow the fault`,
    ).toEqual([]);
    // a consequence the fault "cannot help" breaking that no check shows is a declaration gone stale, or a check gone blind
    const seen = new Set(r.report.checks.flatMap((c) => c.violated));
    const unseen = Object.keys(alsoBreaks ?? {}).filter((id) => !seen.has(id));
    expect(unseen, `${fault} declares in its alsoBreaks what no check of the run found broken`).toEqual([]);
    if (seenIn !== undefined)
      for (const title of detectedBy) expect(title, `${fault} is caught by a check other than those of ${seenIn}`).toMatch(CAUGHT_ONLY_BY[seenIn]);
  });

  test('ran a row for every fault the reference has, by name', () => {
    expect(FAULT_NAMES.length, 'the reference names no fault').toBeGreaterThan(0);
    expect([...ran].sort()).toEqual([...FAULT_NAMES].sort());
  });
});
