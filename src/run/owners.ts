// Whose choice each thing a run reads is, and the one rule of where a key may go (docs/untrusted.md, where a key may
// go). Owners, highest first: you (flags and the shell's environment), your files (a .env or config file that git
// ignores: no checkout ships one), the checkout's files (tracked by git, or where git cannot tell), and downloads (a
// report or a HAR passed around, a file unpacked in a folder git ignores). A key is sent only to a base URL its own
// owner gives, or a higher one; a file of the checkout or a download can name a deployment, never authorise one: where
// no one of the key's rank names the same, the run stops. The team's values (a tracked config file's, as the team
// committed them: src/run/trusted-revision.ts) bind a base URL to the keys of the variables its environment names, and
// to no other key. src/run/config.ts enforces it for a run (keyDestination); replay never offers a report's base URL
// as a destination at all: it shows it, and sends to the one you give (src/cli/replay.ts, destination).
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';

export type Owner = 'yours' | 'team' | 'your file' | 'checkout' | 'download';

/** The owners by rank: a key goes to a base URL of its owner's rank or higher. */
export const OWNER_RANK: Readonly<Record<Owner, number>> = { yours: 3, team: 2, 'your file': 2, checkout: 1, download: 0 };

/** Something given (a base URL, a key): where it was given, whose it is, and why that owner, in words. */
export interface Owned {
  /** where: `--base-url`, `MOCKAPI_TOKEN in .env`, `…config.json: environments.staging.baseUrl`, `report.json target.baseUrl` */
  source: string;
  owner: Owner;
  /** why the owner is that one (`git-ignored`, `tracked by git`); left out for flags and the environment */
  why?: string;
}

/** A base URL as given, normalised (no trailing slash). */
export interface OwnedUrl extends Owned {
  url: string;
  /**
   * The variables whose keys the URL is bound to (the team's: the environment as committed names them and this
   * URL); where set, it authorises the keys of those variables and no other.
   */
  keys?: readonly string[];
}

/** A key as given: where, whose, and the variable it was read from (none for a flag or a key file). */
export interface OwnedKey extends Owned {
  variable?: string;
}

/** Where a key may not go: one line that names the file and the host (exit 2). */
export class DestinationError extends Error {}

const OWNER_WORDS: Record<Owner, string> = { yours: 'yours', team: "the team's", 'your file': 'yours', checkout: "the checkout's", download: 'a download' };

/** Whose it is, in words: `the checkout's: tracked by git`. */
const ownerWords = (g: Owned) => (g.why ? `${OWNER_WORDS[g.owner]}: ${g.why}` : OWNER_WORDS[g.owner]);

/**
 * The base URL a run sends its key to: the first of `urls` (in the order they take precedence), once someone of the
 * key's rank or higher gives that same URL; a DestinationError, one line naming who named which host, where no one
 * does. A file of a checkout or a download names a deployment; only an owner of the key's rank authorises one.
 * Undefined where no base URL is given.
 */
export function keyDestination(urls: readonly OwnedUrl[], key: OwnedKey | undefined): OwnedUrl | undefined {
  const used = urls[0];
  if (used === undefined || key === undefined) return used;
  const bound = (u: OwnedUrl) =>
    u.keys === undefined ? OWNER_RANK[u.owner] >= OWNER_RANK[key.owner] : key.variable !== undefined && u.keys.includes(key.variable);
  const authorised = urls.some((u) => u.url === used.url && bound(u));
  if (!authorised)
    throw new DestinationError(
      `${used.source} names ${used.url} (${ownerWords(used)}), and the key is ${key.source} (${ownerWords(key)}): a key goes only to a base URL its owner gives, or one of higher rank (docs/untrusted.md); to send it there, give --base-url or MOCKAPI_BASE_URL ${used.url}`,
    );
  return used;
}

/** How long git may take to say whether it ignores a file; past it, git has no answer. */
const GIT_TIMEOUT_MS = 5_000;

/** Repositories enclosing one another that are asked about a folder, at most: past them, a folder is taken as unignored. */
const ENCLOSING_REPOSITORIES = 8;

/**
 * git's answer in `dir`: its exit status and output, or null where it gives none. git runs with no shell, a timeout,
 * and the one setting of a repository's config that runs a program for these commands switched off.
 */
function git(dir: string, args: readonly string[]): { status: number | null; stdout: string } {
  try {
    const stdout = execFileSync('git', ['--no-pager', '-c', 'core.fsmonitor=false', '-C', dir, ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
      timeout: GIT_TIMEOUT_MS,
      windowsHide: true,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    });
    return { status: 0, stdout };
  } catch (error) {
    return { status: (error as { status?: number | null }).status ?? null, stdout: '' };
  }
}

/**
 * The folder a repository ignores that holds `dir` (itself or one above it), asked of the repository that holds
 * it, then of each repository enclosing that one's work tree: a download unpacked in a CI job's `artifacts/`, a
 * checkout cloned into a `downloads/` folder. Undefined where none is ignored, or git cannot say.
 */
function ignoredFolder(dir: string): string | undefined {
  let folder: string;
  try {
    folder = realpathSync(dir);
  } catch {
    return undefined;
  }
  let from = folder;
  for (let asked = 0; asked < ENCLOSING_REPOSITORIES; asked++) {
    const top = git(from, ['rev-parse', '--show-toplevel']);
    if (top.status !== 0) return undefined;
    const root = top.stdout.trim();
    const inside = relative(root, folder);
    if (inside !== '' && git(root, ['check-ignore', '-q', '--', inside]).status === 0) return folder;
    // the work tree's own folder, asked of the repository around it
    if (dirname(root) === root) return undefined;
    [folder, from] = [root, dirname(root)];
  }
  return undefined;
}

/**
 * Whose a file of the working directory is. Git-ignored by its own name in a folder no repository ignores is yours
 * (no checkout ships an ignored file: what it ships is tracked); git-ignored inside a folder a repository ignores
 * (`artifacts/`, `downloads/`) is a download's, unless you named the file yourself (`named`: a flag or a variable of
 * yours); anything else is the checkout's, and so is every file where git cannot answer (no git, no work tree, a path
 * beyond a link, a repository of another user).
 */
export function fileOwner(file: string, { named = false }: { named?: boolean } = {}): Pick<Owned, 'owner' | 'why'> {
  const ignored = git(dirname(file), ['check-ignore', '-q', '--', basename(file)]).status;
  // check-ignore: 1 is "not ignored" (tracked, or not excluded); anything else is no answer
  if (ignored !== 0) return { owner: 'checkout', why: ignored === 1 ? 'not ignored by git' : 'git cannot say whose it is' };
  const folder = named ? undefined : ignoredFolder(dirname(file));
  if (folder !== undefined) return { owner: 'download', why: `in ${folder}, a folder git ignores, and not named by you` };
  return { owner: 'your file', why: 'git-ignored' };
}
