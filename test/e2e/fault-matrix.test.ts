// The fault matrix: the whole suite against the reference deployment with each named fault switched on
// must fail, on the requirement the fault breaks and on no other but those its entry declares as necessary
// consequences (reference/patch.ts, Fault.alsoBreaks), each of which it must show; with every allowed
// variation switched on it must not fail at all, and must show that the variations were on. A check that
// cannot fail, one that fails for the wrong reason, or one stricter than the interface, shows here; and the
// matrix itself cannot pass empty: it ran every fault the reference has, by name.
//
// Every row runs the checks themselves, not the command (README, "How we know the checks work"): the reference
// started in this process with the row's fault, the target opened as the command opens it, every check run by
// runCheck and the report made as the command's reporter makes it (runReference); ROWS_AT_ONCE at once, ahead of the
// tests that read them (runAhead). vitest, the reporters, the exit codes and the stops are the command's own
// end-to-end tests' (test/e2e/conformance.test.ts, stops.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requirement } from '../../contract/requirements.ts';
import { allFaults, FAULT_NAMES } from '../../reference/faults.ts';
import type { ReferenceOptions } from '../../reference/server.ts';
import { catalogue } from '../../src/harness/catalogue.ts';
import { runAhead } from '../support/ahead.ts';
import { type ReferenceRun, runReference } from '../support/reference-run.ts';

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

/**
 * Answers the interface leaves open that only variations mode gives (reference/variations.ts), each noted by a
 * check that accepts it: seen, they show the variations run ran with variations on.
 */
const VARIATION_NOTES = [
  {
    variation: 'the Token scheme matched case-insensitively',
    check: 'authentication/getOrganisation/scheme-written-token-either-accepted-401',
    note: /matches the scheme name case-insensitively/,
  },
  { variation: 'deletes answer 200 with a JSON body', check: 'data-sources/delete-existing-data-source-succeeds', note: /^answered 200 with a body/ },
  {
    variation: 'httpErrors echoed highest first without repeats',
    check: 'chaos-settings/answer-holds-field-sent-value-sent',
    note: /another order or without repeats/,
  },
];

let variationsFailures: string[] | undefined;

/**
 * Rows whose runs go on at once in this process: much of a row is spent waiting (for its deletes to last, for
 * answers), and another row's checks take the thread meanwhile (docs/test-speed.md).
 */
const ROWS_AT_ONCE = 4;

const VARIATIONS = 'with every allowed variation on, no check fails and the variations show';
const faultTitle = (fault: string) => `${fault} fails its requirement and no other`;

/** The reference of each row, by its test's title. */
const ROWS = new Map<string, ReferenceOptions>([
  ...FAULTS.map((f): [string, ReferenceOptions] => [faultTitle(f.name), { faults: [f.name] }]),
  [VARIATIONS, { variations: true }],
]);

let runs = new Map<string, Promise<ReferenceRun>>();
/** The faults whose row ran and made its report, whatever the row then found. */
const ran: string[] = [];

/** The run of the row of this title, started ahead of its test. */
function runOf(title: string): Promise<ReferenceRun> {
  const run = runs.get(title);
  if (!run) throw new Error(`no run was started for "${title}"`);
  return run;
}

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
    // only the rows whose tests run (-t picks some): each is started here, ROWS_AT_ONCE at a time
    const selected = suite.tasks.filter((t) => t.mode === 'run' && ROWS.has(t.name)).map((t) => t.name);
    runs = runAhead(selected, ROWS_AT_ONCE, (title) => runReference(ROWS.get(title)!));
  });

  afterAll(async () => {
    // what is still running (a test that timed out) ends before the file does: its reference is closed
    await Promise.allSettled(runs.values());
    const text = matrix();
    console.info(`\n${text}\n`);
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/fault-matrix.txt', `${text}\n`);
  });

  test.concurrent.each(FAULTS.map((f) => [f.name, f] as const))('%s fails its requirement and no other', async (fault, { breaks, alsoBreaks, seenIn }) => {
    const r = await runOf(faultTitle(fault));
    ran.push(fault);
    // a should-level statement broken is a warning: the run passes unless --strict (test/run/outcomes.test.ts)
    const level = requirement(breaks).level;
    const failed = r.report.checks.filter((c) => c.outcome === (level === 'must' ? 'failed' : 'warned'));
    const detectedBy = failed.filter((c) => c.violated.includes(breaks)).map((c) => c.title);
    const alsoViolated = [...new Set(failed.flatMap((c) => c.violated))].filter((id) => id !== breaks).sort();
    rows.push({ fault, breaks, detectedBy, alsoViolated, exitCode: r.code });
    expect(r.code).toBe(level === 'must' ? 1 : 0);
    expect(r.report.summary.errored, 'a fault never keeps a check from judging').toBe(0);
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

  test.concurrent(VARIATIONS, async () => {
    const r = await runOf(VARIATIONS);
    variationsFailures = r.report.checks.filter((c) => c.outcome !== 'passed').map((c) => `${c.title}\n${c.message}`);
    expect(variationsFailures).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.report.summary.skipped).toBe(0);
    // every check of the catalogue for this profile judged (and passed): none left out of the run unnoticed
    const judged = new Set(r.report.checks.map((c) => c.id));
    const declared = (await catalogue()).filter((e) => e.profiles.includes('live')).map((e) => e.id);
    expect(declared.length).toBeGreaterThan(0);
    expect(
      declared.filter((id) => !judged.has(id)),
      'checks of the catalogue the variations run did not judge',
    ).toEqual([]);
    // the variations were on: answers only they give were seen, and noted as open
    const notes = (id: string) => r.report.checks.find((c) => c.id === id)?.notes ?? [];
    const unseen = VARIATION_NOTES.filter(({ check, note }) => !notes(check).some((n) => note.test(n))).map((v) => `${v.variation} (${v.check})`);
    expect(unseen, 'variations the run did not show: were they on?').toEqual([]);
  });

  test('ran a row for every fault the reference has, by name', () => {
    expect(FAULT_NAMES.length, 'the reference names no fault').toBeGreaterThan(0);
    expect([...ran].sort()).toEqual([...FAULT_NAMES].sort());
  });
});
