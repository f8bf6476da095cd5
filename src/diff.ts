// `mockapi-conformance diff A.json B.json`: what differs between two runs, by stable check id. Two
// deployments (production against the mock), or one before and after a release: the checks whose outcome
// differs, and, where both passed, the open answers each chose (the notes a check records where the
// interface leaves the answer open: statuses, media types, extra fields).
import { readFileSync, writeFileSync } from 'node:fs';
import { schema } from '../contract/schemas.ts';
import type { ConformanceReport, Outcome } from '../reporters/conformance.ts';

export class DiffUsageError extends Error {}

export const DIFF_USAGE = 'usage: mockapi-conformance diff A.json B.json [--markdown FILE]';

export interface Difference {
  id: string;
  title: string;
  /** the outcome in each run; absent where the run did not report the check */
  a: Outcome | 'absent';
  b: Outcome | 'absent';
}

export interface Drift {
  a: ConformanceReport['target'];
  b: ConformanceReport['target'];
  /** checks whose outcome differs */
  outcomes: Difference[];
  /** checks that passed in both, with what each deployment chose where the interface leaves it open */
  openAnswers: { id: string; title: string; a: string[]; b: string[] }[];
}

/** A JSON report, held to schemas/report.json; one that is not is a DiffUsageError naming the file. */
export function readReport(file: string): ConformanceReport {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DiffUsageError(`${file} is not a JSON report: ${(error as Error).message}`);
  }
  const validate = schema('report.json');
  if (!validate(data)) throw new DiffUsageError(`${file} is not a report of this version: ${validate.errors![0]!.instancePath || '/'} ${validate.errors![0]!.message} (schemas/report.json)`);
  return data as ConformanceReport;
}

/** The drift from run A to run B. */
export function drift(a: ConformanceReport, b: ConformanceReport): Drift {
  const inB = new Map(b.checks.map((c) => [c.id, c]));
  const inA = new Map(a.checks.map((c) => [c.id, c]));
  const ids = [...new Set([...inA.keys(), ...inB.keys()])].sort();
  const outcomes: Difference[] = [];
  const openAnswers: Drift['openAnswers'] = [];
  for (const id of ids) {
    const [ca, cb] = [inA.get(id), inB.get(id)];
    const title = (ca ?? cb)!.title;
    if (ca?.outcome !== cb?.outcome) outcomes.push({ id, title, a: ca?.outcome ?? 'absent', b: cb?.outcome ?? 'absent' });
    else if (ca && cb && ca.outcome === 'passed' && JSON.stringify(ca.notes) !== JSON.stringify(cb.notes)) openAnswers.push({ id, title, a: ca.notes, b: cb.notes });
  }
  return { a: a.target, b: b.target, outcomes, openAnswers };
}

const where = (t: ConformanceReport['target']) => `${t.baseUrl}${t.embedded ? ' (embedded reference)' : ''}, profile ${t.profile}`;

export function formatDrift(d: Drift): string {
  const lines = [`A: ${where(d.a)}`, `B: ${where(d.b)}`, ''];
  if (d.outcomes.length === 0) lines.push('The same outcome for every check.');
  else {
    lines.push(`${d.outcomes.length} check${d.outcomes.length > 1 ? 's' : ''} with another outcome:`);
    const width = Math.max(...d.outcomes.map((o) => o.a.length));
    for (const o of d.outcomes) lines.push(`  ${o.a.padEnd(width)} -> ${o.b.padEnd(7)}  ${o.id}  ${o.title}`);
  }
  if (d.openAnswers.length > 0) {
    lines.push('', `${d.openAnswers.length} check${d.openAnswers.length > 1 ? 's' : ''} passed in both with other answers where the interface leaves them open:`);
    for (const o of d.openAnswers) lines.push(`  ${o.id}`, `    A: ${o.a.join('; ') || '(nothing noted)'}`, `    B: ${o.b.join('; ') || '(nothing noted)'}`);
  }
  return lines.join('\n');
}

export function markdownDrift(d: Drift): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const lines = [`## mockapi-conformance diff`, '', `A: ${where(d.a)}  `, `B: ${where(d.b)}`, ''];
  if (d.outcomes.length === 0) lines.push('The same outcome for every check.');
  else lines.push('| check | A | B |', '| --- | --- | --- |', ...d.outcomes.map((o) => `| \`${o.id}\` ${cell(o.title)} | ${o.a} | ${o.b} |`));
  if (d.openAnswers.length > 0) {
    lines.push('', '### Open answers', '', '| check | A | B |', '| --- | --- | --- |', ...d.openAnswers.map((o) => `| \`${o.id}\` | ${cell(o.a.join('; '))} | ${cell(o.b.join('; '))} |`));
  }
  return `${lines.join('\n')}\n`;
}

/** The diff command: 1 when an outcome differs, 0 when none does. */
export function runDiff(args: string[], write: (text: string) => void): number {
  const files: string[] = [];
  let markdown: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--markdown') {
      markdown = args[++i];
      if (markdown === undefined) throw new DiffUsageError(`--markdown needs a file; ${DIFF_USAGE}`);
    } else if (args[i]!.startsWith('-')) throw new DiffUsageError(`unknown option ${args[i]}; ${DIFF_USAGE}`);
    else files.push(args[i]!);
  }
  if (files.length !== 2) throw new DiffUsageError(DIFF_USAGE);
  const d = drift(readReport(files[0]!), readReport(files[1]!));
  write(`${formatDrift(d)}\n`);
  if (markdown) writeFileSync(markdown, markdownDrift(d));
  return d.outcomes.length > 0 ? 1 : 0;
}
