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
  // beside each statement's id, the requirement ids a failure cites ([ORG-EMAIL]), and under it the ids of its checks
  const email = STATEMENTS.find((s) => s.id === 'ORG.emailAddress')!;
  expect(text.stdout).toMatch(
    new RegExp(`^ {2}ORG\\.emailAddress \\[${email.requirements.join(', ')}\\] {2}verified: \\d+ checks?, \\d+ faults?\n {4}checks: organisations/`, 'm'),
  );
  // a statement held in part says what is missing after its counts
  const inPart = STATEMENTS.find((s) => s.status === 'verified' && s.reason !== undefined)!;
  expect(text.stdout).toMatch(new RegExp(`^ {2}${inPart.id.replaceAll('.', '\\.')} \\[[^\\]]+\\] {2}verified: \\d+ checks?, \\d+ faults?; in part: `, 'm'));
  // a statement with many checks names the first and counts the rest
  expect(text.stdout).toMatch(/^ {4}checks: \S+, \S+, \S+ and \d+ more \(--json lists every one\)$/m);
  expect(text.stdout).toContain("  AUTH.key-source  not judgeable: the checker does not see the web application's security area");
  // every open statement says why: its own words leave it open
  expect(text.stdout).toContain('  EVENTS.none  open: the words below leave it open: recorded, never failed\n    Events: not shown.');
  expect(text.stdout).not.toMatch(/ {2}(?:open|not judgeable)\n/);
  // a verified statement names its freedoms, or why its words leave none
  expect(text.stdout).toMatch(
    /^ {2}AUTH\.401 \[[^\]]*\] {2}verified: .*\n {4}checks: .*\n {4}A request without valid credentials .*\n {4}freedoms: .*credentials-text-other-words/m,
  );
  expect(text.stdout).toMatch(
    /^ {2}DS\.name \[[^\]]*\] {2}verified: .*\n {4}checks: .*\n {4}name \| string .*\n {4}no freedom: an update replaces the configuration/m,
  );
});

test('--json gives each statement with its section, words, status, requirement ids, checks, faults, freedoms and reason, and where no freedom bends it why', () => {
  expect(json.code, json.stderr).toBe(0);
  const printed = JSON.parse(json.stdout) as { statements: Record<string, unknown>[] };
  expect(printed.statements.map((s) => s.id)).toEqual(STATEMENTS.map((s) => s.id));
  const keys = ['id', 'section', 'text', 'status', 'requirements', 'checks', 'faults', 'freedoms', 'reason'];
  for (const s of printed.statements) expect(Object.keys(s), String(s.id)).toEqual((s.freedoms as string[]).length > 0 ? keys : [...keys, 'freedomReason']);
  expect(printed.statements.find((s) => s.id === 'DS.name')).toMatchObject({ freedoms: [], freedomReason: expect.stringMatching(/^an update replaces/) });
  expect(printed.statements.find((s) => s.id === 'EVENTS.none')).toMatchObject({ freedoms: [], freedomReason: null });
  expect(printed.statements.find((s) => s.id === 'CHAOS.percentageFailures')).toMatchObject({
    section: 'Resources and their fields > Chaos settings (object `chaos`)',
    status: 'verified',
    requirements: ['CHAOS-PERCENTAGE-LIMIT', 'CHAOS-VALUES', 'CHAOS-RESPONSE', 'CHAOS-TYPES'],
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
