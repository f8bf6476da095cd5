// No run state at module scope where checks are defined and run (src/harness/, suites/, properties/): a module
// outlives a run (watch mode, a worker with isolate: false, the fault matrix's rows in one process), so what a run
// learns is kept on the run, reached from a check's context (CheckContext.run: shared, perRun). A module-level `let` or a Map, Set, WeakMap or WeakSet made at
// module scope is allowed only below, each a cache that is the same for every run, with the reason it is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['src/harness', 'suites', 'properties'];

/** The module-level state that is no run's, by file and name, with why. */
const STATIC: Record<string, string> = {
  'src/harness/catalogue.ts cached': 'the catalogue sizes its checks for a target of its own (cataloguedTarget), the same whatever the run',
};

/** A declaration at a line's start (module scope, as the formatter indents everything nested) that can hold state. */
const MODULE_STATE = /^(?:export )?(?:(?:let|var) (\w+)|const (\w+)\b[^=]*= *(?:new (?:Map|Set|WeakMap|WeakSet)\b|\[\];|\{\};))/gm;

function moduleState(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => {
        const text = readFileSync(join(ROOT, folder, file), 'utf8');
        return [...text.matchAll(MODULE_STATE)].map((m) => `${folder}/${file} ${m[1] ?? m[2]}`);
      }),
  );
}

test('src/harness, suites and properties keep no run state at module scope, but the static caches listed with their reason', () => {
  const found = moduleState();
  expect(found.filter((name) => STATIC[name] === undefined)).toEqual([]);
  // an entry whose cache is gone is removed, so the list says only what is there
  expect(Object.keys(STATIC).filter((name) => !found.includes(name))).toEqual([]);
});

test('the scan finds a module-level let and a Map made at module scope', () => {
  const text = 'let queue: string[] | undefined;\nconst passed = new Set<string>();\nfunction f() {\n  let inner = 0;\n}\n';
  expect([...text.matchAll(MODULE_STATE)].map((m) => m[1] ?? m[2])).toEqual(['queue', 'passed']);
});
