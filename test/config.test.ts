// Configuration: flags over environment over .env; every bad value is one ConfigError line that never
// contains a key.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, parseCommand } from '../src/config.ts';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'conformance-config-'));
const parse = (argv: string[], env: Record<string, string> = {}, cwd = emptyDir()) => parseCommand(argv, env, cwd).config;
const error = (argv: string[], env: Record<string, string> = {}) => {
  try {
    parseCommand(argv, env, emptyDir());
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('no ConfigError');
};

describe('parseCommand', () => {
  test('nothing set: the embedded reference deployment, live, not read-only', () => {
    expect(parse([])).toEqual({ baseUrl: undefined, token: undefined, forbiddenToken: undefined, profile: 'live', reportJson: undefined, reportJunit: undefined, reportMarkdown: undefined, reportHtml: undefined, github: undefined, readOnly: false, strict: false, baseline: undefined, updateBaseline: undefined, timeoutMs: 10_000, runTimeoutMs: 600_000, checkTimeoutMs: undefined, concurrency: 2, seed: undefined, runs: undefined, only: undefined, fixtures: {}, pushPolicy: undefined, stateFile: expect.stringMatching(/\/\.mockapi-conformance-state\.jsonl$/) });
  });

  test('flags win over the environment, the environment over .env', () => {
    const cwd = emptyDir();
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_BASE_URL=http://from-file.test\nMOCKAPI_TOKEN=file-key\nMOCKAPI_TEAM_ID=team-from-file\nMOCKAPI_TIMEOUT_MS=5\n');
    const config = parse(['--base-url', 'https://flag.test/api/'], { MOCKAPI_TOKEN: 'env-key' }, cwd);
    expect(config).toMatchObject({ baseUrl: 'https://flag.test/api', token: 'env-key', timeoutMs: 5, fixtures: { teamId: 'team-from-file' } });
  });

  test('empty variables count as unset, as in .env.example', () => {
    expect(parse([], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_FORBIDDEN_TOKEN: '', MOCKAPI_TEAM_ID: '' })).toMatchObject({ forbiddenToken: undefined, fixtures: {} });
  });

  test('a mock needs no key: it only looks for an Authorization header', () => {
    expect(parse(['--profile', 'mock', '--base-url', 'http://127.0.0.1:4010'])).toMatchObject({ profile: 'mock', token: undefined, baseUrl: 'http://127.0.0.1:4010' });
    expect(parse([], { MOCKAPI_PROFILE: 'mock' })).toMatchObject({ profile: 'mock', baseUrl: undefined });
  });

  test('seed and runs from flags or variables', () => {
    expect(parse(['--seed', '42'], { MOCKAPI_RUNS: '7' })).toMatchObject({ seed: 42, runs: 7 });
  });

  test('a bound on one check from the flag or the variable', () => {
    expect(parse(['--check-timeout-ms', '4000']).checkTimeoutMs).toBe(4000);
    expect(parse([], { MOCKAPI_CHECK_TIMEOUT_MS: '90000' }).checkTimeoutMs).toBe(90_000);
    expect(error(['--check-timeout-ms', '5'])).toBe('--check-timeout-ms must be a whole number from 100 to 86400000, not "5"');
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
    expect(error([], { MOCKAPI_PUSH_POLICY: 'FAIL' })).toMatch(/^MOCKAPI_PUSH_POLICY is set but no base URL: the embedded reference and the local mock supply a value of their own/);
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
    [['--bse-url', 'x'], {}, /^Unknown option '--bse-url' \(see --help\)$/],
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
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_MOCK_API_ID: 'abcd' }, /^MOCKAPI_MOCK_API_ID must have 5 to 10 characters \(Limits\), not 4$/],
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_MOCK_API_ID: 'abcdefghijk' }, /not 11$/],
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_TEAM_MEMBER_ID: 'u' }, /MOCKAPI_TEAM_MEMBER_ID is set without MOCKAPI_TEAM_ID/],
    [[], { MOCKAPI_BASE_URL: 'http://x.test', MOCKAPI_TOKEN: 'k', MOCKAPI_DATA_SOURCE_ID: 'd', MOCKAPI_DELETABLE_DATA_SOURCE_ID: 'd' }, /is the same as MOCKAPI_DATA_SOURCE_ID/],
    [[], { MOCKAPI_REFERENCE_FAULTS: 'push-status-200,no-such-fault' }, /^MOCKAPI_REFERENCE_FAULTS names an unknown fault: no-such-fault \(npm run reference -- --list-faults lists them\)$/],
    [[], { MOCKAPI_REFERENCE_VARIATIONS: 'maybe' }, /^MOCKAPI_REFERENCE_VARIATIONS must be 1 or 0, not 'maybe'$/],
    [['--report-json', '/no/such/dir/r.json'], {}, /^--report-json: the directory \/no\/such\/dir does not exist$/],
    [[], { MOCKAPI_REPORT_JSON: '/' }, /^MOCKAPI_REPORT_JSON: \/ is a directory; give a file name$/],
  ])('%j %j is refused with one line', (argv, env, message) => {
    expect(error(argv as string[], env as Record<string, string>)).toMatch(message as RegExp);
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
});
