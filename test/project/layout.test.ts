// docs/layout.md's table is the map of the imports: each row's "imports" column names exactly the folders (or
// files) of ours its code imports, every one of them in a row above its own, so no arrow goes up a layer; and no
// two files import each other round a circle. Imports are static, dynamic and type-only
// alike, read from the text (the compiler's parser would cost this file a second to load); an import whose module is
// named by an expression cannot be read so, and none is, but the reference's plugin folders (PLUGIN_LOADS).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Row {
  /** the folders (with their slash) or files of the row's path column */
  paths: string[];
  /** what its imports column names: folders with their slash, or files */
  imports: string[];
}

/** The table's rows, bottom layer first; the data row (schemas/) and the tests' row (they import what they test) left out. */
function rows(): Row[] {
  const page = readFileSync(join(ROOT, 'docs/layout.md'), 'utf8');
  const table = page.slice(page.indexOf('| path | one job | imports |'));
  const paths = (cell: string) => [...cell.matchAll(/`([a-z]+\/[\w./-]*)`/g)].map((m) => m[1]!);
  return table
    .slice(0, table.indexOf('\n\n'))
    .split('\n')
    .slice(2)
    .map((line) => line.split('|'))
    .map((cells) => ({ paths: paths(cells[1]!), imports: paths(cells[3]!) }))
    .filter((row) => !row.paths.includes('schemas/') && !row.paths.includes('test/'));
}

const ROWS = rows();

/** The row a file belongs to: the one whose path is it or holds it, the longest such. */
function rowOf(file: string): { row: Row; at: number; path: string } | undefined {
  let found: { row: Row; at: number; path: string } | undefined;
  ROWS.forEach((row, at) => {
    for (const path of row.paths) if ((file === path || file.startsWith(path)) && path.length > (found?.path.length ?? 0)) found = { row, at, path };
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(?:ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** A relative specifier of `import ... from`, `export ... from`, `import '...'` or `import('...')`, at a line's start or after `await`. */
const IMPORT = /(?:^(?:import|export)\b[^;]*?\bfrom\s*|^import\s*|\bimport\(\s*)'(\.\.?\/[^']+)'/gm;

/** A dynamic import whose module is not a string written out: the test could not see where it leads. */
const COMPUTED_IMPORT = /\bimport\(\s*(?!['"\s])/g;

/**
 * The one loader by expression, and what it loads: the folder of one-file plugins it reads, the reference's faults
 * and freedoms (an extension point listed by nobody), in its own row.
 */
const PLUGIN_LOADS = new Map([['reference/plugins.ts', ['reference/faults/', 'reference/freedoms/']]]);

/** Every file of the rows' folders, with the files of ours it imports (relative specifiers, resolved). */
const COMPUTED: string[] = [];
const IMPORTS = new Map(
  ROWS.flatMap((row) => row.paths)
    .filter((path) => path.endsWith('/') && path !== 'dist/')
    .flatMap((dir) => sources(dir))
    .concat(ROWS.flatMap((row) => row.paths).filter((path) => !path.endsWith('/')))
    .map((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const specifiers = [...text.matchAll(IMPORT)].map((m) => m[1]!);
      const ours = specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)));
      if (COMPUTED_IMPORT.test(text)) COMPUTED.push(file);
      COMPUTED_IMPORT.lastIndex = 0;
      return [file, ours, PLUGIN_LOADS.get(file) ?? []] as const;
    })
    .map(([file, ours, plugins]) => [file, [...ours, ...plugins]] as const),
);

describe('docs/layout.md matches the imports', () => {
  test('every import names its module in writing, but the plugin loader, which loads from its own row', () => {
    expect(COMPUTED).toEqual([...PLUGIN_LOADS.keys()]);
    for (const [loader, folders] of PLUGIN_LOADS) for (const folder of folders) expect(rowOf(folder)!.row, `${loader} -> ${folder}`).toBe(rowOf(loader)!.row);
  });

  test("every import between rows is named in the importer's imports column, and goes to a row above", () => {
    const unnamed: string[] = [];
    const upward: string[] = [];
    for (const [file, imported] of IMPORTS) {
      const from = rowOf(file)!;
      for (const target of imported) {
        const to = rowOf(target);
        if (to === undefined || to.row === from.row) continue;
        if (!from.row.imports.some((named) => target === named || (named.endsWith('/') && target.startsWith(named)))) unnamed.push(`${file} -> ${target}`);
        if (to.at >= from.at) upward.push(`${file} -> ${target}`);
      }
    }
    expect(unnamed).toEqual([]);
    expect(upward).toEqual([]);
  });

  test('every folder or file an imports column names is imported by its row', () => {
    const unused = ROWS.flatMap((row) =>
      row.imports
        .filter(
          (named) =>
            ![...IMPORTS].some(
              ([file, imported]) => rowOf(file)!.row === row && imported.some((t) => t === named || (named.endsWith('/') && t.startsWith(named))),
            ),
        )
        .map((named) => `${row.paths.join(', ')}: ${named}`),
    );
    expect(unused).toEqual([]);
  });

  test('no files import each other round a circle', () => {
    // Tarjan's strongly connected components over the files: a component of more than one file is a circle
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const circles: string[][] = [];
    const visit = (file: string): void => {
      index.set(file, index.size);
      low.set(file, index.get(file)!);
      stack.push(file);
      for (const next of IMPORTS.get(file) ?? []) {
        if (!IMPORTS.has(next)) continue;
        if (!index.has(next)) {
          visit(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
      if (low.get(file) !== index.get(file)) return;
      const circle: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        circle.push(member);
      } while (member !== file);
      if (circle.length > 1) circles.push(circle.sort());
    };
    for (const file of IMPORTS.keys()) if (!index.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
