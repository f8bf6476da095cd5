// A team's committed config file (docs/settings.md, a config file): its environment binds its base URL to the
// keys of the variables it names, as the trusted revision holds it (src/run/trusted-revision.ts), so a run with the
// keys from CI secrets needs no URL typed again; a pull request that changes a host or adds consent gets neither,
// and every refusal of a run is said at once (issue 57, item 3).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseCommand } from '../../src/run/config.ts';
import { refusalOf } from '../support/refusal.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();

/** A repository whose first commit holds `files`; its HEAD. */
function repository(files: Record<string, string>): { cwd: string; head: string } {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-team-'));
  git(cwd, 'init', '-q', '-b', 'main');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(cwd, name)), { recursive: true });
    writeFileSync(join(cwd, name), text);
  }
  git(cwd, 'add', '--', ...Object.keys(files));
  git(cwd, 'commit', '-q', '-m', 'the team');
  return { cwd, head: git(cwd, 'rev-parse', 'HEAD') };
}
/** A push event of GitHub Actions on `head`. */
const push = (head: string) => ({ GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_SHA: head });
/** A pull request of GitHub Actions against main, whose base is fetched as origin/main. */
function pullRequest(cwd: string, base: string) {
  git(cwd, 'update-ref', 'refs/remotes/origin/main', base);
  return { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'main', GITHUB_SHA: 'the-merge-commit' };
}
const refused = (cwd: string, env: Record<string, string>) => refusalOf([], env, cwd);

/** docs/settings.md's section on the config file: its JSON example, and its lines to paste. */
function documented() {
  const page = readFileSync(join(ROOT, 'docs/settings.md'), 'utf8');
  const section = page.slice(page.indexOf('### A config file: named environments'));
  const json = /```json\n([\s\S]*?)```/.exec(section)![1]!;
  const lines = [...section.slice(0, section.indexOf('\n### ', 10)).matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.trim().split('\n'));
  return { json, lines };
}
/** The variables a pasted line sets before `npx mockapi-conformance`, the key's `…` made a key. */
const variablesOf = (line: string) =>
  Object.fromEntries([...line.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name!, value === '…' ? 'the-staging-key-1' : value!]));

describe("a team's committed config", () => {
  test("docs/settings.md's config file and its lines in CI run as written: the key from CI's secret goes to the committed host, with the committed consent", () => {
    const { json, lines } = documented();
    expect(lines.length).toBeGreaterThan(0);
    const { cwd, head } = repository({
      'mockapi-conformance.config.json': json,
      'conformance/staging-baseline.json': JSON.stringify({ entries: [] }),
    });
    for (const line of lines) {
      expect(line).toMatch(/npx mockapi-conformance$/);
      const { config } = parseCommand([], { ...push(head), ...variablesOf(line) }, cwd);
      expect(config).toMatchObject({ baseUrl: 'https://staging.example.com', token: 'the-staging-key-1', pushPolicy: 'KEEP_REMOTE', environment: 'staging' });
      expect(config.fixtures).toEqual({ organisationId: 'org-staging', mockApiId: 'stg01' });
    }
  });

  test("on a pull request: the base branch's host and consent are the team's; a host or a consent the pull request changed is refused, all at once in one line", () => {
    const staging = { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING', pushPolicy: 'KEEP_REMOTE' };
    const { cwd, head } = repository({ 'mockapi-conformance.config.json': JSON.stringify({ environments: { staging } }) });
    const env = { ...pullRequest(cwd, head), MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'the-staging-key-1' };
    expect(parseCommand([], env, cwd).config).toMatchObject({ baseUrl: 'https://staging.test', token: 'the-staging-key-1', pushPolicy: 'KEEP_REMOTE' });
    // the pull request's own file: another host
    const write = (environment: Record<string, unknown>) =>
      writeFileSync(join(cwd, 'mockapi-conformance.config.json'), JSON.stringify({ environments: { staging: environment } }));
    write({ ...staging, baseUrl: 'https://attacker.test' });
    const message = refused(cwd, env);
    expect(message).toMatch(
      /environments\.staging\.baseUrl names https:\/\/attacker\.test \(the checkout's: not ignored by git\), and the key is MOCKAPI_TOKEN_STAGING/,
    );
    expect(message).not.toContain('the-staging-key-1');
    // the host as committed, the push policy changed and consent to delete added: both refused, in one line
    write({ ...staging, pushPolicy: 'OVERWRITE_REMOTE', fixtures: { deletableDataSourceId: 'ds-prod' } });
    for (const given of [env, { ...env, MOCKAPI_BASE_URL: 'https://staging.test' }])
      expect(refused(cwd, given)).toMatch(
        /^2 refusals: \(1\) .*environments\.staging\.pushPolicy is consent from the config file .*; \(2\) .*environments\.staging\.fixtures\.deletableDataSourceId is consent from the config file/,
      );
  });

  test("the team's host takes the key of the variable its environment names, no other; without a trusted revision (a clone on your machine too) nothing is the team's", () => {
    const staging = { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' };
    const { cwd, head } = repository({ 'mockapi-conformance.config.json': JSON.stringify({ environments: { staging } }) });
    expect(refused(cwd, { ...push(head), MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN: 'a-key-of-yours-1' })).toMatch(
      /names https:\/\/staging\.test \(the team's: as committed at the commit of this push\), and the key is MOCKAPI_TOKEN \(yours\)/,
    );
    // a push whose checkout is not the event's commit, a pull_request_target, no CI and no origin/HEAD: the checkout's
    for (const env of [push('another-commit'), { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_SHA: head }, {}])
      expect(refused(cwd, { ...env, MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'k-1' })).toMatch(/\(the checkout's: not ignored by git\)/);
    // a repository cloned to try, on your machine: its default branch binds no key of your environment
    git(cwd, 'update-ref', 'refs/remotes/origin/main', head);
    git(cwd, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    expect(refused(cwd, { MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'k-1' })).toMatch(/\(the checkout's: not ignored by git\)/);
  });

  test('--accept-host, typed once: the host the config names is remembered in your state folder for that key variable alone, and a changed host is refused again', () => {
    const staging = { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' };
    const { cwd } = repository({ 'mockapi-conformance.config.json': JSON.stringify({ environments: { staging } }) });
    const state = mkdtempSync(join(tmpdir(), 'conformance-state-'));
    const env = { XDG_STATE_HOME: state, MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'the-staging-key-1' };
    const file = join(state, 'mockapi-conformance', 'accepted-hosts.json');
    expect(refused(cwd, env)).toMatch(new RegExp(`, or --accept-host to send the key of MOCKAPI_TOKEN_STAGING there from now on \\(${file}\\)$`));
    expect(parseCommand(['--accept-host'], env, cwd).config).toMatchObject({ baseUrl: 'https://staging.test', token: 'the-staging-key-1' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, keys: { MOCKAPI_TOKEN_STAGING: ['https://staging.test'] } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // remembered: no flag and no URL typed again
    expect(parseCommand([], env, cwd).config.token).toBe('the-staging-key-1');
    // another variable's key is not bound to it
    expect(refused(cwd, { XDG_STATE_HOME: state, MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN: 'a-key-of-yours-1' })).toMatch(
      /and the key is MOCKAPI_TOKEN \(yours\)/,
    );
    // a pull request that changes the host: refused again
    writeFileSync(
      join(cwd, 'mockapi-conformance.config.json'),
      JSON.stringify({ environments: { staging: { ...staging, baseUrl: 'https://attacker.test' } } }),
    );
    expect(refused(cwd, env)).toMatch(/names https:\/\/attacker\.test/);
    // a bindings file others may write is not yours alone: not read
    writeFileSync(join(cwd, 'mockapi-conformance.config.json'), JSON.stringify({ environments: { staging } }));
    chmodSync(file, 0o666);
    expect(refused(cwd, env)).toMatch(/names https:\/\/staging\.test/);
  });
});
