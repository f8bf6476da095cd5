// The ledger of statements against the spec, the register, the catalogue of checks, the faults and the freedoms:
// every statement of the spec has an entry, in the spec's own words; every verified statement is judged by a check
// and broken by a fault (the fault matrix shows each fault caught on its requirement), and one held without a reason
// by a fault of its own; every verified statement is bent by a freedom (the fault matrix shows each passing) or says
// why its words leave none; every check's requirement is cited by a statement; the ledger cites only requirements of
// the register.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { isRequirementId } from '../../contract/requirements.ts';
import { STATEMENTS, type Statement } from '../../contract/statements.ts';
import { allFaults } from '../../reference/faults.ts';
import { allFreedoms } from '../../reference/freedoms.ts';
import { catalogue } from '../../src/harness/catalogue.ts';
import { ledgerOf } from '../../src/run/statements.ts';

/** the project's copy of the spec, the one a clone has */
const SPEC = readFileSync(new URL('../../spec/interface.md', import.meta.url), 'utf8');
/** the spec itself, where a checkout has the steering folder beside it (CI's clones do; a user's clone does not) */
const SHARED_SPEC = new URL('../../../shared/spec/interface.md', import.meta.url);

const TABLE_SEPARATOR = /^\|[\s:|-]+\|$/;
/** a sentence ends at a full stop followed by a space and a capital, a code span or a brace */
const SENTENCE_END = /(?<=\.)\s+(?=[A-Z`{])/;

interface SpecUnit {
  kind: 'heading' | 'row' | 'sentence';
  text: string;
}

/** The spec cut into headings, table rows (`cell | cell`, the header row left out) and sentences of bullets and prose; one pass. */
function specUnits(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = [];
  let inTable = false;
  for (const line of markdown.split('\n').map((l) => l.trim())) {
    const table = line.startsWith('|');
    if (table && inTable && !TABLE_SEPARATOR.test(line)) {
      const cells = line.slice(1, -1).split('|');
      units.push({
        kind: 'row',
        text: cells
          .map((c) => c.trim())
          .join(' | ')
          .trim(),
      });
    }
    inTable = table;
    if (table || line === '') continue;
    const heading = /^#+ (.*)$/.exec(line);
    if (heading) units.push({ kind: 'heading', text: heading[1]! });
    else for (const sentence of line.replace(/^- /, '').split(SENTENCE_END)) units.push({ kind: 'sentence', text: sentence });
  }
  return units;
}

/** A label that opens a list or table (`General conventions:`, `` `request`: ``) may be a section of the ledger instead. */
const asSection = (text: string) => text.replace(/`/g, '').replace(/:$/, '');

/** The units of the spec that no statement holds: a row or sentence in no entry's text, a heading in no entry's section. */
function uncovered(markdown: string, statements: readonly Statement[]): string[] {
  const segments = new Set(statements.flatMap((s) => s.section.split(' > ')));
  const inText = (text: string) => statements.some((s) => s.text.includes(text));
  return specUnits(markdown)
    .filter((u) => (u.kind === 'heading' ? !segments.has(u.text) : !inText(u.text) && !(u.text.endsWith(':') && segments.has(asSection(u.text)))))
    .map((u) => `${u.kind}: ${u.text}`);
}

// Skipped, by this name, only in a clone without the steering folder beside it: there the copy is all there is.
test.runIf(existsSync(SHARED_SPEC))("the project's copy of the spec (spec/interface.md) is the spec beside the checkout, word for word", () => {
  expect(SPEC, 'spec/interface.md differs from ../shared/spec/interface.md: copy the spec again').toBe(readFileSync(SHARED_SPEC, 'utf8'));
});

test('every heading, table row and sentence of the spec is held by a statement of the ledger, in its own words', () => {
  expect(uncovered(SPEC, STATEMENTS), 'statements of the spec with no ledger entry').toEqual([]);
});

test('a sentence, a row or a heading added to the spec is named as having no entry', () => {
  const added = `${SPEC}\n## Quotas\n\nA mock API holds at most 50 stubs. Stubs are kept for ever.\n\n| Quota | Value |\n|---|---|\n| stubs | 50 |\n`;
  expect(uncovered(added, STATEMENTS)).toEqual([
    'heading: Quotas',
    'sentence: A mock API holds at most 50 stubs.',
    'sentence: Stubs are kept for ever.',
    'row: stubs | 50',
  ]);
});

test('ids are unique and shaped AREA.words, texts are words of the spec, and each status has what it needs', () => {
  const ids = STATEMENTS.map((s) => s.id);
  expect(ids.length - new Set(ids).size, 'ids given twice').toBe(0);
  for (const s of STATEMENTS) {
    expect(s.id).toMatch(/^[A-Z]+(\.[A-Za-z0-9-]+)+$/);
    const words = s.text.split(' | ');
    // a row's cells stand apart in the spec; a sentence stands whole
    for (const word of words) expect(SPEC, `${s.id}'s text is not the spec's words`).toContain(word);
    if (s.status === 'verified') expect(s.requirements.length, `${s.id} is verified by no requirement`).toBeGreaterThan(0);
    else expect(s.requirements, `${s.id} is ${s.status} but cites requirements`).toEqual([]);
    if (s.status === 'open') expect(SPEC, `${s.id}: an open statement's reason is the spec's words`).toContain(s.reason);
    if (s.status === 'not-judgeable') expect(s.reason?.length, `${s.id}: say why it is not judgeable`).toBeGreaterThan(10);
  }
});

test('the ledger cites only requirements of the register', () => {
  const unknown = STATEMENTS.flatMap((s) => s.requirements.filter((id) => !isRequirementId(id)).map((id) => `${s.id}: ${id}`));
  expect(unknown).toEqual([]);
});

const CHECKS = await catalogue();
const FAULTS = await allFaults();
const FREEDOMS = await allFreedoms();
const LEDGER = ledgerOf(STATEMENTS, CHECKS, FAULTS, FREEDOMS);

test('every verified statement is judged by a check of the catalogue and broken by a fault of the reference', () => {
  const verified = LEDGER.filter((e) => e.status === 'verified');
  expect(
    verified.filter((e) => e.checks.length === 0).map((e) => e.id),
    'verified statements that no check judges',
  ).toEqual([]);
  expect(
    verified.filter((e) => e.faults.length === 0).map((e) => e.id),
    'verified statements that no fault breaks',
  ).toEqual([]);
});

test('a fault that names a statement names a verified one that cites the requirement it breaks, and counts for it alone', () => {
  const byId = new Map(STATEMENTS.map((s) => [s.id, s]));
  const wrong = FAULTS.filter((f) => f.statement !== undefined)
    .filter((f) => {
      const named = byId.get(f.statement!);
      return named?.status !== 'verified' || !named.requirements.includes(f.breaks);
    })
    .map((f) => `${f.name} names ${f.statement} (${byId.get(f.statement!)?.status ?? 'no such statement'}) for ${f.breaks}`);
  expect(wrong).toEqual([]);
  // two statements of one requirement: a fault naming the first is not the second's
  const ledger = ledgerOf(
    STATEMENTS.filter((s) => s.id === 'ORG.links.users' || s.id === 'ORG.links.self'),
    [],
    [{ name: 'users-broken', breaks: 'ORG-LINKS', statement: 'ORG.links.users' }],
  );
  expect(ledger.map((e) => [e.id, e.faults])).toEqual([
    ['ORG.links.self', []],
    ['ORG.links.users', ['users-broken']],
  ]);
  // its alsoBreaks are consequences, not proofs: a fault naming ORG.links counts not for ORG.id, whose requirement it also breaks
  const consequences = ledgerOf(
    STATEMENTS.filter((s) => s.id === 'ORG.id' || s.id === 'ORG.links'),
    [],
    [{ name: 'links-array', breaks: 'ORG-LINKS', alsoBreaks: { 'ORG-RESPONSE': 'links not an object' }, statement: 'ORG.links' }],
  );
  expect(consequences.map((e) => [e.id, e.faults])).toEqual([
    ['ORG.id', []],
    ['ORG.links', ['links-array']],
  ]);
});

test("every check's requirement is cited by a statement", () => {
  const cited = new Set(STATEMENTS.flatMap((s) => s.requirements as readonly string[]));
  expect(CHECKS.filter((c) => !cited.has(c.requirement)).map((c) => `${c.id} (${c.requirement})`)).toEqual([]);
});

test('every verified statement held without a reason has a fault of its own: one that names it, or names none and breaks one of its requirements', () => {
  const own = (s: Statement) =>
    FAULTS.filter((f) => (f.statement === undefined ? (s.requirements as readonly string[]).includes(f.breaks) : f.statement === s.id));
  expect(
    STATEMENTS.filter((s) => s.status === 'verified' && !s.reason && own(s).length === 0).map((s) => s.id),
    'statements held with no fault of their own (name one in a fault, or say the gap with heldInPart)',
  ).toEqual([]);
});

test('every verified statement names the freedoms that bend it, or says why its words leave none', () => {
  expect(
    LEDGER.filter((e) => e.status === 'verified' && e.freedoms.length === 0 && !e.freedomReason).map((e) => e.id),
    'verified statements with neither a freedom (Freedom.bends in reference/freedoms/) nor a freedomReason',
  ).toEqual([]);
  expect(
    LEDGER.filter((e) => e.freedoms.length > 0 && e.freedomReason).map((e) => `${e.id} (${e.freedoms.join(', ')})`),
    'statements a freedom bends that still say their words leave none',
  ).toEqual([]);
});

test('a freedom bends statements of the ledger, by id, and counts for each it names', () => {
  const ids = new Set(STATEMENTS.map((s) => s.id));
  expect(FREEDOMS.flatMap((f) => f.bends.filter((id) => !ids.has(id)).map((id) => `${f.name}: ${id}`))).toEqual([]);
  expect(
    FREEDOMS.filter((f) => f.bends.length === 0).map((f) => f.name),
    'freedoms that bend nothing',
  ).toEqual([]);
  const ledger = ledgerOf(
    STATEMENTS.filter((s) => s.id === 'AUTH.401' || s.id === 'AUTH.403'),
    [],
    [],
    [{ name: 'other-words', bends: ['AUTH.401'] }],
  );
  expect(ledger.map((e) => [e.id, e.freedoms])).toEqual([
    ['AUTH.401', ['other-words']],
    ['AUTH.403', []],
  ]);
});
