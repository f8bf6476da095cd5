// `mockapi-conformance diff A.json B.json`: checks whose outcome differs between two runs, and the open
// answers each deployment chose where both passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { BIN, runCli } from './support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-diff-'));
const only = ['--only', '^CHAOS-STATUS|^DS-DELETE '];
const file = (name: string) => join(dir, name);
const diff = (...args: string[]) => spawnSync(process.execPath, [BIN, 'diff', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('diff', () => {
  beforeAll(async () => {
    const runs = await Promise.all([runCli(only), runCli(only, { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' }), runCli(only, { MOCKAPI_REFERENCE_VARIATIONS: '1' })]);
    for (const [i, name] of ['reference.json', 'faulty.json', 'variations.json'].entries()) writeFileSync(file(name), runs[i]!.reportText);
  });

  test('between the reference and a faulty reference: the check whose outcome changed, exit 1, and the same in Markdown', () => {
    const r = diff(file('reference.json'), file('faulty.json'), '--markdown', file('diff.md'));
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^A: http:\/\/127\.0\.0\.1:\d+ \(embedded reference\), profile live$/m);
    expect(r.stdout).toContain('1 check with another outcome:\n  passed -> failed   chaos-settings/updating-chaos-settings-200  CHAOS-STATUS updating the chaos settings answers 200');
    expect(readFileSync(file('diff.md'), 'utf8')).toContain('| `chaos-settings/updating-chaos-settings-200` CHAOS-STATUS updating the chaos settings answers 200 | passed | failed |');
  });

  test('between two deployments that both pass: exit 0, and the open answers each chose', () => {
    const r = diff(file('reference.json'), file('variations.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('The same outcome for every check.');
    expect(r.stdout).toMatch(/passed in both with other answers where the interface leaves them open:\n {2}data-sources\/delete-existing-data-source-succeeds\n {4}A: answered 204 without a body; the interface shows neither status nor body\n {4}B: answered 200 with a body \(application\/json; charset=utf-8\)/);
  });

  test('a file that is no report, or a wrong number of files: one line, exit 2', () => {
    writeFileSync(file('not-a-report.json'), '{"checks": []}');
    const bad = diff(file('reference.json'), file('not-a-report.json'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(`mockapi-conformance diff: ${file('not-a-report.json')} is not a report of this version: / must have required property 'tool' (schemas/report.json)\n`);
    const one = diff(file('reference.json'));
    expect(one.status).toBe(2);
    expect(one.stderr).toBe('mockapi-conformance diff: usage: mockapi-conformance diff A.json B.json [--markdown FILE]\n');
  });
});
