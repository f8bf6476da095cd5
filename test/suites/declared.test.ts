// A check's id leads to the file that declares it: each check, plain, property or sequence, is written in its
// area's suite file (suites/<area>.suite.ts), its id whole or as the template that makes it for each operation.
// properties/ holds what checks are made with (arbitraries, the property machinery, the models' steps) and writes
// out no check's id: a comment may name one, code may not.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SUITES } from '../../suites/all.ts';

const ROOT = new URL('../../', import.meta.url);

/** Source text without its comment lines: a comment may name a check without declaring it. */
const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');

/** A source file's code, by its path from the project's root. */
const code = (path: string) => withoutComments(readFileSync(new URL(path, ROOT), 'utf8'));

/** Whether `text` writes out `id`: a quoted literal of exactly the id, or a template of its area that makes it. */
function writes(text: string, id: string): boolean {
  if ([`'${id}'`, `"${id}"`, `\`${id}\``].some((literal) => text.includes(literal))) return true;
  const area = id.split('/')[0]!;
  // each placeholder stands for an operation id, a slug or a number
  return [...text.matchAll(/`([a-z-]+\/[^`\s]*\$\{[^`\s]*)`/g)]
    .map((m) => m[1]!)
    .filter((template) => template.startsWith(`${area}/`))
    .some((template) =>
      new RegExp(
        `^${template
          .split(/\$\{[^}]+\}/)
          .map(escaped)
          .join('[A-Za-z0-9-]+')}$`,
      ).test(id),
    );
}

const escaped = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("every check of an area is declared in that area's suite file", () => {
  const misplaced: string[] = [];
  for (const [area, checks] of Object.entries(SUITES)) {
    const suite = code(`suites/${area}.suite.ts`);
    for (const { id } of checks) {
      if (!id.startsWith(`${area}/`)) misplaced.push(`${id} is listed by suites/${area}.suite.ts, not by its area's suite`);
      else if (!writes(suite, id)) misplaced.push(`${id} is not written out in suites/${area}.suite.ts`);
    }
  }
  expect(misplaced).toEqual([]);
});

test('no file of properties/ writes out a check id', () => {
  const files = readdirSync(new URL('properties/', ROOT)).filter((file) => file.endsWith('.ts'));
  const ids = Object.values(SUITES).flatMap((checks) => checks.map((d) => d.id));
  const found = files.flatMap((file) => {
    const text = code(`properties/${file}`);
    return ids.filter((id) => writes(text, id)).map((id) => `properties/${file}: ${id}`);
  });
  expect(found).toEqual([]);
});

test('the rule finds an id written whole or by a template, and not one a comment names', () => {
  const text = withoutComments(
    [
      "  property('organisations/generated-names-taken', 'ORG-RENAME',",
      '  check(`identifiers/${op.id}/unknown-mock-api-404`, ',
      '// organisations/sequences-renames-gets runs before it',
      "  // 'teams/sequences-removed-stays-removed' names it",
    ].join('\n'),
  );
  expect(writes(text, 'organisations/generated-names-taken')).toBe(true);
  expect(writes(text, 'identifiers/getLoggedRequest/unknown-mock-api-404')).toBe(true);
  expect(writes(text, 'organisations/sequences-renames-gets')).toBe(false);
  expect(writes(text, 'teams/sequences-removed-stays-removed')).toBe(false);
  expect(writes(text, 'organisations/generated-names')).toBe(false);
});
