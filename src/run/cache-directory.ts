// Where vitest (Vite) keeps its cache when MOCKAPI_CACHE_DIR does not say: the user's own cache directory
// (XDG_CACHE_HOME, else ~/.cache), never a path another local user could have made first. A shared temporary
// directory let another user plant a link where the cache was to be, and a run then wrote where the link
// pointed. src/vitest/run.ts (cacheDirectory) hands the directory to vitest. A cache a checkout names instead
// (MOCKAPI_CACHE_DIR in its .env) is used only when nothing in it leads out (unsafeEntryBelow, src/run/config.ts).
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The user's cache home as the XDG base directory specification says: a relative XDG_CACHE_HOME is ignored. */
function cacheHome(env: NodeJS.ProcessEnv): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return xdg;
  const home = env.HOME || homedir();
  return home && isAbsolute(home) ? join(home, '.cache') : undefined;
}

/**
 * The directory at `path`, made (0700) if missing, when it is one this user alone can write: not a link, owned by
 * `uid`, writable by neither its group nor others. False: it is not, or cannot be made.
 */
export function privateDirectory(path: string, uid: number | undefined): boolean {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return false;
  // where the system has no owners and modes (Windows), a directory that is no link is what can be told
  return uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0);
}

let fresh: string | undefined;

/** A new directory of the user's own for this process's runs (one, however many it makes), removed as the process ends. */
function freshDirectory(): string {
  if (fresh !== undefined) return fresh;
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-cache-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  fresh = dir;
  return dir;
}

/**
 * vitest's cache for this version: <cache home>/mockapi-conformance/<version>/vite, each directory of the path
 * from the cache home down held to privateDirectory. Where one is not (a link, another user's, writable by
 * others) or there is no cache home, a fresh private directory instead.
 */
export function privateCacheDirectory(env: NodeJS.ProcessEnv, version: string, uid: number | undefined = process.getuid?.()): string {
  const home = cacheHome(env);
  if (home === undefined) return freshDirectory();
  let path = home;
  for (const part of ['', 'mockapi-conformance', version, 'vite']) {
    path = join(path, part);
    if (!privateDirectory(path, uid)) return freshDirectory();
  }
  return path;
}

/** Entries of a directory the checkout names looked at, at most: a larger tree is not walked, and not used. */
const ENTRIES_LOOKED_AT = 10_000;

/**
 * The first thing under `directory`, at any depth, by which a write there would reach elsewhere: a symbolic link,
 * anything but a directory or a file (a FIFO would block the writer), a file with another name elsewhere (a hard
 * link), or more entries than are looked at. Undefined: nothing (or no directory yet: it is made by the run).
 */
export function unsafeEntryBelow(directory: string, limit = ENTRIES_LOOKED_AT): string | undefined {
  const pending = [directory];
  let seen = 0;
  while (pending.length > 0) {
    const path = pending.pop()!;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined) continue;
    if (stat.isSymbolicLink()) return `a symbolic link (${path})`;
    if (stat.isFile() && stat.nlink > 1) return `a file linked elsewhere too (${path})`;
    if (!stat.isFile() && !stat.isDirectory()) return `what is neither a file nor a directory (${path})`;
    if (!stat.isDirectory()) continue;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return `a directory that cannot be read (${path})`;
    }
    for (const name of names) {
      if (++seen > limit) return `more than ${limit} entries`;
      pending.push(join(path, name));
    }
  }
  return undefined;
}
