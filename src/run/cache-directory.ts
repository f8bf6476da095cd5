// Where vitest (Vite) keeps its cache when MOCKAPI_CACHE_DIR does not say: the user's own cache directory
// (XDG_CACHE_HOME, else ~/.cache), never a path another local user could have made first. A shared temporary
// directory let another user plant a link where the cache was to be, and a run then wrote where the link
// pointed. src/run/run.ts (cacheDirectory) hands the directory to vitest.
import { lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
function privateDirectory(path: string, uid: number | undefined): boolean {
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
