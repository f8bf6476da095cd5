// Configuration: flags over environment over .env; every bad value is one ConfigError line that never
// contains a key.
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { closestSetting, ConfigError, KNOWN_SETTINGS, parseCommand } from '../../src/run/config.ts';
import { refusalOf } from '../support/refusal.ts';
import { KEY_VARIABLE } from '../../src/run/config-file.ts';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'conformance-config-'));
const parse = (argv: string[], env: Record<string, string> = {}, cwd = emptyDir()) => parseCommand(argv, env, cwd).config;
const error = (argv: string[], env: Record<string, string> = {}) => refusalOf(argv, env, emptyDir());

describe('parseCommand', () => {
  test('--proxy and --ca-file: checked before anything is sent, the proxy URL never quoted (it may hold a password)', () => {
    const given = (argv: string[]) => ['--base-url', 'https://api.example.test', '--token', 'k', ...argv];
    const cwd = emptyDir();
    writeFileSync(join(cwd, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    writeFileSync(join(cwd, 'empty.pem'), 'not a certificate');
    expect(parse(given(['--proxy', 'http://u:p@proxy.test:3128', '--ca-file', 'ca.pem']), {}, cwd).network).toEqual({
      proxy: 'http://u:p@proxy.test:3128',
      caFile: join(cwd, 'ca.pem'),
    });
    expect(error(given(['--proxy', 'socks9://u:secret-pw@x']))).toBe('--proxy must be an http or https URL, such as http://proxy.example:3128');
    expect(error(given(['--ca-file', '/no/such/ca.pem']))).toBe('--ca-file: /no/such/ca.pem is not a file');
    expect(() => parse(given(['--ca-file', 'empty.pem']), {}, cwd)).toThrow(/--ca-file: .*empty\.pem holds no PEM certificate/);
    expect(error(['--proxy', 'http://proxy.test:3128'])).toMatch(/^--proxy is set but no base URL/);
  });

  test('nothing set: the embedded reference deployment, live, not read-only', () => {
    expect(parse([])).toEqual({
      baseUrl: undefined,
      token: undefined,
      forbiddenToken: undefined,
      profile: 'live',
      reportJson: undefined,
      reportJunit: undefined,
      reportMarkdown: undefined,
      reportHtml: undefined,
      github: undefined,
      readOnly: false,
      strict: false,
      baseline: undefined,
      updateBaseline: undefined,
      updateBaselineWithErrored: false,
      timeoutMs: 10_000,
      runTimeoutMs: 600_000,
      checkTimeoutMs: undefined,
      concurrency: undefined,
      seed: undefined,
      runs: undefined,
      only: undefined,
      minJudged: undefined,
      fixtures: {},
      pushPolicy: undefined,
      stateFile: expect.stringMatching(/\/\.mockapi-conformance-state\.jsonl$/),
      cacheDir: undefined,
      network: {},
    });
  });

  test('flags win over the environment, the environment over .env', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_BASE_URL=http://from-file.test\nMOCKAPI_TOKEN=file-key\nMOCKAPI_TEAM_ID=team-from-file\nMOCKAPI_TIMEOUT_MS=5\n');
    const config = parse(['--base-url', 'https://flag.test/api/'], { MOCKAPI_TOKEN: 'env-key' }, cwd);
    expect(config).toMatchObject({ baseUrl: 'https://flag.test/api', token: 'env-key', timeoutMs: 5, fixtures: { teamId: 'team-from-file' } });
  });

  test('--token-file or MOCKAPI_TOKEN_FILE: the key read from a file, its line end dropped; the key is named in no error', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, 'key'), 'file-key-123\n');
    writeFileSync(join(cwd, 'spaced'), 'Token secret-in-file\n');
    expect(parse(['--base-url', 'http://x.test', '--token-file', 'key'], {}, cwd).token).toBe('file-key-123');
    expect(parse([], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN_FILE: join(cwd, 'key') }, cwd).token).toBe('file-key-123');
    // the variable of the key itself wins over the variable of its file, a flag over both
    expect(parse([], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'env-key', MOCKAPI_TOKEN_FILE: join(cwd, 'key') }, cwd).token).toBe('env-key');
    expect(parse(['--token-file', join(cwd, 'key')], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'env-key' }, cwd).token).toBe('file-key-123');
    expect(error(['--base-url', 'http://x.test', '--token', 'k', '--token-file', join(cwd, 'key')])).toBe(
      'give the key by --token or by --token-file, not both',
    );
    expect(error(['--base-url', 'http://x.test', '--token-file', join(cwd, 'absent')])).toBe(`--token-file: ${join(cwd, 'absent')} is not a file`);
    const spaced = error(['--base-url', 'http://x.test', '--token-file', join(cwd, 'spaced')]);
    expect(spaced).toBe('--token-file contains white space; give the key alone, without "Token "');
    expect(KNOWN_SETTINGS).toContain('MOCKAPI_TOKEN_FILE');
  });

  test('empty variables count as unset, as in .env.example', () => {
    expect(parse([], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_FORBIDDEN_TOKEN: '', MOCKAPI_TEAM_ID: '' })).toMatchObject({
      forbiddenToken: undefined,
      fixtures: {},
    });
  });

  test('a mock needs no key: it only looks for an Authorization header', () => {
    expect(parse(['--profile', 'mock', '--base-url', 'http://127.0.0.1:4010'])).toMatchObject({
      profile: 'mock',
      token: undefined,
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(parse([], { MOCKAPI_PROFILE: 'mock' })).toMatchObject({ profile: 'mock', baseUrl: undefined });
  });

  test('seed and runs from flags or variables', () => {
    expect(parse(['--seed', '42'], { MOCKAPI_RUNS: '7' })).toMatchObject({ seed: 42, runs: 7 });
  });

  test('a bound on one check from the flag or the variable', () => {
    expect(parse(['--check-timeout-ms', '4000']).checkTimeoutMs).toBe(4000);
    expect(parse([], { MOCKAPI_CHECK_TIMEOUT_MS: '90000' }).checkTimeoutMs).toBe(90_000);
    expect(error(['--check-timeout-ms', '5'])).toBe('--check-timeout-ms must be a whole number of milliseconds from 100 to 86400000, not "5"');
  });

  test('--only: a regular expression without case, from the flag or the variable; a bad one is one line', () => {
    const only = parse(['--only', 'chaos-|generated']).only!;
    expect(only.test('CHAOS-LIMITS percentageFailures above 100 is rejected')).toBe(true);
    expect(only.test('AUTH-401-MISSING no Authorization header')).toBe(false);
    expect(parse([], { MOCKAPI_ONLY: '^TEAM-' }).only!.source).toBe('^TEAM-');
    expect(error(['--only', '(chaos'])).toMatch(/^--only is not a regular expression: /);
  });

  test('the push policy from the flag or the variable, as given; never without a base URL', () => {
    const remote = { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k' };
    expect(parse(['--push-policy', 'KEEP_LOCAL'], remote).pushPolicy).toBe('KEEP_LOCAL');
    expect(parse([], { ...remote, MOCKAPI_PUSH_POLICY: ' FAIL ' }).pushPolicy).toBe('FAIL');
    expect(parse([], remote).pushPolicy).toBeUndefined();
    expect(error([], { MOCKAPI_PUSH_POLICY: 'FAIL' })).toMatch(
      /^MOCKAPI_PUSH_POLICY is set but no base URL: the embedded reference and the local mock supply a value of their own/,
    );
  });

  test('the state file: in the working directory unless named, and a named one must be writable', () => {
    const cwd = emptyDir();
    expect(parse([], {}, cwd).stateFile).toBe(join(cwd, '.mockapi-conformance-state.jsonl'));
    expect(parse(['--state-file', 'runs.jsonl'], {}, cwd).stateFile).toBe(join(cwd, 'runs.jsonl'));
    expect(parse([], { MOCKAPI_STATE_FILE: '/tmp/x.jsonl' }, cwd).stateFile).toBe('/tmp/x.jsonl');
    expect(error(['--state-file', '/no/such/dir/state.jsonl'])).toBe('--state-file: the directory /no/such/dir does not exist');
  });

  test('strict from the flag or the variable; a value that is no boolean is refused', () => {
    expect(parse(['--strict']).strict).toBe(true);
    expect(parse([], { MOCKAPI_STRICT: 'true' }).strict).toBe(true);
    expect(parse([], { MOCKAPI_STRICT: '0' }).strict).toBe(false);
    expect(() => parse([], { MOCKAPI_STRICT: 'very' })).toThrow('MOCKAPI_STRICT must be true or false, not "very"');
  });

  test('read-only from the flag or the variable', () => {
    expect(parse(['--read-only']).readOnly).toBe(true);
    expect(parse([], { MOCKAPI_READ_ONLY: 'yes' }).readOnly).toBe(true);
    expect(parse([], { MOCKAPI_READ_ONLY: 'false' }).readOnly).toBe(false);
  });

  test.each([
    [['--bse-url', 'x'], {}, /^Unknown option '--bse-url'; did you mean --base-url\? \(see --help\)$/],
    [['--base-url', 'not a url', '--token', 'k'], {}, /^--base-url is not a URL: "not a url"$/],
    [['--base-url', 'ftp://x.test', '--token', 'k'], {}, /must be an http or https URL, not ftp/],
    [['--base-url', 'http://x.test?a=1', '--token', 'k'], {}, /must not have a query/],
    [['--base-url', 'http://x.test'], {}, /^a base URL is set but no key/],
    [[], { MOCKAPI_TOKEN: 'k' }, /^MOCKAPI_TOKEN is set but no base URL/],
    [[], { MOCKAPI_TEAM_ID: 't' }, /^MOCKAPI_TEAM_ID is set but no base URL/],
    [['--profile', 'staging'], {}, /^--profile must be live or mock, not "staging"$/],
    [['--timeout-ms', 'soon'], {}, /^--timeout-ms must be a whole number of milliseconds/],
    [[], { MOCKAPI_READ_ONLY: 'maybe' }, /^MOCKAPI_READ_ONLY must be true or false/],
    [['--seed=1.5'], {}, /^--seed must be a whole number from 0 to 2147483647, not "1.5"$/],
    [[], { MOCKAPI_RUNS: '0' }, /^MOCKAPI_RUNS must be a whole number from 1 to 100000, not "0"$/],
    [['--concurrency', 'many'], {}, /^--concurrency must be a whole number from 1 to 64, not "many"$/],
    [
      [],
      { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_MOCK_API_ID: 'abcd' },
      /^MOCKAPI_MOCK_API_ID must have 5 to 10 characters \(Limits\), not 4$/,
    ],
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_MOCK_API_ID: 'abcdefghijk' }, /not 11$/],
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_TEAM_MEMBER_ID: 'u' }, /MOCKAPI_TEAM_MEMBER_ID is set without MOCKAPI_TEAM_ID/],
    [
      [],
      { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_DATA_SOURCE_ID: 'd', MOCKAPI_DELETABLE_DATA_SOURCE_ID: 'd' },
      /is the same as MOCKAPI_DATA_SOURCE_ID/,
    ],
    [
      [],
      { MOCKAPI_REFERENCE_FAULTS: 'push-status-200,no-such-fault' },
      /^MOCKAPI_REFERENCE_FAULTS names an unknown fault: no-such-fault \(mockapi-conformance reference --list-faults lists them\)$/,
    ],
    [[], { MOCKAPI_REFERENCE_VARIATIONS: 'maybe' }, /^MOCKAPI_REFERENCE_VARIATIONS must be 1 or 0, not 'maybe'$/],
    [
      [],
      { MOCKAPI_REFERENCE_FREEDOMS: 'job-running,no-such-freedom' },
      /^MOCKAPI_REFERENCE_FREEDOMS names an unknown freedom: no-such-freedom \(mockapi-conformance reference --list-freedoms lists them\)$/,
    ],
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_MOCK_API_ID: '\u{1F600}'.repeat(11) }, /not 11$/],
    [['--report-json', '/no/such/dir/r.json'], {}, /^--report-json: the directory \/no\/such\/dir does not exist$/],
    [[], { MOCKAPI_REPORT_JSON: '/' }, /^MOCKAPI_REPORT_JSON: \/ is a directory; give a file name$/],
  ])('%j %j is refused with one line', (argv, env, message) => {
    expect(error(argv as string[], env as Record<string, string>)).toMatch(message as RegExp);
  });

  test('a report path, or the state file, that is a symbolic link is refused with one line: the run never writes through one', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, 'victim'), 'a file of yours');
    symlinkSync(join(cwd, 'victim'), join(cwd, 'r.json'));
    expect(() => parse(['--report-json', 'r.json'], {}, cwd)).toThrow(
      `--report-json: ${join(cwd, 'r.json')} is a symbolic link; the run never writes through one`,
    );
    symlinkSync(join(cwd, 'victim'), join(cwd, '.mockapi-conformance-state.jsonl'));
    expect(() => parse([], {}, cwd)).toThrow(`the state file: ${join(cwd, '.mockapi-conformance-state.jsonl')} is a symbolic link`);
  });

  test('a mockApiId is counted in characters, as Limits count it: ten with one outside the Basic Multilingual Plane are ten', () => {
    const id = 'mk1a2b3c4\u{1F600}';
    expect(parse([], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_MOCK_API_ID: id }).fixtures.mockApiId).toBe(id);
  });

  test('a report path in a directory that exists is taken as given', () => {
    const cwd = emptyDir();
    expect(parse(['--report-json', 'r.json'], {}, cwd).reportJson).toBe('r.json');
  });

  test('faults and variations of the embedded reference are read only when it is the target', () => {
    expect(parse([], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_REFERENCE_FAULTS: 'nope' }).baseUrl).toBe('http://x.test');
    expect(parse([], { MOCKAPI_REFERENCE_FAULTS: 'push-status-200' }).baseUrl).toBeUndefined();
  });

  test('a key is never part of an error message', () => {
    const key = 'very-secret key-1234567890';
    const message = error(['--base-url', 'http://x.test', '--token', key]);
    expect(message).toBe('--token contains white space; give the key alone, without "Token "');
    expect(error(['--base-url', 'http://x.test', '--token', 'Dup1icateK3y', '--forbidden-token', 'Dup1icateK3y'])).not.toContain('Dup1icateK3y');
  });

  test('-h and -V are --help and --version', () => {
    expect(parseCommand(['-h'], {}, emptyDir())).toMatchObject({ help: true, version: false });
    expect(parseCommand(['-V'], {}, emptyDir())).toMatchObject({ help: false, version: true });
    expect(parseCommand(['--version'], {}, emptyDir()).version).toBe(true);
  });

  test("vitest's cache directory from MOCKAPI_CACHE_DIR, against the working directory; unset: the run's default", () => {
    const cwd = emptyDir();
    expect(parse([], { MOCKAPI_CACHE_DIR: 'cache' }, cwd).cacheDir).toBe(join(cwd, 'cache'));
    expect(parse([], { MOCKAPI_CACHE_DIR: '/var/cache/conformance' }, cwd).cacheDir).toBe('/var/cache/conformance');
    expect(parse([], { MOCKAPI_CACHE_DIR: '' }, cwd).cacheDir).toBeUndefined();
  });
});

describe('settings that are not ours', () => {
  const warnings = (env: Record<string, string>, dotenv?: string) => {
    const cwd = emptyDir();
    if (dotenv !== undefined) writeFileSync(join(cwd, '.env'), dotenv);
    return parseCommand([], env, cwd).warnings;
  };

  test('a misspelt MOCKAPI_ variable is named with the setting it most likely meant', () => {
    expect(warnings({ MOCKAPI_BASE_ULR: 'http://x.test' })).toEqual([
      'MOCKAPI_BASE_ULR is not a setting of mockapi-conformance; did you mean MOCKAPI_BASE_URL?',
    ]);
    expect(warnings({ MOCKAPI_TOKN: 'k' })).toEqual(['MOCKAPI_TOKN is not a setting of mockapi-conformance; did you mean MOCKAPI_TOKEN?']);
    expect(warnings({ mockapi_profile: 'mock' })).toEqual(['mockapi_profile is not a setting of mockapi-conformance; did you mean MOCKAPI_PROFILE?']);
  });

  test('without "did you mean" when no setting is close', () => {
    expect(warnings({ MOCKAPI_FAVOURITE_COLOUR: 'blue' })).toEqual(['MOCKAPI_FAVOURITE_COLOUR is not a setting of mockapi-conformance']);
  });

  test('variables of others are not ours to judge; ours and the empty ones raise nothing', () => {
    expect(warnings({ HOME: '/root', NODE_OPTIONS: '', MOCKAPI_TIMEOUT_MS: '5', MOCKAPI_TEAM_ID: '', MOCKAPI_REFERENCE_FAULTS: '' })).toEqual([]);
  });

  test('any key in .env that is not a setting, named with where it is; a name never with its value', () => {
    const found = warnings({}, 'MOCKAPI_TIMEOUT_MS=5\nMOCKAPI_FORBIDEN_TOKEN=s3cret-value\nBASE_URL=http://x.test\nDATABASE_PASSWORD=hunter2\n');
    expect(found).toEqual([
      'MOCKAPI_FORBIDEN_TOKEN in .env is not a setting of mockapi-conformance; did you mean MOCKAPI_FORBIDDEN_TOKEN?',
      'BASE_URL in .env is not a setting of mockapi-conformance; did you mean MOCKAPI_BASE_URL?',
      'DATABASE_PASSWORD in .env is not a setting of mockapi-conformance',
    ]);
    expect(found.join('\n')).not.toMatch(/s3cret|hunter2|x\.test/);
  });

  test('a name in both the environment and .env is named once', () => {
    expect(warnings({ MOCKAPI_TOKN: 'k' }, 'MOCKAPI_TOKN=k\n')).toEqual(['MOCKAPI_TOKN is not a setting of mockapi-conformance; did you mean MOCKAPI_TOKEN?']);
  });

  test('the warnings come with a configuration error too, whose cause they may be', () => {
    try {
      parseCommand([], { MOCKAPI_BASE_ULR: 'http://x.test', MOCKAPI_TOKEN: 'k' }, emptyDir());
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).message).toMatch(/^MOCKAPI_TOKEN is set but no base URL/);
      expect((e as ConfigError).warnings).toEqual(['MOCKAPI_BASE_ULR is not a setting of mockapi-conformance; did you mean MOCKAPI_BASE_URL?']);
    }
  });

  test('close enough, and no closer: a missing prefix, a transposition, a letter or two', () => {
    expect(closestSetting('MOCKAPI_TIMEOUT')).toBe('MOCKAPI_TIMEOUT_MS');
    expect(closestSetting('MOCKAPI_SEEDS')).toBe('MOCKAPI_SEED');
    expect(closestSetting('READ_ONLY')).toBe('MOCKAPI_READ_ONLY');
    expect(closestSetting('MOCKAPI_URL')).toBeUndefined();
    expect(closestSetting('DATABASE_URL')).toBeUndefined();
  });

  test('every MOCKAPI_ name our code, tests and benchmark read is a known setting', () => {
    const root = new URL('../../', import.meta.url);
    const sources = (dir: string): string[] =>
      readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
        // the tests of these warnings misspell names on purpose
        .filter((file) => /\.[jt]s$/.test(file) && !/(?:^|\/)(?:config|package)\.test\.ts$/.test(file))
        .map((file) => readFileSync(new URL(`${dir}${file}`, root), 'utf8'));
    const named = new Set(
      ['bin/', 'contract/', 'src/', 'reference/', 'reporters/', 'suites/', 'properties/', 'test/', 'bench/']
        .flatMap(sources)
        .flatMap((text) => text.match(/\bMOCKAPI_[A-Z0-9_]*[A-Z0-9]\b/g) ?? []),
    );
    // a config file's key variables (MOCKAPI_TOKEN_STAGING) are this tool's too; the placeholders of keys learned from
    // recorded traffic ($MOCKAPI_RECORDED_KEY_1) are no variable at all
    const placeholder = /^MOCKAPI_RECORDED_KEY_\d+$/;
    expect([...named].filter((name) => !KNOWN_SETTINGS.includes(name) && !KEY_VARIABLE.test(name) && !placeholder.test(name)).sort()).toEqual([]);
  });
});
