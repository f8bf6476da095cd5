// A run given no base URL verifies the embedded reference deployment: where it was also given what names another
// target (a named environment's key, a config file), it says so as an error, one line, exit 2, not a green run of
// the reference that reads like one of yours; a run names its target in its first line (issue 57, item 4).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCommand } from '../../src/run/config.ts';
import { refusalOf } from '../support/refusal.ts';
import { runCli } from '../support/cli.ts';

const STAGING = { environments: { staging: { baseUrl: 'https://staging.test', tokenVariable: 'MOCKAPI_TOKEN_STAGING' }, local: { readOnly: true } } };

/** A working directory with the files given. */
function folder(files: Record<string, string> = {}): string {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-embedded-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  return cwd;
}
const refused = (env: Record<string, string>, cwd = folder(), options?: Parameters<typeof parseCommand>[3]) => refusalOf([], env, cwd, options);

describe('a run against the embedded reference that was given another target', () => {
  test("a named environment's key without --env, in the environment or .env, the library's run included: an error that names the variable, never its value", () => {
    const message = refused({ MOCKAPI_TOKEN_STAGING: 'staging-key-123' });
    expect(message).toMatch(
      /^MOCKAPI_TOKEN_STAGING is the key of a named environment, and with no base URL the run would verify the embedded reference deployment/,
    );
    expect(message).not.toContain('staging-key-123');
    expect(refused({}, folder({ '.env': 'MOCKAPI_FORBIDDEN_TOKEN_PROD=p-key\n' }))).toMatch(
      /^MOCKAPI_FORBIDDEN_TOKEN_PROD in \.env is the key of a named environment/,
    );
    // conformanceProject reads no config file, and the environment as the command does
    expect(refused({ MOCKAPI_TOKEN_STAGING: 'k' }, folder(), { configFile: 'none' })).toMatch(/^MOCKAPI_TOKEN_STAGING is the key/);
  });

  test('a config file with no environment chosen, or one whose environment names no base URL: an error', () => {
    const cwd = folder({ 'mockapi-conformance.config.json': JSON.stringify(STAGING) });
    expect(refused({}, cwd)).toBe(
      `${join(cwd, 'mockapi-conformance.config.json')} has the environments staging, local; none was chosen (--env NAME or MOCKAPI_ENV), so it sets nothing: with no base URL the run would verify the embedded reference deployment; choose one, or give --base-url`,
    );
    expect(refused({ MOCKAPI_ENV: 'local' }, cwd)).toMatch(/environments\.local has no baseUrl, and none is given/);
  });

  test('given nothing, or a key with its base URL, or the mock profile: no error', () => {
    expect(parseCommand([], {}, folder()).config.baseUrl).toBeUndefined();
    expect(parseCommand([], { MOCKAPI_BASE_URL: 'https://mine.test', MOCKAPI_TOKEN_STAGING: 'k', MOCKAPI_TOKEN: 'k' }, folder()).config.baseUrl).toBe(
      'https://mine.test',
    );
    expect(parseCommand(['--profile', 'mock'], { MOCKAPI_TOKEN_STAGING: 'k' }, folder()).config.profile).toBe('mock');
  });

  test('the command: exit 2, one line, the reference never started; a run of the reference names it in its first line', async () => {
    const wrong = await runCli(['--only', '^CHAOS-STATUS'], { MOCKAPI_TOKEN_STAGING: 'staging-key-123' });
    expect([wrong.code, wrong.stderr.trim().split('\n').length], wrong.stderr).toEqual([2, 1]);
    expect(wrong.stderr).toMatch(/MOCKAPI_TOKEN_STAGING is the key of a named environment/);
    const right = await runCli(['--only', '^CHAOS-STATUS'], {});
    expect(right.code).toBe(0);
    expect(right.stdout.split('\n')[0]).toMatch(/^Verifying http:\/\/127\.0\.0\.1:\d+ \(the embedded reference deployment\), profile live/);
  });
});
