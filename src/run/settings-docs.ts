// What the settings table writes besides --help: the flag table of docs/settings.md, the optional variables of
// .env.example and the config file's schema (configSchema). `npm run settings` writes the three files;
// test/run/settings.test.ts holds each to what the table makes, so a setting is described in its row alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from './config-file.ts';
import { ACTIONS, type Setting, settingsOf } from './settings.ts';

/** The line of .env.example under which the optional variables are listed, one a line. */
const OPTIONAL_VARIABLES = '# Optional, each with its default or an example (README, the flag table; mockapi-conformance --help).';

const HEADER = '| flag | environment | meaning |\n| --- | --- | --- |';

/** A table cell: `|` escaped, as Markdown would otherwise end the cell there. */
const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${cell(text)}\``;
const row = (cells: string[]) => `|${cells.map((c) => (c ? ` ${c} ` : ' ')).join('|')}|`;

/** The flag table of a run: a row per setting of the table, then the actions. */
function flagTable(): string {
  const rows = (settingsOf('run') as readonly Setting[]).map((s) => {
    const flag = s.flag ? code(`--${s.flag}${s.value ? ` ${s.value}` : ''}`) : '';
    const variables = [...(s.variable ? [s.variable] : []), ...(s.readsAlso ?? [])].map(code).join(', ');
    return row([flag, variables, s.doc ?? s.help]);
  });
  const actions = Object.entries(ACTIONS).map(([name, action]) =>
    row([`${'short' in action ? `${code(`-${action.short}`)}, ` : ''}${code(`--${name}`)}`, '', action.doc]),
  );
  return [HEADER, ...rows, ...actions].join('\n');
}

/** docs/settings.md with its flag table as the settings table makes it. */
export function withFlagTable(page: string): string {
  const start = page.indexOf(HEADER);
  if (start < 0) throw new Error('docs/settings.md has no flag table');
  const end = page.indexOf('\n\n', start);
  return `${page.slice(0, start)}${flagTable()}${page.slice(end)}`;
}

/** .env.example with one line per variable of a run its text above OPTIONAL_VARIABLES does not name, with an example. */
export function withOptionalVariables(example: string): string {
  const at = example.indexOf(OPTIONAL_VARIABLES);
  if (at < 0) throw new Error(`.env.example has no line "${OPTIONAL_VARIABLES}"`);
  const above = example.slice(0, at);
  const lines = (settingsOf('run') as readonly Setting[])
    .filter((s) => s.variable !== undefined && !above.includes(`${s.variable}=`))
    .map((s) => `# ${s.variable}=${s.example ?? (s.kind === 'boolean' ? 'true' : (s.default ?? ''))}`);
  return `${above}${[OPTIONAL_VARIABLES, ...lines].join('\n')}\n`;
}

/** Writes the three files from the table (`npm run settings`), in the package's root. */
export function writeSettingsFiles(root: string): void {
  const rewrite = (path: string, make: (text: string) => string) => writeFileSync(join(root, path), make(readFileSync(join(root, path), 'utf8')));
  rewrite('docs/settings.md', withFlagTable);
  rewrite('.env.example', withOptionalVariables);
  writeFileSync(join(root, 'schemas/config.json'), `${JSON.stringify(configSchema(), null, 2)}\n`);
}
