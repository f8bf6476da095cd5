// vitest as the package's peer (src/vitest/vitest-peer.ts): the range package.json names holds the vitest each test
// project installs, and outside it one line says what is installed, what the package runs on and what to install.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { inRange, vitestOutsideRange } from '../../src/vitest/vitest-peer.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { version: string; peerDependencies: Record<string, string> };
const RANGE = read('package.json').peerDependencies.vitest!;

describe('the vitest peer range', () => {
  test('is caret ranges alone, and holds the vitest of this checkout and of the vitest 3.2 project (test/e2e/vitest-3)', () => {
    for (const caret of RANGE.split('||')) expect(caret.trim()).toMatch(/^\^\d+\.\d+\.\d+$/);
    const versions = ['node_modules/vitest/package.json', 'test/e2e/vitest-3/node_modules/vitest/package.json'].map((path) => read(path).version);
    expect(versions.map((version) => [version, inRange(version, RANGE)])).toEqual(versions.map((version) => [version, true]));
    expect(vitestOutsideRange()).toBeUndefined();
  });

  test('holds a version of the major of one of its carets at or above that caret; no other', () => {
    const range = '^3.2.0 || ^4.0.0';
    expect(['3.2.0', '3.2.7', '3.10.0', '4.0.0', '4.1.12'].filter((v) => !inRange(v, range))).toEqual([]);
    expect(['3.1.4', '3.0.9', '2.1.9', '5.0.0', '0.34.6', 'none', 'unknown'].filter((v) => inRange(v, range))).toEqual([]);
    expect(inRange('1.2.4', '^1.2.3')).toBe(true);
    expect(inRange('1.2.2', '^1.2.3')).toBe(false);
  });

  test('outside it, one line says what is installed and what to install: the range of its major, else the newest', () => {
    const range = '^3.2.0 || ^4.0.0';
    expect(vitestOutsideRange('3.2.7', range)).toBeUndefined();
    expect(vitestOutsideRange('3.1.4', range)).toBe(
      'vitest 3.1.4 is installed, and mockapi-conformance runs its checks on vitest ^3.2.0 || ^4.0.0 (a peer dependency): npm install vitest@^3.2.0',
    );
    expect(vitestOutsideRange('5.0.0', range)).toBe(
      'vitest 5.0.0 is installed, and mockapi-conformance runs its checks on vitest ^3.2.0 || ^4.0.0 (a peer dependency): npm install vitest@^4.0.0',
    );
    expect(vitestOutsideRange('none', range)).toBe(
      'no vitest is installed, and mockapi-conformance runs its checks on vitest ^3.2.0 || ^4.0.0 (a peer dependency): npm install vitest@^4.0.0',
    );
    expect(vitestOutsideRange('unknown', range)).toMatch(/^the installed vitest's version cannot be read, and .*: npm install vitest@\^4\.0\.0$/);
  });
});
