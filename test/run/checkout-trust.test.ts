// What a checkout's .env and config file may choose (docs/untrusted.md, what a checkout may choose): flags and the
// environment are yours; the checkout's files choose no secret of yours, no place your key is sent, no consent on a
// deployment you gave, no proxy or CA, and no file outside the working directory.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCommand, reportSettings } from '../../src/run/config.ts';
import { refusalOf } from '../support/refusal.ts';
import { countingServer } from '../support/counting-server.ts';
import { runCli } from '../support/cli.ts';

/** A checkout: a working directory with the .env and the config file given. */
function checkout({ dotenv, config }: { dotenv?: string; config?: unknown }): string {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-checkout-'));
  if (dotenv !== undefined) writeFileSync(join(cwd, '.env'), dotenv);
  if (config !== undefined) writeFileSync(join(cwd, 'mockapi-conformance.config.json'), JSON.stringify({ environments: { ci: config } }));
  return cwd;
}
const parsed = (cwd: string, env: Record<string, string> = {}, argv: string[] = []) => parseCommand(argv, env, cwd);
const refused = (cwd: string, env: Record<string, string> = {}, argv: string[] = []) => refusalOf(argv, env, cwd);
const YOUR_KEY = { MOCKAPI_TOKEN: 'your-key-123' };
const SECRET = { AWS_SECRET_ACCESS_KEY: 'a-cloud-secret' };

describe("a secret's source", () => {
  test("a config file names a key's variable of this tool alone (MOCKAPI_TOKEN_<NAME>), never another secret of yours", () => {
    const message = refused(checkout({ config: { baseUrl: 'https://evil.test', tokenVariable: 'AWS_SECRET_ACCESS_KEY' } }), { ...SECRET, MOCKAPI_ENV: 'ci' });
    expect(message).toMatch(/environments\.ci\.tokenVariable must name one of this tool's variables for a key, MOCKAPI_TOKEN_<NAME>/);
    expect(message).not.toContain('a-cloud-secret');
    const staging = checkout({ config: { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' } });
    // the key goes where you send it (the base URL of the file, given again by you: see "where your key is sent")
    const { config, warnings } = parsed(staging, { MOCKAPI_ENV: 'ci', MOCKAPI_BASE_URL: 'https://staging.test', MOCKAPI_TOKEN_STAGING: 'staging-key' });
    expect([config.baseUrl, config.token, warnings]).toEqual(['https://staging.test', 'staging-key', []]);
  });

  test('a key file .env names is read inside the working directory only; yours may be anywhere', () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'conformance-yours-')), 'key');
    writeFileSync(outside, 'your-private-file\n');
    const cwd = checkout({ dotenv: `MOCKAPI_BASE_URL=https://checkout.test\nMOCKAPI_TOKEN_FILE=${outside}\n` });
    expect(refused(cwd)).toBe(
      `MOCKAPI_TOKEN_FILE in .env names ${outside}, outside the working directory: a checkout's .env or config file names files inside it only; give this one by flag or variable`,
    );
    writeFileSync(join(cwd, 'key'), 'checkout-key\n');
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_BASE_URL=https://checkout.test\nMOCKAPI_TOKEN_FILE=key\n');
    expect(parsed(cwd).config.token).toBe('checkout-key');
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_TOKEN_FILE=key\n');
    expect(parsed(cwd, { MOCKAPI_BASE_URL: 'https://yours.test', MOCKAPI_TOKEN_FILE: outside }).config.token).toBe('your-private-file');
  });
});

describe('where your key is sent', () => {
  test(".env's base URL never gets your key: the environment's MOCKAPI_TOKEN is not sent to it; one line names the file and the host", () => {
    expect(refused(checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\n' }), YOUR_KEY)).toBe(
      "MOCKAPI_BASE_URL in .env names https://evil.test (the checkout's: git cannot say whose it is), and the key is MOCKAPI_TOKEN (yours): a key goes only to a base URL its owner gives, or one of higher rank (docs/untrusted.md); to send it there, give --base-url or MOCKAPI_BASE_URL https://evil.test",
    );
    expect(refused(checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\n' }), {}, ['--token', 'k'])).toMatch(/and the key is --token \(yours\)/);
  });

  test("a config file's base URL gets no key of yours, that of the variable it names included, unless you give the same; .env's base URL neither", () => {
    const environment = { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' };
    expect(refused(checkout({ config: { baseUrl: 'https://evil.test' } }), { ...YOUR_KEY, MOCKAPI_ENV: 'ci' })).toMatch(
      /environments\.ci\.baseUrl names https:\/\/evil\.test \(the checkout's: .*\), and the key is MOCKAPI_TOKEN \(yours\)/,
    );
    const { tokenVariable } = environment;
    const fromDotenv = checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\nMOCKAPI_ENV=ci\n', config: { tokenVariable } });
    expect(refused(fromDotenv, { MOCKAPI_TOKEN_STAGING: 's' })).toMatch(
      /^MOCKAPI_BASE_URL in \.env names https:\/\/evil\.test .*, and the key is MOCKAPI_TOKEN_STAGING \(yours\)/,
    );
    expect(refused(checkout({ config: environment }), { MOCKAPI_ENV: 'ci', MOCKAPI_TOKEN_STAGING: 's' })).toMatch(
      /give --base-url or MOCKAPI_BASE_URL https:\/\/staging\.test, or --accept-host to send the key of MOCKAPI_TOKEN_STAGING there from now on \(.*accepted-hosts\.json\)$/,
    );
    expect(
      parsed(checkout({ config: environment }), { MOCKAPI_ENV: 'ci', MOCKAPI_BASE_URL: 'https://staging.test', MOCKAPI_TOKEN_STAGING: 's' }).config.token,
    ).toBe('s');
  });

  test('a .env that holds both the base URL and its key, as a developer writes one, is taken; your base URL takes any key', () => {
    expect(parsed(checkout({ dotenv: 'MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN=k\n' })).config).toMatchObject({
      baseUrl: 'https://mine.test',
      token: 'k',
    });
    expect(parsed(checkout({ dotenv: 'MOCKAPI_TOKEN=k\n' }), { MOCKAPI_BASE_URL: 'https://yours.test' }).config.token).toBe('k');
  });

  test("a proxy or a CA file is yours to give: a config file's is refused", () => {
    for (const [property, value, flag] of [
      ['proxy', 'http://evil.test:3128', '--proxy'],
      ['caFile', 'ca.pem', '--ca-file'],
    ]) {
      const cwd = checkout({ config: { [property!]: value } });
      expect(refused(cwd, { ...YOUR_KEY, MOCKAPI_BASE_URL: 'https://yours.test', MOCKAPI_ENV: 'ci' })).toMatch(
        new RegExp(`environments\\.ci\\.${property} is yours to give \\(${flag}\\), never a checkout's file`),
      );
    }
  });
});

describe('consent on a deployment you gave', () => {
  test('consent to delete or push from .env or the config file is refused for your base URL, taken for its own', () => {
    const yours = { ...YOUR_KEY, MOCKAPI_BASE_URL: 'https://yours.test' };
    expect(refused(checkout({ dotenv: 'MOCKAPI_DELETABLE_DATA_SOURCE_ID=your-data\n' }), yours)).toBe(
      'MOCKAPI_DELETABLE_DATA_SOURCE_ID in .env is consent from .env to act on a deployment your flags and environment chose (MOCKAPI_BASE_URL): consent is given by whoever chose the deployment; give it by flag or variable',
    );
    const pushing = checkout({ config: { pushPolicy: 'KEEP_LOCAL', fixtures: { mockApiId: 'abc12' } } });
    expect(refused(pushing, { ...yours, MOCKAPI_ENV: 'ci' })).toMatch(/environments\.ci\.pushPolicy is consent from the config file/);
    const own = checkout({ dotenv: 'MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN=k\nMOCKAPI_DELETABLE_DATA_SOURCE_ID=ds-9\n' });
    expect(parsed(own).config.fixtures).toEqual({ deletableDataSourceId: 'ds-9' });
  });
});

describe('files the checkout names', () => {
  test('a report path, the state file, the config file and the cache from .env or the config file stay inside the working directory', () => {
    const away = mkdtempSync(join(tmpdir(), 'conformance-away-'));
    for (const line of [
      'MOCKAPI_REPORT_JSON=../report.json',
      `MOCKAPI_REPORT_HAR=${join(away, 'x.har')}`,
      `MOCKAPI_STATE_FILE=${join(away, 'state.jsonl')}`,
      `MOCKAPI_CONFIG=${join(away, 'c.json')}`,
      `MOCKAPI_CACHE_DIR=${away}`,
    ]) {
      expect(refused(checkout({ dotenv: `${line}\n` })), line).toMatch(/ in \.env names .*, outside the working directory/);
    }
    expect(refused(checkout({ config: { reportJunit: join(away, 'j.xml') } }), { MOCKAPI_ENV: 'ci' })).toMatch(
      /environments\.ci\.reportJunit names .*, outside the working directory/,
    );
    expect(parsed(checkout({ dotenv: 'MOCKAPI_REPORT_JSON=reports.json\n' })).config.reportJson).toBe('reports.json');
    expect(parsed(checkout({}), { MOCKAPI_REPORT_JSON: join(away, 'r.json') }).config.reportJson).toBe(join(away, 'r.json'));
  });

  test('a run refused for its configuration writes no report the checkout names outside the working directory', () => {
    const cwd = checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\nMOCKAPI_REPORT_JSON=../outside.json\nMOCKAPI_REPORT_HTML=inside.html\n' });
    expect(refused(cwd, YOUR_KEY)).toMatch(/^MOCKAPI_REPORT_JSON in \.env names .*outside\.json, outside the working directory/);
    expect(reportSettings([], YOUR_KEY, cwd)).toMatchObject({ reportJson: undefined, reportHtml: 'inside.html' });
  });

  test('a directory of the checkout that is a link leading out is outside', () => {
    const away = mkdtempSync(join(tmpdir(), 'conformance-away-'));
    const cwd = checkout({ dotenv: 'MOCKAPI_REPORT_JSON=reports/r.json\n' });
    symlinkSync(away, join(cwd, 'reports'));
    expect(refused(cwd)).toMatch(/^MOCKAPI_REPORT_JSON in \.env names .*reports\/r\.json, outside the working directory/);
    mkdirSync(join(cwd, 'inside'));
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_REPORT_JSON=inside/r.json\n');
    expect(parsed(cwd).config.reportJson).toBe('inside/r.json');
  });
});

/**
 * A git checkout as a pull request's CI job has it: the files of `tracked` added to git (the pull request may have
 * written any of them), the files of `ignored` git-ignored, the user's own (a `.env` that `.env.example` asks for).
 */
function gitCheckout({ tracked, ignored = {} }: { tracked: Record<string, string>; ignored?: Record<string, string> }): string {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-git-checkout-'));
  execFileSync('git', ['init', '-q'], { cwd });
  const all = { '.gitignore': `${Object.keys(ignored).join('\n')}\n`, ...tracked };
  for (const [name, text] of Object.entries({ ...all, ...ignored })) writeFileSync(join(cwd, name), text);
  execFileSync('git', ['add', '--', ...Object.keys(all)], { cwd });
  return cwd;
}
const environments = (staging: Record<string, unknown>) => JSON.stringify({ environments: { staging } });

describe("whose file it is: git says (tracked: the checkout's; git-ignored: yours)", () => {
  test("a pull request that edits a tracked config's environments.staging.baseUrl gets no key from your git-ignored .env: one line names the file and the host, exit 2, nothing sent", async () => {
    const attacker = await countingServer();
    try {
      const host = attacker.url;
      const cwd = gitCheckout({
        tracked: { 'mockapi-conformance.config.json': environments({ baseUrl: host, readOnly: true }) },
        ignored: { '.env': 'MOCKAPI_TOKEN=your-key-in-dotenv-123\n' },
      });
      const message = refused(cwd, { MOCKAPI_ENV: 'staging' });
      expect(message).toContain(`${join(cwd, 'mockapi-conformance.config.json')}: environments.staging.baseUrl`);
      expect(message).toContain(host);
      expect(message).toMatch(/MOCKAPI_TOKEN in \.env/);
      expect(message).not.toContain('your-key-in-dotenv-123');
      const run = await runCli(['--runs', '1'], { MOCKAPI_ENV: 'staging' }, { cwd });
      expect([run.code, run.stderr.trim().split('\n').length, attacker.requests()]).toEqual([2, 1, 0]);
      expect(run.stderr).toContain(host);
    } finally {
      await attacker.close();
    }
  });

  test("your base URL, given as well (or in your git-ignored .env), lets the key go where the tracked config says; another of yours is used, the config's not", () => {
    const cwd = gitCheckout({
      tracked: { 'mockapi-conformance.config.json': environments({ baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' }) },
      ignored: { '.env': 'MOCKAPI_TOKEN=your-key-in-dotenv-123\n' },
    });
    expect(parsed(cwd, { MOCKAPI_ENV: 'staging', MOCKAPI_BASE_URL: 'https://staging.test/' }).config).toMatchObject({
      baseUrl: 'https://staging.test',
      token: 'your-key-in-dotenv-123',
    });
    expect(parsed(cwd, { MOCKAPI_ENV: 'staging', MOCKAPI_BASE_URL: 'https://staging.test', MOCKAPI_TOKEN_STAGING: 's' }).config.token).toBe('s');
    expect(parsed(cwd, { MOCKAPI_ENV: 'staging', MOCKAPI_BASE_URL: 'https://yours.test' }).config.baseUrl).toBe('https://yours.test');
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_TOKEN=your-key-in-dotenv-123\nMOCKAPI_BASE_URL=https://staging.test\n');
    expect(parsed(cwd, { MOCKAPI_ENV: 'staging' }).config.baseUrl).toBe('https://staging.test');
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_TOKEN=your-key-in-dotenv-123\nMOCKAPI_BASE_URL=https://yours.test\n');
    expect(refused(cwd, { MOCKAPI_ENV: 'staging' })).toMatch(
      /environments\.staging\.baseUrl names https:\/\/staging\.test \(the checkout's: not ignored by git\), and the key is MOCKAPI_TOKEN in \.env \(yours: git-ignored\)/,
    );
  });

  test("a key of your environment goes to no config's base URL, the variable it names (MOCKAPI_TOKEN_<NAME>) included; a git-ignored config or .env is yours, and names files anywhere", () => {
    const staging = environments({ baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' });
    const tracked = gitCheckout({ tracked: { 'mockapi-conformance.config.json': staging } });
    expect(refused(tracked, { MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'staging-key-123' })).toMatch(
      /environments\.staging\.baseUrl .*https:\/\/staging\.test.*MOCKAPI_TOKEN_STAGING/,
    );
    const ignored = gitCheckout({ tracked: {}, ignored: { 'mockapi-conformance.config.json': staging, '.env': 'MOCKAPI_TOKEN_STAGING=staging-key-123\n' } });
    expect(parsed(ignored, { MOCKAPI_ENV: 'staging' }).config).toMatchObject({ baseUrl: 'https://staging.test', token: 'staging-key-123' });
    // your git-ignored .env names files anywhere (.env.example's MOCKAPI_TOKEN_FILE=/run/secrets/…); the checkout's, inside it only
    const outside = join(mkdtempSync(join(tmpdir(), 'conformance-yours-')), 'key');
    writeFileSync(outside, 'your-private-file\n');
    writeFileSync(join(ignored, '.env'), `MOCKAPI_TOKEN_FILE=${outside}\n`);
    expect(parsed(ignored, { MOCKAPI_ENV: 'staging' }).config.token).toBe('your-private-file');
    // the tracked .env is the checkout's: its key is its own, to a base URL of the checkout's own
    const own = gitCheckout({ tracked: { '.env': 'MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN=k-of-the-checkout\n' } });
    expect(parsed(own).config).toMatchObject({ baseUrl: 'https://mine.test', token: 'k-of-the-checkout' });
    writeFileSync(join(own, '.env'), `MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN_FILE=${outside}\n`);
    expect(refused(own)).toMatch(/^MOCKAPI_TOKEN_FILE in \.env names .*, outside the working directory/);
  });
});

describe('whose file it is: what it is, not git alone (a download unpacked in a folder git ignores is not yours)', () => {
  /** A repository that ignores `artifacts/`, with a download unpacked in artifacts/build-7: its working directory. */
  function unpacked(files: Record<string, string>, { ownRepository = false } = {}): string {
    const repo = gitCheckout({ tracked: {} });
    writeFileSync(join(repo, '.gitignore'), 'artifacts/\n');
    const download = join(repo, 'artifacts', 'build-7');
    mkdirSync(download, { recursive: true });
    if (ownRepository) {
      execFileSync('git', ['init', '-q'], { cwd: download });
      writeFileSync(join(download, '.gitignore'), `${Object.keys(files).join('\n')}\n`);
    }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(download, name), text);
    return download;
  }

  test("a download's .env in a folder git ignores names no key file of yours and gets no key of yours, its own repository's ignore rules or not", () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'conformance-yours-')), 'key');
    writeFileSync(outside, 'your-private-file\n');
    for (const ownRepository of [false, true]) {
      const keyFile = unpacked({ '.env': `MOCKAPI_BASE_URL=https://artifact.test\nMOCKAPI_TOKEN_FILE=${outside}\n` }, { ownRepository });
      expect(refused(keyFile)).toMatch(/^MOCKAPI_TOKEN_FILE in \.env names .*, outside the working directory/);
      const base = unpacked({ '.env': 'MOCKAPI_BASE_URL=https://artifact.test\n' }, { ownRepository });
      const message = refused(base, YOUR_KEY);
      expect(message).toMatch(
        /^MOCKAPI_BASE_URL in \.env names https:\/\/artifact\.test \(a download: in .*artifacts\/build-7, a folder git ignores, and not named by you\)/,
      );
      expect(message).not.toContain('your-key-123');
    }
  });

  test('a config file of a download is not yours unless you name it; your .env ignored by its own name stays yours', () => {
    const staging = environments({ baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' });
    const cwd = unpacked({ 'mockapi-conformance.config.json': staging });
    const env = { MOCKAPI_ENV: 'staging', MOCKAPI_TOKEN_STAGING: 'staging-key-123' };
    expect(refused(cwd, env)).toMatch(/environments\.staging\.baseUrl names https:\/\/staging\.test \(a download: /);
    // named by you, it is your file (a key of your environment still needs the base URL from you: see above)
    expect(refused(cwd, env, ['--config', 'mockapi-conformance.config.json'])).toMatch(/names https:\/\/staging\.test \(yours: git-ignored\)/);
    const outside = join(mkdtempSync(join(tmpdir(), 'conformance-yours-')), 'key');
    writeFileSync(outside, 'your-private-file\n');
    const yours = gitCheckout({ tracked: {}, ignored: { '.env': `MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN_FILE=${outside}\n` } });
    expect(parsed(yours).config).toMatchObject({ baseUrl: 'https://mine.test', token: 'your-private-file' });
  });
});

describe('files read from a checkout: regular files, bounded, read in one pass', () => {
  test('a .env linked to /dev/zero, or a FIFO, is refused in one line, read no further', () => {
    const zero = checkout({});
    symlinkSync('/dev/zero', join(zero, '.env'));
    expect(refused(zero)).toMatch(/\.env is not a regular file/);
    const fifo = checkout({});
    execFileSync('mkfifo', [join(fifo, '.env')]);
    expect(refused(fifo)).toMatch(/\.env is not a regular file/);
  });

  test('a .env of 1 MiB of blank lines, or of lone quotes, is read in one pass (dotenv took 10-20 s for 80 KB); a longer one is refused', () => {
    for (const filler of ['\n', "A='\n", 'A="\n', ' \t\n']) {
      const cwd = checkout({ dotenv: `${filler.repeat(Math.floor((1024 * 1024 - 64) / filler.length))}MOCKAPI_REPORT_JSON=r.json\n` });
      const started = performance.now();
      expect(parsed(cwd).config.reportJson, JSON.stringify(filler)).toBe('r.json');
      expect(performance.now() - started, JSON.stringify(filler)).toBeLessThan(3000);
    }
    expect(refused(checkout({ dotenv: '\n'.repeat(1024 * 1024 + 1) }))).toMatch(/\.env is larger than 1 MiB/);
  });

  test('a baseline, a state file, a config file or a key file the checkout holds that is not a regular file is refused in one line', () => {
    for (const [name, dotenv] of [
      ['baseline.json', 'MOCKAPI_BASELINE=baseline.json\n'],
      ['.mockapi-conformance-state.jsonl', 'MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN=k-of-the-checkout\n'],
      ['mockapi-conformance.config.json', 'MOCKAPI_ENV=ci\n'],
      ['key', 'MOCKAPI_BASE_URL=https://mine.test\nMOCKAPI_TOKEN_FILE=key\n'],
    ] as const) {
      const cwd = checkout({ dotenv });
      execFileSync('mkfifo', [join(cwd, name)]);
      expect(refused(cwd), name).toMatch(/is not a regular file|is not a file/);
    }
  });

  test('a cache directory the checkout names that holds a link, at any depth, is refused before the run: the file it points to is left as it was', async () => {
    const away = mkdtempSync(join(tmpdir(), 'conformance-away-'));
    const victim = join(away, 'victim');
    writeFileSync(victim, 'yours\n');
    const cwd = checkout({ dotenv: 'MOCKAPI_CACHE_DIR=.cache\n' });
    // where vitest writes its results (node_modules/vitest: VitestCache.resolveCacheDir, ResultsCache.writeToCache)
    const deep = join(cwd, '.cache', 'vitest', createHash('sha1').update('').digest('hex'));
    mkdirSync(deep, { recursive: true });
    symlinkSync(victim, join(deep, 'results.json'));
    expect(refused(cwd)).toMatch(/^MOCKAPI_CACHE_DIR in \.env names .*\.cache, which holds a symbolic link \(.*results\.json\)/);
    const run = await runCli(['--only', '^organisations/', '--runs', '1'], {}, { cwd });
    expect([run.code, readFileSync(victim, 'utf8')]).toEqual([2, 'yours\n']);
    // yours to name: a link in a cache you give is yours
    expect(parsed(cwd, { MOCKAPI_CACHE_DIR: '.cache' }).config.cacheDir).toBe(join(cwd, '.cache'));
  });
});
