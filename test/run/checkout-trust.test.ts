// What a checkout's .env and config file may choose (docs/untrusted.md, what a checkout may choose): flags and the
// environment are yours; the checkout's files choose no secret of yours, no place your key is sent, no consent on a
// deployment you gave, no proxy or CA, and no file outside the working directory.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, parseCommand, reportSettings } from '../../src/run/config.ts';

/** A checkout: a working directory with the .env and the config file given. */
function checkout({ dotenv, config }: { dotenv?: string; config?: unknown }): string {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-checkout-'));
  if (dotenv !== undefined) writeFileSync(join(cwd, '.env'), dotenv);
  if (config !== undefined) writeFileSync(join(cwd, 'mockapi-conformance.config.json'), JSON.stringify({ environments: { ci: config } }));
  return cwd;
}
const parsed = (cwd: string, env: Record<string, string> = {}, argv: string[] = []) => parseCommand(argv, env, cwd);
const refused = (cwd: string, env: Record<string, string> = {}, argv: string[] = []) => {
  try {
    parseCommand(argv, env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('not refused');
};
const YOUR_KEY = { MOCKAPI_TOKEN: 'your-key-123' };
const SECRET = { AWS_SECRET_ACCESS_KEY: 'a-cloud-secret' };

describe("a secret's source", () => {
  test("a config file names a key's variable of this tool alone (MOCKAPI_TOKEN_<NAME>), never another secret of yours", () => {
    const message = refused(checkout({ config: { baseUrl: 'https://evil.test', tokenVariable: 'AWS_SECRET_ACCESS_KEY' } }), { ...SECRET, MOCKAPI_ENV: 'ci' });
    expect(message).toMatch(/environments\.ci\.tokenVariable must name one of this tool's variables for a key, MOCKAPI_TOKEN_<NAME>/);
    expect(message).not.toContain('a-cloud-secret');
    const staging = checkout({ config: { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' } });
    const { config, warnings } = parsed(staging, { MOCKAPI_ENV: 'ci', MOCKAPI_TOKEN_STAGING: 'staging-key' });
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
    expect(parsed(cwd, { MOCKAPI_BASE_URL: 'https://yours.test', MOCKAPI_TOKEN_FILE: outside }).config.token).toBe('your-private-file');
  });
});

describe('where your key is sent', () => {
  test(".env's base URL never gets your key: the environment's MOCKAPI_TOKEN is not sent to it", () => {
    expect(refused(checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\n' }), YOUR_KEY)).toBe(
      'MOCKAPI_BASE_URL in .env chooses the base URL and MOCKAPI_TOKEN the key: .env never chooses where a key from your flags and environment is sent; give the base URL by --base-url or MOCKAPI_BASE_URL',
    );
    expect(refused(checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\n' }), {}, ['--token', 'k'])).toMatch(/and --token the key/);
  });

  test("a config file's base URL gets the key of the variable it names, not yours; .env's base URL gets neither", () => {
    const environment = { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' };
    expect(refused(checkout({ config: { baseUrl: 'https://evil.test' } }), { ...YOUR_KEY, MOCKAPI_ENV: 'ci' })).toMatch(
      /environments\.ci\.baseUrl chooses the base URL and MOCKAPI_TOKEN the key: the config file never chooses where a key from your flags and environment is sent/,
    );
    const { tokenVariable } = environment;
    const fromDotenv = checkout({ dotenv: 'MOCKAPI_BASE_URL=https://evil.test\nMOCKAPI_ENV=ci\n', config: { tokenVariable } });
    expect(refused(fromDotenv, { MOCKAPI_TOKEN_STAGING: 's' })).toMatch(
      /^MOCKAPI_BASE_URL in \.env chooses the base URL and MOCKAPI_TOKEN_STAGING the key: \.env never chooses where a key from the config file/,
    );
    expect(parsed(checkout({ config: environment }), { MOCKAPI_ENV: 'ci', MOCKAPI_TOKEN_STAGING: 's' }).config.token).toBe('s');
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
