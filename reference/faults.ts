// The catalogue of faults: one file per fault in reference/faults/, named after it, whose default export
// is the fault (reference/patch.ts says what a fault is and where it may change the deployment). Adding a
// fault is adding its file; nothing here lists them. Only the faults switched on are loaded.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Fault } from './patch.ts';

const DIRECTORY = new URL('./faults/', import.meta.url);

/** a fault's module: .ts in the sources, .js compiled (not the .d.ts, .js.map or .d.ts.map beside it) */
const SOURCE = /\.(?:ts|js)$/;

/** file name of each fault, by its name */
const FILES = new Map(
  readdirSync(fileURLToPath(DIRECTORY))
    .filter((file) => SOURCE.test(file) && !/\.d\.[cm]?ts$/.test(file))
    .sort()
    .map((file) => [file.replace(SOURCE, ''), file]),
);

/** Every fault's name, in the order of the catalogue. */
export const FAULT_NAMES: readonly string[] = [...FILES.keys()];

export const FAULTS_VARIABLE = 'MOCKAPI_REFERENCE_FAULTS';

export class UnknownFaultError extends Error {}

/** Where a user who named a fault wrongly learns the right names. */
export const LIST_FAULTS = 'mockapi-conformance reference --list-faults';

/** The names that are not faults of the reference, in the order given. */
export function unknownFaults(names: readonly string[]): string[] {
  return names.filter((name) => !FILES.has(name));
}

const loaded = new Map<string, Promise<Fault>>();

async function load(name: string): Promise<Fault> {
  const module = (await import(/* @vite-ignore */ new URL(FILES.get(name)!, DIRECTORY).href)) as { default?: Fault };
  const found = module.default;
  if (found?.name !== name) throw new Error(`reference/faults/${FILES.get(name)} must export as default the fault named ${name}`);
  return found;
}

/** The faults of these names, loaded; an unknown name is an UnknownFaultError that says how to list them. */
export async function loadFaults(names: readonly string[]): Promise<Fault[]> {
  const unknown = unknownFaults(names);
  if (unknown.length > 0) throw new UnknownFaultError(`unknown fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (${LIST_FAULTS} lists them)`);
  return Promise.all([...new Set(names)].map((name) => loaded.get(name) ?? loaded.set(name, load(name)).get(name)!));
}

/** Every fault of the catalogue. */
export const allFaults = (): Promise<Fault[]> => loadFaults(FAULT_NAMES);

/** One line per fault: its name, the requirement it breaks, what it does. */
export async function faultCatalogue(): Promise<string> {
  const faults = await allFaults();
  const width = Math.max(...faults.map((f) => f.name.length));
  const breaksWidth = Math.max(...faults.map((f) => f.breaks.length));
  return faults.map((f) => `${f.name.padEnd(width)}  ${f.breaks.padEnd(breaksWidth)}  ${f.description}`).join('\n');
}

/** `a, b,,c` -> ['a', 'b', 'c']: the form of both --faults and MOCKAPI_REFERENCE_FAULTS. */
export function faultList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
