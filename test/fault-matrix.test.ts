// The fault matrix: the whole suite against the reference deployment with each named fault switched on
// must fail, and fail on the requirement the fault breaks; with every allowed variation switched on it must
// not fail at all. A check that cannot fail, or one stricter than the interface, shows here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../reference/faults.ts';
import { runCli } from './support/cli.ts';

interface Row {
  fault: string;
  breaks: string;
  detectedBy: string[];
  alsoViolated: string[];
  exitCode: number | null;
}

const rows: Row[] = [];

/** Faults that no hand-written case reaches: only the generated payloads (properties/) may catch them. */
const GENERATED_ONLY = new Set([
  'chaos-percentage-a-hair-above-100-accepted',
  'data-source-row-long-accepted',
  'chaos-delay-string-coerced',
  'chaos-null-http-error-500',
  'state-expression-object-500',
  'organisation-name-null-ignored',
  'data-source-null-cell-accepted',
  'data-source-column-without-type-accepted',
]);
let variationsFailures: string[] | undefined;

function matrix(): string {
  const sorted = [...rows].sort((a, b) => a.breaks.localeCompare(b.breaks) || a.fault.localeCompare(b.fault));
  const detected = sorted.filter((r) => r.detectedBy.length > 0).length;
  const w1 = Math.max(5, ...sorted.map((r) => r.fault.length));
  const w2 = Math.max(11, ...sorted.map((r) => r.breaks.length));
  const lines = [
    `Fault matrix: ${detected} of ${sorted.length} faults detected on the requirement they break` +
      (variationsFailures ? `; variations run: ${variationsFailures.length} failures` : ''),
    `${'fault'.padEnd(w1)}  ${'requirement'.padEnd(w2)}  detected by`,
  ];
  for (const r of sorted) {
    const by = r.detectedBy.length === 0 ? 'NOT DETECTED' : `${r.detectedBy.length} check${r.detectedBy.length > 1 ? 's' : ''}: ${r.detectedBy[0]}${r.detectedBy.length > 1 ? ' …' : ''}`;
    const also = r.alsoViolated.length ? ` (also failing: ${r.alsoViolated.join(', ')})` : '';
    lines.push(`${r.fault.padEnd(w1)}  ${r.breaks.padEnd(w2)}  ${by}${also}`);
  }
  return lines.join('\n');
}

describe('fault matrix', () => {
  afterAll(() => {
    const text = matrix();
    console.info(`\n${text}\n`);
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/fault-matrix.txt', `${text}\n`);
  });

  test.concurrent.each(Object.entries(FAULTS))('%s fails its requirement', async (fault, { breaks }) => {
    // runs fixed rather than chosen by latency: a loaded machine must not change what the matrix proves
    const r = await runCli(['--runs', '100'], { MOCKAPI_REFERENCE_FAULTS: fault });
    const failed = r.report?.checks.filter((c) => c.status === 'failed') ?? [];
    const detectedBy = failed.filter((c) => c.violated.includes(breaks)).map((c) => c.title);
    const alsoViolated = [...new Set(failed.flatMap((c) => c.violated))].filter((id) => id !== breaks).sort();
    rows.push({ fault, breaks, detectedBy, alsoViolated, exitCode: r.code });
    expect(r.code, r.stderr).toBe(1);
    expect(detectedBy, `${fault} should fail ${breaks}; failing: ${alsoViolated.join(', ') || 'nothing'}`).not.toEqual([]);
    if (GENERATED_ONLY.has(fault)) for (const title of detectedBy) expect(title, `${fault} is caught by a hand-written check`).toMatch(/^[A-Z0-9-]+ generated /);
  });

  test.concurrent('with every allowed variation on, no check fails', async () => {
    const r = await runCli(['--runs', '100'], { MOCKAPI_REFERENCE_VARIATIONS: '1' });
    variationsFailures = r.report?.checks.filter((c) => c.status === 'failed').map((c) => `${c.title}\n${c.message}`) ?? ['no report'];
    expect(variationsFailures).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.report!.summary.skipped).toBe(0);
  });
});
