// The requirement register: ids unique and well formed; every requirement that a request can observe is
// cited by at least one check of suites/ or properties/; every fault of the reference names a requirement of
// the register, and every must-level requirement has a fault (test/fault-matrix.test.ts shows its check catches it).
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FAULTS } from '../reference/faults.ts';
import { REQUIREMENTS, isRequirementId } from '../src/requirements.ts';

const sources = ['../suites/', '../properties/'].flatMap((dir) => {
  const url = new URL(dir, import.meta.url);
  return readdirSync(url).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(new URL(f, url), 'utf8'));
});
/** requirement ids that suites and property suites cite as the requirement of a check */
const cited = new Set(
  sources.flatMap((text) => [...text.matchAll(/\b(?:check|accepted|rejected|property|organisationProperty|invalid)\(\s*'([A-Z0-9-]+)'/g)].map((m) => m[1]!)),
);

test('ids are unique and shaped AREA-WORDS', () => {
  const ids = REQUIREMENTS.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[A-Z]+(-[A-Z0-9]+)+$/);
});

test('every requirement a request can observe has a check, and the others say why not', () => {
  for (const r of REQUIREMENTS) {
    if ('untestable' in r && r.untestable) expect(cited.has(r.id), `${r.id} is marked untestable but cited`).toBe(false);
    else expect(cited.has(r.id), `${r.id} has no check in suites/`).toBe(true);
  }
});

test('checks cite only requirements of the register', () => {
  for (const id of cited) expect(isRequirementId(id), id).toBe(true);
});

test('every fault breaks a requirement of the register', () => {
  for (const [name, fault] of Object.entries(FAULTS)) expect(isRequirementId(fault.breaks), name).toBe(true);
});

test('every must-level requirement a request can observe is broken by a fault of the reference, which proves its check can fail', () => {
  const proven = new Set(Object.values(FAULTS).map((f) => f.breaks as string));
  const unproven = REQUIREMENTS.filter((r) => r.level === 'must' && !('untestable' in r && r.untestable) && !proven.has(r.id)).map((r) => r.id);
  expect(unproven).toEqual([]);
});
