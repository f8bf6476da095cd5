// The settings table (src/run/settings.ts) is the one place a setting is described: the README's flag table,
// .env.example, --help, check-har's and proxy's flags and the config file's schema are held to it here, and the
// config file (src/run/config-file.ts) is read with the same rules as flags and variables.
import { existsSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIXTURE_VARIABLES } from '../../contract/fixtures.ts';
import { ConfigFileError, configSchema, readConfigFile } from '../../src/run/config-file.ts';
import { ConfigError, parseCommand } from '../../src/run/config.ts';
import { HELP } from '../../src/cli/help.ts';
import { RECORDED_FLAGS } from '../../src/recorded/recorded-command.ts';
import { ACTIONS, settingsOf, SETTINGS, type Setting } from '../../src/run/settings.ts';
import { withFlagTable, withOptionalVariables } from '../../src/run/settings-docs.ts';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');
const RUN = settingsOf('run') as readonly Setting[];

describe('the settings table and what is written from it', () => {
  test("docs/settings.md's flag table and .env.example's optional variables are what the table makes (npm run settings writes them)", () => {
    expect(read('docs/settings.md')).toBe(withFlagTable(read('docs/settings.md')));
    expect(read('.env.example')).toBe(withOptionalVariables(read('.env.example')));
  });

  test('the flag table of docs/settings.md names every flag and variable of a run, and no other', () => {
    const readme = read('docs/settings.md');
    const table = readme.slice(readme.indexOf('| flag | environment | meaning |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    // cells split on the pipes Markdown reads as such, not on an escaped one (`live\|mock`)
    const cells = (row: string) => row.split(/(?<!\\)\|/);
    const flags = new Set(rows.flatMap((row) => [...(cells(row)[1] ?? '').matchAll(/--([a-z-]+)/g)].map((m) => m[1]!)));
    const variables = new Set(rows.flatMap((row) => [...(cells(row)[2] ?? '').matchAll(/\bMOCKAPI_[A-Z_]+/g)].map((m) => m[0])));
    expect([...flags].sort()).toEqual([...RUN.flatMap((s) => (s.flag ? [s.flag] : [])), ...Object.keys(ACTIONS)].sort());
    expect([...variables].sort()).toEqual(RUN.flatMap((s) => (s.variable ? [s.variable] : [])).sort());
  });

  test('.env.example names every variable of a run and every fixture, and no other MOCKAPI_ variable', () => {
    const named = new Set([...read('.env.example').matchAll(/^#? ?(MOCKAPI_[A-Z_]+)=/gm)].map((m) => m[1]!));
    expect([...named].sort()).toEqual([...RUN.flatMap((s) => (s.variable ? [s.variable] : [])), ...Object.values(FIXTURE_VARIABLES)].sort());
  });

  test('--help shows every flag of a run with its variable', () => {
    for (const s of RUN) if (s.flag) expect(HELP).toMatch(new RegExp(`^  --${s.flag}\\b.*${s.variable ?? ''}`, 'm'));
  });

  test("check-har and proxy take the table's rows for them, and their help names each", async () => {
    const { CHECK_HAR_HELP } = await import('../../src/recorded/check-har.ts');
    for (const s of settingsOf('check-har')) {
      expect(RECORDED_FLAGS).toHaveProperty(s.flag!);
      expect(CHECK_HAR_HELP).toContain(`--${s.flag}`);
    }
  });

  test('schemas/config.json is the schema the table makes (npm run settings writes it)', () => {
    expect(JSON.parse(read('schemas/config.json'))).toEqual(configSchema());
  });

  test('every option name is unique, and every row of a run has a flag or a variable', () => {
    expect(new Set(SETTINGS.map((s) => s.option)).size).toBe(SETTINGS.length);
    for (const s of SETTINGS as readonly Setting[]) expect(s.flag ?? s.variable, s.option).toBeDefined();
  });
});

describe('the config file', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'mockapi-conformance-config-file-'));
  const write = (cwd: string, data: unknown, name = 'mockapi-conformance.config.json') =>
    writeFileSync(join(cwd, name), typeof data === 'string' ? data : JSON.stringify(data));
  const environments = {
    environments: {
      staging: {
        baseUrl: 'https://staging.test',
        tokenVariable: 'MOCKAPI_TOKEN_STAGING',
        concurrency: 3,
        readOnly: true,
        fixtures: { organisationId: 'org-s' },
        pushPolicy: 'KEEP',
      },
      production: { baseUrl: 'https://api.test', tokenVariable: 'MOCKAPI_TOKEN_PROD' },
    },
  };
  const refused = (cwd: string, argv: string[], env: Record<string, string> = {}) => {
    try {
      parseCommand(argv, env, cwd);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  test('--env picks an environment: its settings, fixtures and the key from the variable it names (sent where you send it)', () => {
    const cwd = dir();
    write(cwd, environments);
    // the key of your environment goes to the environment's base URL where you give it too, and consent to push on
    // it is yours to give (docs/untrusted.md)
    const yours = { MOCKAPI_TOKEN_STAGING: 'staging-key', MOCKAPI_BASE_URL: 'https://staging.test', MOCKAPI_PUSH_POLICY: 'KEEP' };
    const { config, warnings } = parseCommand(['--env', 'staging'], yours, cwd);
    expect(config).toMatchObject({
      baseUrl: 'https://staging.test',
      token: 'staging-key',
      concurrency: 3,
      readOnly: true,
      fixtures: { organisationId: 'org-s' },
      pushPolicy: 'KEEP',
    });
    expect(warnings).toEqual([]);
    const production = { MOCKAPI_ENV: 'production', MOCKAPI_TOKEN_PROD: 'p', MOCKAPI_BASE_URL: 'https://api.test' };
    expect(parseCommand([], production, cwd).config).toMatchObject({ baseUrl: 'https://api.test', token: 'p' });
  });

  test('flags win over variables, variables over the file, the file over .env', () => {
    const cwd = dir();
    write(cwd, environments);
    writeFileSync(join(cwd, '.env'), 'MOCKAPI_CONCURRENCY=9\nMOCKAPI_TIMEOUT_MS=7\nMOCKAPI_TOKEN=dotenv-key\n');
    // consent to push, from the file, is not taken for a base URL of the environment (test/run/checkout-trust.test.ts)
    const env = { MOCKAPI_TOKEN_STAGING: 'staging-key', MOCKAPI_BASE_URL: 'https://from-variable.test', MOCKAPI_PUSH_POLICY: 'KEEP' };
    const { config } = parseCommand(['--env', 'staging', '--concurrency', '5'], env, cwd);
    expect(config).toMatchObject({ baseUrl: 'https://from-variable.test', concurrency: 5, timeoutMs: 7, token: 'staging-key' });
    expect(parseCommand(['--env', 'staging'], { ...env, MOCKAPI_TOKEN: 'variable-key' }, cwd).config.token).toBe('variable-key');
    expect(parseCommand(['--env', 'staging'], {}, cwd).config.token, 'the variable the file names is read from .env too').toBe('dotenv-key');
  });

  test('the variable tokenVariable names, unset: the error names that variable', () => {
    const cwd = dir();
    write(cwd, environments);
    expect(refused(cwd, ['--env', 'production'])).toBe(
      "a base URL is set but no key: the config file's tokenVariable names MOCKAPI_TOKEN_PROD, which is not set",
    );
  });

  test("docs/settings.md's reportJunit: reports/staging.xml: the missing reports/ is created, private; a link there is refused", () => {
    const cwd = dir();
    write(cwd, { environments: { staging: { baseUrl: 'https://s.test', tokenVariable: 'MOCKAPI_TOKEN_S', reportJunit: 'reports/staging.xml' } } });
    const { config } = parseCommand(['--env', 'staging', '--base-url', 'https://s.test'], { MOCKAPI_TOKEN_S: 'k' }, cwd);
    expect(config.reportJunit).toBe('reports/staging.xml');
    expect(statSync(join(cwd, 'reports')).mode & 0o777).toBe(0o700);
    const linked = dir();
    symlinkSync(join(linked, 'elsewhere'), join(linked, 'reports'));
    expect(refused(linked, ['--report-junit', 'reports/ci.xml'])).toMatch(
      /^--report-junit: cannot create the directory .*reports: .*reports is a link, not followed$/,
    );
    expect(existsSync(join(linked, 'elsewhere'))).toBe(false);
  });

  test('a file that holds a key is refused, naming where and what to write instead, never the key', () => {
    const cwd = dir();
    write(cwd, { environments: { staging: { baseUrl: 'https://s.test', token: 'a-real-key-123' } } });
    const message = refused(cwd, ['--env', 'staging']);
    expect(message).toBe(
      `${join(cwd, 'mockapi-conformance.config.json')}: environments.staging.token: a config file never holds a key; name the variable that holds it (tokenVariable)`,
    );
    expect(message).not.toContain('a-real-key-123');
  });

  test('an unknown environment, property or fixture, a wrong JSON type or a bad value: one line that says where', () => {
    const cwd = dir();
    write(cwd, environments);
    expect(refused(cwd, ['--env', 'qa'])).toBe(`${join(cwd, 'mockapi-conformance.config.json')} has no environment "qa" (it has staging, production)`);
    write(cwd, { environments: { s: { baseUrl: 'https://s.test', tokenVariable: 'MOCKAPI_TOKEN_K', concurency: 3 } } });
    expect(refused(cwd, ['--env', 's'], { MOCKAPI_TOKEN_K: 'k' })).toMatch(/environments\.s\.concurency is not a setting a config file may hold/);
    write(cwd, { environments: { s: { baseUrl: 'https://s.test', tokenVariable: 'MOCKAPI_TOKEN_K', concurrency: 'many' } } });
    expect(refused(cwd, ['--env', 's'], { MOCKAPI_TOKEN_K: 'k' })).toMatch(/environments\.s\.concurrency must be a number, not "many"$/);
    write(cwd, { environments: { s: { baseUrl: 'https://s.test', tokenVariable: 'MOCKAPI_TOKEN_K', concurrency: 100 } } });
    expect(refused(cwd, ['--env', 's'], { MOCKAPI_TOKEN_K: 'k' })).toMatch(/environments\.s\.concurrency must be a whole number from 1 to 64, not "100"$/);
    write(cwd, { environments: { s: { baseUrl: 'https://s.test', tokenVariable: 'MOCKAPI_TOKEN_K', fixtures: { teamMember: 'u' } } } });
    expect(refused(cwd, ['--env', 's'], { MOCKAPI_TOKEN_K: 'k' })).toMatch(/environments\.s\.fixtures\.teamMember is not a fixture/);
    write(cwd, '{ not json');
    expect(refused(cwd, ['--env', 's'])).toMatch(/mockapi-conformance\.config\.json is not JSON: /);
  });

  test('a misspelt property, fixture or top-level key: one line with the name it most likely meant (the helper of MOCKAPI_ variables)', () => {
    const cwd = dir();
    const file = join(cwd, 'mockapi-conformance.config.json');
    write(cwd, { environments: { s: { baseUrl: 'https://s.test', readonly: true } } });
    expect(refused(cwd, ['--env', 's'])).toBe(
      `${file}: environments.s.readonly is not a setting a config file may hold (schemas/config.json); did you mean readOnly?`,
    );
    write(cwd, { environments: { s: { tokenVarible: 'MOCKAPI_TOKEN_S' } } });
    expect(refused(cwd, ['--env', 's'])).toMatch(/environments\.s\.tokenVarible is not a setting .*; did you mean tokenVariable\?$/);
    write(cwd, { environments: { s: { fixtures: { teamMember: 'u' } } } });
    expect(refused(cwd, ['--env', 's'])).toMatch(/environments\.s\.fixtures\.teamMember is not a fixture \(.*\); did you mean teamMemberId\?$/);
    write(cwd, { environment: { s: {} } });
    expect(refused(cwd, ['--env', 's'])).toMatch(/must be an object with "environments"/);
    write(cwd, { environments: { s: {} }, enviroments: {} });
    expect(refused(cwd, ['--env', 's'])).toBe(`${file}: enviroments is not a property of a config file (only "environments"); did you mean environments?`);
    write(cwd, { environments: { s: { favouriteColour: 'blue' } } });
    expect(refused(cwd, ['--env', 's'])).toMatch(/favouriteColour is not a setting a config file may hold \(schemas\/config\.json\)$/);
  });

  test('without --env the file sets nothing: a warning names its environments where a base URL or the mock is verified; --env without a file is refused', () => {
    const cwd = dir();
    write(cwd, environments);
    const unused = `${join(cwd, 'mockapi-conformance.config.json')} has the environments staging, production; none was chosen (--env NAME or MOCKAPI_ENV), so it sets nothing`;
    const { config, warnings } = parseCommand(['--profile', 'mock'], {}, cwd);
    expect(config.baseUrl).toBeUndefined();
    expect(warnings).toEqual([unused]);
    expect(parseCommand(['--base-url', 'https://mine.test', '--token', 'k'], {}, cwd).warnings).toEqual([unused]);
    expect(refused(dir(), ['--env', 'staging'])).toMatch(/^--env staging needs a config file/);
  });

  test("the reader agrees with the schema on the schema's own samples (schemas/samples/config.json)", () => {
    const samples = JSON.parse(read('schemas/samples/config.json')) as {
      valid: { data: { environments: Record<string, unknown> } }[];
      invalid: { description: string; data: unknown }[];
    };
    for (const { data } of samples.valid) {
      for (const name of Object.keys(data.environments)) {
        const cwd = dir();
        write(cwd, data);
        expect(() => readConfigFile(join(cwd, 'mockapi-conformance.config.json'), name)).not.toThrow();
      }
    }
    for (const { description, data } of samples.invalid) {
      const cwd = dir();
      write(cwd, data);
      expect(() => readConfigFile(join(cwd, 'mockapi-conformance.config.json'), 'staging'), description).toThrow(ConfigFileError);
    }
  });

  test('YAML, named by --config', () => {
    const cwd = dir();
    write(cwd, 'environments:\n  staging:\n    baseUrl: https://yaml.test\n    tokenVariable: MOCKAPI_TOKEN_K\n    runs: 20\n', 'conformance.yaml');
    expect(
      parseCommand(['--config', 'conformance.yaml', '--env', 'staging', '--base-url', 'https://yaml.test'], { MOCKAPI_TOKEN_K: 'k' }, cwd).config,
    ).toMatchObject({
      baseUrl: 'https://yaml.test',
      runs: 20,
    });
  });
});
