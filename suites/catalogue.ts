// Writes the catalogue's data (suites/catalogue.json) from the checks the suites declare: `npm run catalogue`, after
// a check is added or changed. test/harness/catalogue.test.ts fails, naming this command, while the data differs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_FILE, catalogueOf } from '../src/harness/catalogue.ts';
import { SUITES } from './all.ts';

export function writeCatalogue(root: string): void {
  writeFileSync(join(root, CATALOGUE_FILE), `${JSON.stringify(catalogueOf(SUITES), null, 2)}\n`);
}
