// The ledger of statements (STATEMENTS) with what proves each: the checks of the catalogue that cite one of its
// requirements, the reference faults that break it (Fault.statement alone, else Fault.breaks or alsoBreaks), and
// the freedoms that bend it (Freedom.bends). `statements` prints it; our tests hold each verified statement to
// having checks and faults, and freedoms or a reason why its words leave none.
import { STATEMENTS, type Statement } from '../../contract/statements.ts';
import { allFaults } from '../../reference/faults.ts';
import { allFreedoms } from '../../reference/freedoms.ts';
import type { Fault, Freedom } from '../../reference/patch.ts';
import { catalogue, type CatalogueEntry } from '../harness/catalogue.ts';

export interface LedgerEntry extends Statement {
  /** ids of the checks that cite one of its requirements */
  checks: string[];
  /**
   * names of the faults that break it: those that name it, and those that name no statement and break one of its
   * requirements, as `breaks` or in `alsoBreaks`; a fault that names a statement counts for no other, since its
   * alsoBreaks are consequences of breaking that one
   */
  faults: string[];
  /** names of the freedoms that bend it: answers its words allow that the reference does not give on its own */
  freedoms: string[];
}

/** Each statement with its checks and faults, as the given catalogue and faults have them. */
export function ledgerOf(
  statements: readonly Statement[],
  checks: readonly Pick<CatalogueEntry, 'id' | 'requirement'>[],
  faults: readonly Pick<Fault, 'name' | 'breaks' | 'alsoBreaks' | 'statement'>[],
  freedoms: readonly Pick<Freedom, 'name' | 'bends'>[] = [],
): LedgerEntry[] {
  return statements.map((s) => {
    const cites = (id: string) => (s.requirements as readonly string[]).includes(id);
    return {
      ...s,
      checks: checks.filter((c) => cites(c.requirement)).map((c) => c.id),
      faults: faults
        .filter((f) => (f.statement === undefined ? [f.breaks, ...Object.keys(f.alsoBreaks ?? {})].some(cites) : f.statement === s.id))
        .map((f) => f.name),
      freedoms: freedoms.filter((f) => f.bends.includes(s.id)).map((f) => f.name),
    };
  });
}

/** The ledger: every statement with the checks of the catalogue and the faults and freedoms of the reference. */
export async function ledger(): Promise<LedgerEntry[]> {
  const [checks, faults, freedoms] = await Promise.all([catalogue(), allFaults(), allFreedoms()]);
  return ledgerOf(STATEMENTS, checks, faults, freedoms);
}
