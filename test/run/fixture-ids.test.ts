// A fixture id becomes one path segment of the checks' requests (encodeURIComponent): an id that would not stand as
// one segment of its own (`.`, `..`, empty, or one a URL's normalisation changes) is refused with one line, exit 2,
// whatever gives it, before anything is sent (issue 56, item 2).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isOwnSegment } from '../../contract/path-segment.ts';
import { parseCommand } from '../../src/run/config.ts';
import { refusalOf } from '../support/refusal.ts';
import { countingServer } from '../support/counting-server.ts';
import { runCli } from '../support/cli.ts';

const BASE = { MOCKAPI_BASE_URL: 'https://api.example.test', MOCKAPI_TOKEN: 'key-123' };
const NOT_SEGMENTS = ['.', '..', '%2e', '%2E%2e', '.%2e', 'a/..', 'a\\..', '..\\a', '..?x', '\ud800'];

const refusal = (env: Record<string, string>, files: Record<string, string> = {}) => {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-fixture-ids-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  return refusalOf([], env, cwd);
};

describe('fixture ids stand as one path segment of their own', () => {
  test('., .., percent-encoded dots, dots behind a slash or a backslash and a lone surrogate are no segment; ids are', () => {
    for (const id of NOT_SEGMENTS) expect(isOwnSegment(id), JSON.stringify(id)).toBe(false);
    expect(isOwnSegment('')).toBe(false);
    for (const id of ['ds-1', 'user-alan', 'a.b', '...', 'a b', "~!*()'", 'é']) expect(isOwnSegment(id), id).toBe(true);
  });

  test('refused with one line from the environment, .env and a config file alike; the line names where and quotes the id inert', () => {
    expect(refusal({ ...BASE, MOCKAPI_DATA_SOURCE_ID: '.' })).toMatch(/^MOCKAPI_DATA_SOURCE_ID is "\.", which is not one path segment of its own/);
    expect(refusal({ ...BASE, MOCKAPI_TEAM_ID: '..', MOCKAPI_TEAM_MEMBER_ID: 'user-alan' })).toMatch(/^MOCKAPI_TEAM_ID is "\.\."/);
    expect(refusal(BASE, { '.env': 'MOCKAPI_ORGANISATION_ID=%2e%2e\n' })).toMatch(/^MOCKAPI_ORGANISATION_ID in \.env is "%2e%2e"/);
    const config = (id: string) => JSON.stringify({ environments: { ci: { baseUrl: BASE.MOCKAPI_BASE_URL, fixtures: { dataSourceId: id } } } });
    const files = (id: string) => ({ 'mockapi-conformance.config.json': config(id) });
    expect(refusal({ ...BASE, MOCKAPI_ENV: 'ci' }, files('a\\..'))).toMatch(/environments\.ci\.fixtures\.dataSourceId is "a\\\\\.\."/);
    expect(refusal({ ...BASE, MOCKAPI_ENV: 'ci' }, files(''))).toMatch(/environments\.ci\.fixtures\.dataSourceId is ""/);
    expect(refusal({ ...BASE, MOCKAPI_REQUEST_ID: '\u001b[2J/..', MOCKAPI_MOCK_API_ID: 'mk-12345' })).not.toMatch(/[\u0000-\u001f]/);
    // an empty variable is unset, as .env.example leaves it
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-fixture-ids-'));
    expect(parseCommand([], { ...BASE, MOCKAPI_DATA_SOURCE_ID: '' }, cwd).config.fixtures).toEqual({});
  });

  test("a checkout's .env with MOCKAPI_TEAM_ID=.. beside your consent: exit 2, one line, nothing sent", async () => {
    const server = await countingServer();
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'conformance-fixture-ids-'));
      writeFileSync(join(cwd, '.env'), 'MOCKAPI_TEAM_ID=..\n');
      const env = {
        MOCKAPI_BASE_URL: server.url,
        MOCKAPI_TOKEN: 'key-123',
        MOCKAPI_TEAM_MEMBER_ID: 'user-alan',
      };
      const run = await runCli(['--runs', '1'], env, { cwd });
      expect([run.code, run.stderr.trim().split('\n').length, server.requests()]).toEqual([2, 1, 0]);
      expect(run.stderr).toMatch(/MOCKAPI_TEAM_ID in \.env is "\.\.", which is not one path segment of its own/);
    } finally {
      await server.close();
    }
  });
});
