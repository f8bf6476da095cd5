// The fault matrix: the whole suite against the reference deployment with each named fault switched on
// must fail, on the requirement the fault breaks and on no other but those its entry declares as necessary
// consequences (reference/patch.ts, Fault.alsoBreaks); with every allowed variation switched on it must not
// fail at all. A check that cannot fail, one that fails for the wrong reason, or one stricter than the
// interface, shows here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { requirement } from '../contract/requirements.ts';
import { allFaults } from '../reference/faults.ts';

const FAULTS = await allFaults();
import { runCli } from './support/cli.ts';

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
    const also = r.alsoViolated.length ? ` (also failing, as declared: ${r.alsoViolated.join(', ')})` : '';
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

  test.concurrent.each(FAULTS.map((f) => [f.name, f] as const))('%s fails its requirement and no other', async (fault, { breaks, alsoBreaks, seenIn }) => {
    // runs fixed rather than chosen by latency: a loaded machine must not change what the matrix proves
    const r = await runCli(['--runs', '100'], { MOCKAPI_REFERENCE_FAULTS: fault });
    // a should-level statement broken is a warning: the run passes unless --strict (test/outcomes.test.ts)
    const level = requirement(breaks).level;
    const failed = r.report?.checks.filter((c) => c.outcome === (level === 'must' ? 'failed' : 'warned')) ?? [];
    const detectedBy = failed.filter((c) => c.violated.includes(breaks)).map((c) => c.title);
    const alsoViolated = [...new Set(failed.flatMap((c) => c.violated))].filter((id) => id !== breaks).sort();
    rows.push({ fault, breaks, detectedBy, alsoViolated, exitCode: r.code });
    expect(r.code, r.stderr).toBe(level === 'must' ? 1 : 0);
    expect(r.report!.summary.errored, 'a fault never keeps a check from judging').toBe(0);
    expect(detectedBy, `${fault} should fail ${breaks}; failing: ${alsoViolated.join(', ') || 'nothing'}`).not.toEqual([]);
    const undeclared = alsoViolated.filter((id) => !Object.hasOwn(alsoBreaks ?? {}, id));
    const by = (id: string) => failed.filter((c) => c.violated.includes(id)).map((c) => c.id);
    expect(undeclared.map((id) => `${id} (${by(id).join(', ')})`), `${fault} breaks more than ${breaks}: declare a necessary consequence in its alsoBreaks, or narrow the fault`).toEqual([]);
    if (seenIn !== undefined) for (const title of detectedBy) expect(title, `${fault} is caught by a check other than those of ${seenIn}`).toMatch(CAUGHT_ONLY_BY[seenIn]);
  });

  test.concurrent('with every allowed variation on, no check fails', async () => {
    const r = await runCli(['--runs', '100'], { MOCKAPI_REFERENCE_VARIATIONS: '1' });
    variationsFailures = r.report?.checks.filter((c) => c.outcome !== 'passed').map((c) => `${c.title}\n${c.message}`) ?? ['no report'];
    expect(variationsFailures).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.report!.summary.skipped).toBe(0);
  });
});
