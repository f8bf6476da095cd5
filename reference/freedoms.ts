// The catalogue of freedoms: one file per freedom in reference/freedoms/, named after it, whose default export is
// the freedom (reference/patch.ts says what a freedom is and where it may change the deployment). Adding a freedom
// is adding its file; nothing here lists them. Only the freedoms switched on are loaded. Variations mode
// (reference/variations.ts) is every freedom at once.
import type { Freedom } from './patch.ts';
import { switchFolder, switchList } from './plugins.ts';

export const FREEDOMS_VARIABLE = 'MOCKAPI_REFERENCE_FREEDOMS';

export class UnknownFreedomError extends Error {}

/** Where a user who named a freedom wrongly learns the right names. */
export const LIST_FREEDOMS = 'mockapi-conformance reference --list-freedoms';

const FOLDER = switchFolder<Freedom>('freedoms', 'freedom', LIST_FREEDOMS, (message) => new UnknownFreedomError(message));

/** Every freedom's name, in the order of the catalogue. */
export const FREEDOM_NAMES: readonly string[] = FOLDER.names;

/** The names that are not freedoms of the reference, in the order given. */
export const unknownFreedoms = (names: readonly string[]): string[] => FOLDER.unknown(names);

/** The freedoms of these names, loaded; an unknown name is an UnknownFreedomError that says how to list them. */
export const loadFreedoms = (names: readonly string[]): Promise<Freedom[]> => FOLDER.load(names);

/** Every freedom of the catalogue. */
export const allFreedoms = (): Promise<Freedom[]> => loadFreedoms(FREEDOM_NAMES);

/** One line per freedom: its name, what it does, and the statements it bends. */
export async function freedomCatalogue(): Promise<string> {
  const freedoms = await allFreedoms();
  const width = Math.max(...freedoms.map((f) => f.name.length));
  return freedoms.map((f) => `${f.name.padEnd(width)}  ${f.description} (bends ${f.bends.join(', ')})`).join('\n');
}

/** `a, b,,c` -> ['a', 'b', 'c']: the form of both --freedoms and MOCKAPI_REFERENCE_FREEDOMS. */
export const freedomList = switchList;
