// The freedom matrix: the whole suite against the reference deployment with each named freedom switched on alone,
// and with all of them at once (variations), must pass every check: a freedom is an answer the words allow that the
// reference does not give on its own (reference/freedoms/), so a check it fails is stricter than the interface. The
// all-at-once row must also show the variations were on; the matrix cannot pass empty: it ran a row for every
// freedom the reference has, by name.
//
// Rows run as the fault matrix's do (test/e2e/fault-matrix.test.ts): the checks themselves, in this process, against a
// reference per row, a few at once. A freedom alone runs the properties at --runs 20 (rowFlags); all at once
// at --runs 100, where generated inputs meet every freedom together.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FREEDOM_NAMES } from '../../reference/freedoms.ts';
import { catalogue } from '../../src/harness/catalogue.ts';
import { type MatrixRow, matrixRuns, type ReferenceRun } from '../support/reference-run.ts';

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
  {
    variation: "deletes answer 202 with a JSON body (writes-202-effect-later's status, deletes-200-with-body's body)",
    check: 'data-sources/delete-existing-data-source-succeeds',
    note: /^answered 202 with a body/,
  },
  {
    variation: 'httpErrors echoed highest first without repeats',
    check: 'chaos-settings/answer-holds-field-sent-value-sent',
    note: /another order or without repeats/,
  },
];

const ALL_AT_ONCE = 'with every freedom on at once, no check fails and the variations show';
const freedomTitle = (freedom: string) => `${freedom} alone: no check fails`;

/** The reference of each row and whether it runs deep, by its test's title. */
const ROWS = new Map<string, MatrixRow>([
  ...FREEDOM_NAMES.map((f): [string, MatrixRow] => [freedomTitle(f), { reference: { freedoms: [f] }, deep: false }]),
  [ALL_AT_ONCE, { reference: { variations: true }, deep: true }],
]);
const runs = matrixRuns(ROWS);

/** The freedoms whose row ran and made its report, whatever the row then found. */
const ran: string[] = [];

/** Every check that did not pass, with why: a freedom's row passes them all. */
const notPassed = (r: ReferenceRun) => r.report.checks.filter((c) => c.outcome !== 'passed').map((c) => `${c.id} ${c.outcome}\n${c.message}`);

describe('freedom matrix', () => {
  // biome-ignore lint/correctness/noEmptyPattern: vitest hands the suite second, after a context it reads by destructuring
  beforeAll(({}, suite) => {
    runs.start(suite.tasks.filter((t) => t.mode === 'run').map((t) => t.name));
  });

  afterAll(async () => {
    await runs.settled();
  });

  test.concurrent.each(FREEDOM_NAMES.map((f) => [f]))('%s alone: no check fails', async (freedom) => {
    const r = await runs.of(freedomTitle(freedom));
    ran.push(freedom);
    expect(notPassed(r)).toEqual([]);
    expect(r.code).toBe(0);
  });

  test.concurrent(ALL_AT_ONCE, async () => {
    const r = await runs.of(ALL_AT_ONCE);
    expect(notPassed(r)).toEqual([]);
    expect(r.code).toBe(0);
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

  test('ran a row for every freedom the reference has, by name', () => {
    expect(FREEDOM_NAMES.length, 'the reference names no freedom').toBeGreaterThan(0);
    expect([...ran].sort()).toEqual([...FREEDOM_NAMES].sort());
  });
});
