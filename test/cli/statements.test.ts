// `mockapi-conformance statements`: the ledger by section ending with its counts, the same as JSON, and its help;
// run as a user runs the command, none of them a conformance run.
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { STATEMENTS } from '../../contract/statements.ts';
import { runStatements } from '../../src/cli/statements.ts';
import { BIN, commandEnvironment, emptyDirectory } from '../support/cli.ts';

async function statements(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'statements', ...args], { cwd: emptyDirectory(), env: commandEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

const [text, json, help] = await Promise.all([statements(), statements('--json'), statements('--help')]);
const count = (status: string) => STATEMENTS.filter((s) => s.status === status).length;

test('prints every statement under its section, in the order of the spec, and ends with the counts', () => {
  expect(text.code, text.stderr).toBe(0);
  const lines = text.stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toBe(
    `${STATEMENTS.length} statements: ${count('verified')} verified, ${count('open')} open, ${count('not-judgeable')} not judgeable, 0 unmapped, 0 without freedom or reason`,
  );
  const sections = [...new Set(STATEMENTS.map((s) => s.section))];
  expect(lines.filter((l) => sections.includes(l))).toEqual(sections);
  expect(text.stdout).toMatch(/^ {2}ORG\.emailAddress {2}verified: \d+ checks?, \d+ faults?$/m);
  // a statement held in part says what is missing after its counts
  const inPart = STATEMENTS.find((s) => s.status === 'verified' && s.reason !== undefined)!;
  expect(text.stdout).toMatch(new RegExp(`^ {2}${inPart.id.replaceAll('.', '\\.')} {2}verified: \\d+ checks?, \\d+ faults?; in part: `, 'm'));
  expect(text.stdout).toContain("  AUTH.key-source  not judgeable: the checker does not see the web application's security area");
  expect(text.stdout).toContain('  EVENTS.none  open\n    Events: not shown.');
  // a verified statement names its freedoms, or why its words leave none
  expect(text.stdout).toMatch(/^ {2}AUTH\.401 {2}verified: .*\n {4}A request without valid credentials .*\n {4}freedoms: .*credentials-text-other-words/m);
  expect(text.stdout).toMatch(/^ {2}DS\.name {2}verified: .*\n {4}name \| string .*\n {4}no freedom: an update replaces the configuration/m);
});

test('--json gives each statement with its section, words, status, checks, faults, freedoms and reason, and where no freedom bends it why', () => {
  expect(json.code, json.stderr).toBe(0);
  const printed = JSON.parse(json.stdout) as { statements: Record<string, unknown>[] };
  expect(printed.statements.map((s) => s.id)).toEqual(STATEMENTS.map((s) => s.id));
  const keys = ['id', 'section', 'text', 'status', 'checks', 'faults', 'freedoms', 'reason'];
  for (const s of printed.statements) expect(Object.keys(s), String(s.id)).toEqual((s.freedoms as string[]).length > 0 ? keys : [...keys, 'freedomReason']);
  expect(printed.statements.find((s) => s.id === 'DS.name')).toMatchObject({ freedoms: [], freedomReason: expect.stringMatching(/^an update replaces/) });
  expect(printed.statements.find((s) => s.id === 'EVENTS.none')).toMatchObject({ freedoms: [], freedomReason: null });
  expect(printed.statements.find((s) => s.id === 'CHAOS.percentageFailures')).toMatchObject({
    section: 'Resources and their fields > Chaos settings (object `chaos`)',
    status: 'verified',
    faults: expect.arrayContaining(['chaos-percentage-above-100-accepted']),
    freedoms: expect.arrayContaining(['numbers-other-notation', 'refusals-422']),
    reason: null,
  });
});

test('--help exits 0 with the usage; an argument it does not take exits 2', async () => {
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^usage: mockapi-conformance statements \[--json\]\n/);
  const errors: string[] = [];
  expect(await runStatements(['--yaml'], { write: () => {}, error: (t) => errors.push(t) })).toBe(2);
  expect(errors).toEqual(["mockapi-conformance statements: unknown argument '--yaml'; usage: mockapi-conformance statements [--json]\n"]);
});
