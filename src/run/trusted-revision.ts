// The revision whose committed files are the team's: what a repository's own history says, where no pull request
// can have written it. A tracked config file's environment names the deployment and the consent that the team
// committed there; a value of the working copy that the revision does not hold is the checkout's alone
// (docs/untrusted.md, the team's committed config). Which revision, by where the run is:
// - GitHub Actions, on an event of the repository's own (push, schedule, workflow_dispatch, release, merge_group),
//   with the commit of the event checked out: that commit. On a pull request: the base branch, where it was fetched.
// - GitLab CI, on a pipeline of the repository's own (push, schedule, web), its commit checked out: that commit. On a
//   merge request: the merge request's base commit, where it was fetched.
// - Anywhere else: none. On your machine the keys in your environment are yours, not the repository's: a repository
//   cloned to try, its default branch included, binds none of them (accept a host yourself: src/run/host-bindings.ts).
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** A revision of the repository, and how the lines that name it say it. */
export interface TrustedRevision {
  rev: string;
  label: string;
}

const GIT_TIMEOUT_MS = 5_000;

/** GitHub's events of a repository's own: no pull request chose the commit checked out. */
const GITHUB_OWN_EVENTS = ['push', 'schedule', 'workflow_dispatch', 'release', 'merge_group'];
const GITHUB_PULL_REQUESTS = ['pull_request', 'pull_request_target'];
const GITLAB_OWN_SOURCES = ['push', 'schedule', 'web'];

/** git's output in `dir`, or undefined where it gives none; no shell, a timeout, no program run by the repository's config. */
function git(dir: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', ['--no-pager', '-c', 'core.fsmonitor=false', '-C', dir, ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: 2 * 1024 * 1024,
      windowsHide: true,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    });
  } catch {
    return undefined;
  }
}

/** The commit `ref` names in the repository of `dir`, or undefined. */
const commitOf = (dir: string, ref: string) => git(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])?.trim() || undefined;

/** The commit checked out, where it is `sha` (the event's); else undefined. */
function checkedOut(dir: string, sha: string | undefined, label: string): TrustedRevision | undefined {
  const head = commitOf(dir, 'HEAD');
  return sha !== undefined && head !== undefined && head === sha ? { rev: head, label } : undefined;
}

/** The revision whose files are the team's, for a file in `dir` (see the top of this file); undefined: none. */
export function trustedRevision(env: NodeJS.ProcessEnv, dir: string): TrustedRevision | undefined {
  if (env.GITHUB_ACTIONS === 'true') {
    const event = env.GITHUB_EVENT_NAME ?? '';
    if (GITHUB_OWN_EVENTS.includes(event)) return checkedOut(dir, env.GITHUB_SHA, `the commit of this ${event}`);
    const base = env.GITHUB_BASE_REF;
    if (!GITHUB_PULL_REQUESTS.includes(event) || !base) return undefined;
    const rev = commitOf(dir, `refs/remotes/origin/${base}`);
    return rev ? { rev, label: `the pull request's base branch, origin/${base}` } : undefined;
  }
  if (env.GITLAB_CI === 'true') {
    const source = env.CI_PIPELINE_SOURCE ?? '';
    if (GITLAB_OWN_SOURCES.includes(source)) return checkedOut(dir, env.CI_COMMIT_SHA, `the commit of this ${source} pipeline`);
    const base = source === 'merge_request_event' ? env.CI_MERGE_REQUEST_DIFF_BASE_SHA : undefined;
    const rev = base && commitOf(dir, base);
    return rev ? { rev, label: "the merge request's base commit" } : undefined;
  }
  return undefined;
}

/** The text of `file` as `revision` holds it, or undefined where it holds none. */
export function committedText(file: string, revision: TrustedRevision): string | undefined {
  const top = git(dirname(file), ['rev-parse', '--show-toplevel'])?.trim();
  if (!top) return undefined;
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return undefined;
  }
  return git(top, ['show', `${revision.rev}:${relative(top, real).split('\\').join('/')}`]);
}
