// The catalogue of faults: one file per fault in reference/faults/, named after it, whose default export
// is the fault (reference/patch.ts says what a fault is and where it may change the deployment). Adding a
// fault is adding its file; nothing here lists them. Only the faults switched on are loaded.
import type { Fault } from './patch.ts';
import { catalogueLines, switchFolder, switchList } from './plugins.ts';

export const FAULTS_VARIABLE = 'MOCKAPI_REFERENCE_FAULTS';

export class UnknownFaultError extends Error {}

/** Where a user who named a fault wrongly learns the right names. */
export const LIST_FAULTS = 'mockapi-conformance reference --list-faults';

const FOLDER = switchFolder<Fault>('faults', 'fault', LIST_FAULTS, (message) => new UnknownFaultError(message));

/** Every fault's name, in the order of the catalogue. */
export const FAULT_NAMES: readonly string[] = FOLDER.names;

/** The names that are not faults of the reference, in the order given. */
export const unknownFaults = (names: readonly string[]): string[] => FOLDER.unknown(names);

/** The faults of these names, loaded; an unknown name is an UnknownFaultError that says how to list them. */
export const loadFaults = (names: readonly string[]): Promise<Fault[]> => FOLDER.load(names);

/** Every fault of the catalogue. */
export const allFaults = (): Promise<Fault[]> => loadFaults(FAULT_NAMES);

/** One line per fault: its name, the requirement it breaks, what it does. */
export const faultCatalogue = async (): Promise<string> => catalogueLines(await allFaults(), (f) => f.breaks);

/** `a, b,,c` -> ['a', 'b', 'c']: the form of both --faults and MOCKAPI_REFERENCE_FAULTS. */
export const faultList = switchList;
