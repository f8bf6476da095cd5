// vitest's cache (src/run/cache-directory.ts): in the user's own cache home, each directory of its path made 0700
// or found private; a link, another user's directory or one others can write is never used.
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { privateCacheDirectory } from '../../src/run/cache-directory.ts';

const uid = process.getuid!();
const home = () => mkdtempSync(join(tmpdir(), 'conformance-cache-home-'));
const mode = (path: string) => statSync(path).mode & 0o777;
/** A fresh private directory: not under the cache home, 0700, this user's. */
const fresh = (dir: string, cacheHome: string) => {
  expect(dir.startsWith(cacheHome)).toBe(false);
  expect([lstatSync(dir).isDirectory(), mode(dir), lstatSync(dir).uid]).toEqual([true, 0o700, uid]);
};

describe('privateCacheDirectory', () => {
  test('is <XDG_CACHE_HOME>/mockapi-conformance/<version>/vite, each directory it makes 0700; the same again', () => {
    const xdg = join(home(), 'cache');
    const dir = privateCacheDirectory({ XDG_CACHE_HOME: xdg }, '1.2.3', uid);
    expect(dir).toBe(join(xdg, 'mockapi-conformance', '1.2.3', 'vite'));
    for (const path of [xdg, join(xdg, 'mockapi-conformance'), join(xdg, 'mockapi-conformance', '1.2.3'), dir]) expect(mode(path)).toBe(0o700);
    expect(privateCacheDirectory({ XDG_CACHE_HOME: xdg }, '1.2.3', uid)).toBe(dir);
  });

  test('without XDG_CACHE_HOME, or with a relative one, is under ~/.cache', () => {
    const h = home();
    expect(privateCacheDirectory({ HOME: h }, '1', uid)).toBe(join(h, '.cache', 'mockapi-conformance', '1', 'vite'));
    expect(privateCacheDirectory({ HOME: h, XDG_CACHE_HOME: 'relative' }, '1', uid)).toBe(join(h, '.cache', 'mockapi-conformance', '1', 'vite'));
  });

  test('a link planted on its path is not followed: a fresh private directory instead, and nothing made where the link points', () => {
    const xdg = home();
    const elsewhere = mkdtempSync(join(tmpdir(), 'conformance-cache-elsewhere-'));
    symlinkSync(elsewhere, join(xdg, 'mockapi-conformance'));
    fresh(privateCacheDirectory({ XDG_CACHE_HOME: xdg }, '1', uid), xdg);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  test('a directory on its path that others may write, or that is another user’s, is not used: a fresh private directory instead', () => {
    const open = home();
    mkdirSync(join(open, 'mockapi-conformance'));
    chmodSync(join(open, 'mockapi-conformance'), 0o777);
    fresh(privateCacheDirectory({ XDG_CACHE_HOME: open }, '1', uid), open);
    expect(existsSync(join(open, 'mockapi-conformance', '1'))).toBe(false);
    // the directories are this process's user's: to the function, told of another user, they are someone else's
    const another = home();
    fresh(privateCacheDirectory({ XDG_CACHE_HOME: another }, '1', uid + 1), another);
  });
});
