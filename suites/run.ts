// Every suite in one module, so that one worker runs all checks of a run at the same time (src/run/run.ts):
// each suite file is imported in name order, as the catalogue reads them (src/harness/catalogue.ts).
import { readdirSync } from 'node:fs';
import { SOURCE_EXTENSION } from '../contract/package-root.ts';

const here = new URL('./', import.meta.url);
// each suite under a mark of this evaluation: a worker that runs the checks again (the tests' runners keep their
// thread from one run to the next) declares them anew instead of finding the suites already evaluated
const mark = `?checks=${Date.now()}.${Math.random()}`;
for (const file of readdirSync(here)
  .filter((f) => f.endsWith(`.suite${SOURCE_EXTENSION}`))
  .sort()) {
  await import(/* @vite-ignore */ new URL(file + mark, here).href);
}
