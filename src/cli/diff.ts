// `mockapi-conformance diff A.json B.json`: what differs between two runs, by stable check id. Two
// deployments (production against the mock), or one before and after a release: the checks whose outcome
// differs, and, where both passed, the open answers each chose (the notes a check records where the
// interface leaves the answer open: statuses, media types, extra fields). Only a check that passed in one run
// and failed, warned or errored in the other is drift (exit 1); notes about how a run was made (its seed, the
// inputs it sent) are not answers and never differ here.
import { writePrivateFile } from '../../reporters/private-file.ts';
import { schema } from '../../contract/schemas.ts';
import { markdownCell } from '../../reporters/markdown.ts';
import { OUTCOMES, type ConformanceReport, type Outcome } from '../../contract/report.ts';
import { inert, inertLine } from '../../contract/untrusted.ts';
import { isRunNote } from '../harness/run-notes.ts';
import { readRegularFile } from '../run/file-read.ts';

export class DiffUsageError extends Error {}

export const DIFF_USAGE = 'usage: mockapi-conformance diff A.json B.json [--ignore skipped,absent] [--markdown FILE]';
/** What `diff --help` says after the usage line. */
export const DIFF_ABOUT =
  'Compares two JSON reports (--report-json) by stable check id: the checks whose outcome differs and, where both passed, the open answers each chose. Exit 1 when a check passed in one and failed, warned or errored in the other.';

/** What a check's outcome can be in one of the two runs: absent where that run did not report it. */
type Side = Outcome | 'absent';

const SIDES: readonly Side[] = [...OUTCOMES, 'absent'];

/** The outcomes that judged the deployment and found it wanting: passed on one side and one of these on the other is drift. */
const NOT_PASSING: ReadonlySet<Side> = new Set(['failed', 'warned', 'errored']);

interface Difference {
  id: string;
  title: string;
  /** the outcome in each run; absent where the run did not report the check */
  a: Side;
  b: Side;
}

interface Drift {
  a: ConformanceReport['target'];
  b: ConformanceReport['target'];
  /** checks that passed in one run and failed, warned or errored in the other: what exits 1 */
  drifted: Difference[];
  /** other checks whose outcome differs (skipped, absent, failed against warned), minus the outcomes ignored */
  outcomes: Difference[];
  /** the outcomes left out of the comparison (--ignore) */
  ignored: Side[];
  /** checks that passed in both, with what each deployment chose where the interface leaves it open */
  openAnswers: { id: string; title: string; a: string[]; b: string[] }[];
}

/** A report is a file anyone may have passed around: past this it is no report a run wrote. */
const REPORT_BYTES = 64 * 1024 * 1024;

/** A JSON report, held to schemas/report.json; one that is not is a DiffUsageError naming the file (diff, replay). */
export function readReport(file: string): ConformanceReport {
  let data: unknown;
  try {
    // a regular file, read with a bound (src/run/file-read.ts)
    data = JSON.parse(readRegularFile(file, REPORT_BYTES).toString('utf8'));
  } catch (error) {
    throw new DiffUsageError(`${file} is not a JSON report: ${(error as Error).message}`);
  }
  const validate = schema('report.json');
  if (!validate(data))
    throw new DiffUsageError(
      `${file} is not a report of this version: ${validate.errors![0]!.instancePath || '/'} ${validate.errors![0]!.message} (schemas/report.json)`,
    );
  return data as ConformanceReport;
}

/** The notes that say what a deployment answered, without those about how the run was made. */
const answersOf = (notes: string[]) => notes.filter((note) => !isRunNote(note));

const isDrift = (d: Difference) => (d.a === 'passed' && NOT_PASSING.has(d.b)) || (d.b === 'passed' && NOT_PASSING.has(d.a));

/** The drift from run A to run B; a difference with an ignored outcome on either side is left out. */
export function drift(a: ConformanceReport, b: ConformanceReport, ignore: readonly Side[] = []): Drift {
  const inB = new Map(b.checks.map((c) => [c.id, c]));
  const inA = new Map(a.checks.map((c) => [c.id, c]));
  const ids = [...new Set([...inA.keys(), ...inB.keys()])].sort();
  const differences: Difference[] = [];
  const openAnswers: Drift['openAnswers'] = [];
  for (const id of ids) {
    const [ca, cb] = [inA.get(id), inB.get(id)];
    const title = (ca ?? cb)!.title;
    const sa: Side = ca?.outcome ?? 'absent';
    const sb: Side = cb?.outcome ?? 'absent';
    if (sa !== sb) {
      if (!ignore.includes(sa) && !ignore.includes(sb)) differences.push({ id, title, a: sa, b: sb });
      continue;
    }
    if (sa !== 'passed') continue;
    const [na, nb] = [answersOf(ca!.notes), answersOf(cb!.notes)];
    if (JSON.stringify(na) !== JSON.stringify(nb)) openAnswers.push({ id, title, a: na, b: nb });
  }
  return {
    a: a.target,
    b: b.target,
    drifted: differences.filter(isDrift),
    outcomes: differences.filter((d) => !isDrift(d)),
    ignored: [...ignore],
    openAnswers,
  };
}

/** `--ignore skipped,absent`: the outcomes named, each one a run can report or absent; another word is a DiffUsageError. */
export function ignoredSides(value: string): Side[] {
  const sides = value
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const unknown = sides.filter((side) => !SIDES.includes(side as Side) || side === 'passed');
  if (unknown.length > 0 || sides.length === 0)
    throw new DiffUsageError(`--ignore takes outcomes other than passed, or absent (${SIDES.filter((s) => s !== 'passed').join(', ')}); got ${value}`);
  return sides as Side[];
}

// A report is a file anyone may have written, and its notes hold what a deployment answered: each value it gives
// is one inert line in the console (contract/untrusted.ts), and a Markdown cell besides in --markdown.
const where = (t: ConformanceReport['target'], shown: (text: string) => string) =>
  `${shown(t.baseUrl)}${t.embedded ? ' (embedded reference)' : ''}, profile ${t.profile}`;

const checks = (n: number) => `${n} check${n === 1 ? '' : 's'}`;

function listed(differences: Difference[]): string[] {
  const width = Math.max(...differences.map((o) => o.a.length));
  return differences.map((o) => `  ${o.a.padEnd(width)} -> ${o.b.padEnd(7)}  ${o.id}  ${inertLine(o.title)}`);
}

export function formatDrift(d: Drift): string {
  const lines = [`A: ${where(d.a, inertLine)}`, `B: ${where(d.b, inertLine)}`];
  if (d.ignored.length > 0) lines.push(`Left out: checks ${d.ignored.join(' or ')} in either run`);
  lines.push('');
  if (d.drifted.length === 0 && d.outcomes.length === 0) lines.push('The same outcome for every check.');
  if (d.drifted.length > 0) lines.push(`${checks(d.drifted.length)} passed in one run and not in the other:`, ...listed(d.drifted));
  if (d.outcomes.length > 0) {
    if (d.drifted.length > 0) lines.push('');
    lines.push(`${checks(d.outcomes.length)} with another outcome, neither of them a pass turned into a failure:`, ...listed(d.outcomes));
  }
  if (d.openAnswers.length > 0) {
    lines.push('', `${checks(d.openAnswers.length)} passed in both with other answers where the interface leaves them open:`);
    const noted = (notes: string[]) => notes.map(inertLine).join('; ') || '(nothing noted)';
    for (const o of d.openAnswers) lines.push(`  ${o.id}`, `    A: ${noted(o.a)}`, `    B: ${noted(o.b)}`);
  }
  return lines.join('\n');
}

export function markdownDrift(d: Drift): string {
  const lines = [`## mockapi-conformance diff`, '', `A: ${where(d.a, markdownCell)}  `, `B: ${where(d.b, markdownCell)}`, ''];
  if (d.ignored.length > 0) lines.push(`Left out: checks ${d.ignored.join(' or ')} in either run`, '');
  const table = (differences: Difference[]) => [
    '| check | A | B |',
    '| --- | --- | --- |',
    ...differences.map((o) => `| \`${o.id}\` ${markdownCell(o.title)} | ${o.a} | ${o.b} |`),
  ];
  if (d.drifted.length === 0 && d.outcomes.length === 0) lines.push('The same outcome for every check.');
  if (d.drifted.length > 0) lines.push(`### Passed in one run and not in the other`, '', ...table(d.drifted));
  if (d.outcomes.length > 0) lines.push(...(d.drifted.length > 0 ? [''] : []), '### Other outcomes', '', ...table(d.outcomes));
  if (d.openAnswers.length > 0) {
    lines.push(
      '',
      '### Open answers',
      '',
      '| check | A | B |',
      '| --- | --- | --- |',
      ...d.openAnswers.map((o) => `| \`${o.id}\` | ${markdownCell(o.a.join('; '))} | ${markdownCell(o.b.join('; '))} |`),
    );
  }
  return `${lines.map(inert).join('\n')}\n`;
}

/** The diff command: 1 when a check passed in one run and failed, warned or errored in the other; else 0. */
export function runDiff(args: string[], write: (text: string) => void): number {
  const files: string[] = [];
  let markdown: string | undefined;
  let ignore: Side[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] =
      args[i]!.startsWith('--') && args[i]!.includes('=')
        ? [args[i]!.slice(0, args[i]!.indexOf('=')), args[i]!.slice(args[i]!.indexOf('=') + 1)]
        : [args[i]!, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new DiffUsageError(`${flag} needs a value; ${DIFF_USAGE}`);
      return v;
    };
    if (flag === '--markdown') markdown = value();
    else if (flag === '--ignore') ignore = [...ignore, ...ignoredSides(value())];
    else if (flag.startsWith('-')) throw new DiffUsageError(`unknown option ${flag}; ${DIFF_USAGE}`);
    else files.push(flag);
  }
  if (files.length !== 2) throw new DiffUsageError(DIFF_USAGE);
  const d = drift(readReport(files[0]!), readReport(files[1]!), ignore);
  write(`${formatDrift(d)}\n`);
  if (markdown) writePrivateFile(markdown, markdownDrift(d));
  return d.drifted.length > 0 ? 1 : 0;
}
