// Every run the docs and the README tell people to paste is configured as written: the flags and variables of each
// `npx mockapi-conformance` line of a sh block are taken, with a key where the line gives a base URL (the README says
// "the key in MOCKAPI_TOKEN or .env") and the files the line names to read. The config file's lines need its
// repository, and are run by test/run/team-config.test.ts (issue 57, item 3).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { parseCommand } from '../../src/run/config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The lines of sh blocks that run the command itself (no subcommand), each with its page. */
function documentedRuns(): { page: string; line: string }[] {
  return PAGES.flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(/```(?:sh|bash|console)\n([\s\S]*?)```/g)].flatMap((block) =>
      block[1]!
        .split('\n')
        .map((line) => line.replace(/\s+#.*$/, '').trim())
        .filter((line) => /^(?:\w+=\S+\s+)*npx mockapi-conformance(?:\s+-|$)/.test(line))
        .map((line) => ({ page, line })),
    ),
  );
}

test('every documented run of the command is configured as written: no line of them is refused', () => {
  const runs = documentedRuns().filter(({ line }) => !/\bMOCKAPI_ENV=/.test(line));
  expect(runs.length).toBeGreaterThan(5);
  for (const { page, line } of runs) {
    const [assignments, args] = line.split(/npx mockapi-conformance\s*/) as [string, string];
    const env: Record<string, string> = Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name!, value!]));
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-documented-'));
    // the shell's own expansion of ~, to a home of the test's
    const argv = args
      .split(/\s+/)
      .filter(Boolean)
      .map((arg) => arg.replace(/^~\//, `${cwd}/`));
    const given = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
    const files = { '--baseline': JSON.stringify({ entries: [] }), '--token-file': 'a-documented-key-1\n' };
    for (const [flag, text] of Object.entries(files)) {
      const file = given(flag) && join(cwd, given(flag)!.replace(cwd, ''));
      if (!file) continue;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    if ((argv.includes('--base-url') || env.MOCKAPI_BASE_URL) && !argv.includes('--token-file')) env.MOCKAPI_TOKEN ??= 'a-documented-key-1';
    expect(() => parseCommand(argv, env, cwd), `${page}: ${line}`).not.toThrow();
  }
});
