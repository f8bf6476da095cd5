// The requirement register: ids unique and well formed; every requirement that a request can observe is
// the requirement of at least one check of the catalogue (src/harness/catalogue.ts: what the suites declare, not a
// search of their text); every fault of the reference names a requirement of the register, and every
// must-level requirement has a fault (test/e2e/fault-matrix.test.ts shows its check catches it).
import { expect, test } from 'vitest';
import { REQUIREMENTS, isRequirementId } from '../../contract/requirements.ts';
import { allFaults } from '../../reference/faults.ts';
import { catalogue } from '../../src/harness/catalogue.ts';

const FAULTS = await allFaults();
/** requirement ids that checks of the catalogue verify */
const cited = new Set<string>((await catalogue()).map((entry) => entry.requirement));

test('ids are unique and shaped AREA-WORDS', () => {
  const ids = REQUIREMENTS.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[A-Z]+(-[A-Z0-9]+)+$/);
});

test('every requirement a request can observe has a check, and the others say why not', () => {
  for (const r of REQUIREMENTS) {
    if ('untestable' in r && r.untestable) expect(cited.has(r.id), `${r.id} is marked untestable but cited`).toBe(false);
    else expect(cited.has(r.id), `${r.id} has no check in the catalogue`).toBe(true);
  }
});

test('checks cite only requirements of the register', () => {
  for (const id of cited) expect(isRequirementId(id), id).toBe(true);
});

test('every fault breaks a requirement of the register, and declares only requirements of it as consequences', () => {
  for (const fault of FAULTS) {
    expect(isRequirementId(fault.breaks), fault.name).toBe(true);
    for (const [also, why] of Object.entries(fault.alsoBreaks ?? {})) {
      expect(isRequirementId(also), `${fault.name}: ${also}`).toBe(true);
      expect(also, `${fault.name} declares its own requirement as a consequence`).not.toBe(fault.breaks);
      expect(why?.length, `${fault.name}: say why ${also} breaks too`).toBeGreaterThan(10);
    }
  }
});

test('every must-level requirement a request can observe is broken by a fault of the reference, which proves its check can fail', () => {
  const proven = new Set(FAULTS.map((f) => f.breaks as string));
  const unproven = REQUIREMENTS.filter((r) => r.level === 'must' && !('untestable' in r && r.untestable) && !proven.has(r.id)).map((r) => r.id);
  expect(unproven).toEqual([]);
});
