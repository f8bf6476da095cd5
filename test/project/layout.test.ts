// docs/layout.md's table is the map of the imports: each row's "imports" column names exactly the folders (or
// files) of ours its code imports, every one of them in a row above its own, so no arrow goes up a layer; and no
// two files import each other round a circle. Imports are static, dynamic and type-only
// alike, read from the text (the compiler's parser would cost this file a second to load).
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

/** Every file of the rows' folders, with the files of ours it imports (relative specifiers, resolved). */
const IMPORTS = new Map(
  ROWS.flatMap((row) => row.paths)
    .filter((path) => path.endsWith('/') && path !== 'dist/')
    .flatMap((dir) => sources(dir))
    .concat(ROWS.flatMap((row) => row.paths).filter((path) => !path.endsWith('/')))
    .map((file) => {
      const specifiers = [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)].map((m) => m[1]!);
      const ours = specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)));
      return [file, ours] as const;
    }),
);

describe('docs/layout.md matches the imports', () => {
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
