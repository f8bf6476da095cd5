// What the project's own words cite exists: every relative link of the README and docs/ (and the heading it
// points at), and every file path a comment, a test or a page names. A page that moved, or a comment left
// behind by a rename, fails here rather than sending a reader nowhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { catalogue } from '../../src/harness/catalogue.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'tmp', 'reports', '.git']);

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const anchors = (file: string) => new Set([...readFileSync(join(ROOT, file), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));

const PAGES = ['README.md', ...files('docs', /\.md$/)];

describe('what the project cites exists', () => {
  test('every relative link of the README and docs/ leads to a file, and to a heading of it', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, fragment] = target!.split('#') as [string, string | undefined];
        const file = path === '' ? page : relative(ROOT, join(ROOT, dirname(page), path));
        if (!existsSync(join(ROOT, file))) broken.push(`${page}: ${target} (no file ${file})`);
        else if (fragment && file.endsWith('.md') && !anchors(file).has(fragment)) broken.push(`${page}: ${target} (no heading #${fragment} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every path of the project that a comment or a page names is there', () => {
    const cited =
      /(?<![\w./$-])((?:src|test|reference|suites|properties|reporters|contract|bench|schemas|docs|bin)\/[\w./-]*\w\.(?:ts|js|json|yaml|md|png))\b/g;
    const missing: string[] = [];
    // in code, what its comments say (a string may name a file a test makes up on purpose)
    const comments = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^\s*(?:\/\/|\*|\/\*)/.test(line) || /\s\/\/\s/.test(line))
        .join('\n');
    for (const file of [...PAGES, ...files('.', /\.(?:ts|js)$/)]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, path] of (file.endsWith('.md') ? text : comments(text)).matchAll(cited)) {
        // a .js path names the compiled twin of a source (dist/, the tests' compiled copy)
        if (!existsSync(join(ROOT, path!)) && !existsSync(join(ROOT, path!.replace(/\.js$/, '.ts')))) missing.push(`${file}: ${path}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});

test("the README's closing line of a default run counts the checks a default run has", async () => {
  const line = /`(\d+) passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of (\d+) checks judged/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  const live = (await catalogue()).filter((entry) => entry.profiles.includes('live')).length;
  expect(line?.slice(1, 3)).toEqual([String(live), String(live)]);
});
