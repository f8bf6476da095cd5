// A folder of one-file switches of the reference (reference/faults/, reference/freedoms/): each file is named
// after the switch its default export is, and nothing lists them, so that adding one is adding its file. Only
// the switches asked for are loaded.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** a switch's module: .ts in the sources, .js compiled (not the .d.ts, .js.map or .d.ts.map beside it) */
const SOURCE = /\.(?:ts|js)$/;

/** A name that is not a switch of the folder: the user's to fix, one line. */
class UnknownSwitchError extends Error {}

export interface SwitchFolder<T> {
  /** every switch's name, in the order of the folder */
  names: readonly string[];
  /** the names that are not switches of the folder, in the order given */
  unknown(names: readonly string[]): string[];
  /** the switches of these names, loaded; an unknown name is an UnknownSwitchError that says how to list them */
  load(names: readonly string[]): Promise<T[]>;
}

/**
 * The switches of `folder` (beside this file), of a `kind` (`fault`), whose catalogue `lister` prints; `make` is
 * the error an unknown name throws.
 */
export function switchFolder<T extends { name: string }>(
  folder: string,
  kind: string,
  lister: string,
  make: (message: string) => Error = (message) => new UnknownSwitchError(message),
): SwitchFolder<T> {
  const directory = new URL(`./${folder}/`, import.meta.url);
  const files = new Map(
    readdirSync(fileURLToPath(directory))
      .filter((file) => SOURCE.test(file) && !/\.d\.[cm]?ts$/.test(file))
      .sort()
      .map((file) => [file.replace(SOURCE, ''), file]),
  );
  const loaded = new Map<string, Promise<T>>();
  const loadOne = async (name: string): Promise<T> => {
    const module = (await import(/* @vite-ignore */ new URL(files.get(name)!, directory).href)) as { default?: T };
    const found = module.default;
    if (found?.name !== name) throw new Error(`reference/${folder}/${files.get(name)} must export as default the ${kind} named ${name}`);
    return found;
  };
  const unknown = (names: readonly string[]) => names.filter((name) => !files.has(name));
  return {
    names: [...files.keys()],
    unknown,
    async load(names) {
      const wrong = unknown(names);
      if (wrong.length > 0) throw make(`unknown ${kind}${wrong.length > 1 ? 's' : ''}: ${wrong.join(', ')} (${lister} lists them)`);
      return Promise.all([...new Set(names)].map((name) => loaded.get(name) ?? loaded.set(name, loadOne(name)).get(name)!));
    },
  };
}

/** `a, b,,c` -> ['a', 'b', 'c']: the form of --faults, --freedoms and their variables. */
export function switchList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** One line per switch: its name, a column of what it names, what it does. */
export function catalogueLines<T extends { name: string; description: string }>(switches: readonly T[], column: (s: T) => string): string {
  const width = Math.max(...switches.map((s) => s.name.length));
  const columnWidth = Math.max(...switches.map((s) => column(s).length));
  return switches.map((s) => `${s.name.padEnd(width)}  ${column(s).padEnd(columnWidth)}  ${s.description}`).join('\n');
}
