// The JUnit XML report (--report-junit FILE), in the form Jenkins, GitLab and GitHub's test reporters read:
// one <testsuite> per area, one <testcase> per check (classname the area, name the id and title). failed:
// <failure> with the statement, expected, actual and curl lines; errored: <error> with why it could not
// judge; skipped: <skipped> with the reason. JUnit has no warning: a warned check is a passed testcase whose
// <system-out> begins with "warning:" and whose outcome property says warned (with --strict, a <failure>).
// Against a baseline: a known check is <skipped> with the entry's reason (reporters show it as not failing;
// its outcome and baseline properties say what it was), a stale entry a <failure> of type stale-baseline.
// Properties say how much was judged and skipped, a suite's of its area, the root's of the run with what
// repeats it and each cause (a requirement broken with one answer) once, with the checks it explains; a failed
// or warned testcase names its cause.
// A suite's time is its area's wall time (checks overlap), the root's the run's. Errors outside any check are
// one errored testcase of a suite of their own (for a run that judged nothing, named so with its exit code).
import { writePrivateFile } from './private-file.ts';
import { inert, inertLine } from '../contract/untrusted.ts';
import { causeSaid } from './summary.ts';
import {
  causesOf,
  judgedShare,
  rerunSaid,
  notJudged,
  standingOf,
  type Cause,
  type CheckResult,
  type ConformanceReport,
  type Outcome,
  type ReportFormat,
  type Standing,
} from '../contract/report.ts';

/**
 * Text as XML character data and attribute values: what a terminal acts on shown escaped (contract/untrusted.ts; CI
 * tools print these), the five markup characters escaped, and characters XML 1.0 cannot carry dropped.
 */
export function xmlText(text: string): string {
  return inert(text)
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The first line of a message: what a CI tool shows beside the test's name. */
const headline = (message: string) => message.split('\n')[0]!.slice(0, 500);

/** What a check's testcase says against the baseline, when the report has one (undefined: as its outcome alone). */
function baselineElement(c: CheckResult, standing: Standing | undefined, file: string, reason: string | undefined): string | undefined {
  switch (standing) {
    case 'known':
      // JUnit reporters (Jenkins, GitLab, GitHub's) show <skipped> as not failing, with its message
      return `\n      <skipped message="${xmlText(headline(`known (${file}): ${reason ?? ''}`))}"/>\n      <system-out>${xmlText(`known ${c.outcome} (${file}): ${reason ?? ''}\n${c.message}`)}</system-out>`;
    case 'stale':
      return `\n      <failure message="${xmlText(headline(`passed, but ${file} expects it not to: remove its entry (${reason ?? ''})`))}" type="stale-baseline"/>`;
    case 'expired':
      return c.outcome === 'passed'
        ? `\n      <failure message="${xmlText(headline(`its entry in ${file} has expired; it passed: remove the entry`))}" type="expired-baseline"/>`
        : undefined;
    default:
      return undefined;
  }
}

function outcomeElement(c: CheckResult, strict: boolean): string {
  const body = xmlText(c.message);
  const shown: Outcome = c.outcome === 'warned' && strict ? 'failed' : c.outcome;
  switch (shown) {
    case 'failed':
      return `\n      <failure message="${xmlText(headline(c.message))}" type="${c.outcome === 'warned' ? 'warning' : c.level}">${body}</failure>`;
    case 'errored':
      return `\n      <error message="${xmlText(headline(c.message))}" type="could-not-judge">${body}</error>`;
    case 'skipped':
      return `\n      <skipped message="${xmlText(headline(c.message))}"/>`;
    case 'warned':
      return `\n      <system-out>${xmlText(`warning: ${c.message}`)}</system-out>`;
    default:
      return c.notes.length > 0 ? `\n      <system-out>${xmlText(c.notes.join('\n'))}</system-out>` : '';
  }
}

/** The JUnit element a check stands as: what JUnit calls it, against the baseline when there is one. */
type Shown = 'failure' | 'error' | 'skipped' | 'none';

function shownAs(c: CheckResult, standing: Standing | undefined, strict: boolean): Shown {
  if (standing === 'known') return 'skipped';
  if (standing === 'stale' || (standing === 'expired' && c.outcome === 'passed')) return 'failure';
  if (c.outcome === 'failed' || (strict && c.outcome === 'warned')) return 'failure';
  return c.outcome === 'errored' ? 'error' : c.outcome === 'skipped' ? 'skipped' : 'none';
}

function testcase(c: CheckResult, strict: boolean, report: ConformanceReport, standing: Standing | undefined, cause: string | undefined): string {
  const properties = [
    ['id', c.id],
    ['requirement', c.requirement],
    ['level', c.level],
    ['outcome', c.outcome],
    ...(standing ? [['baseline', standing]] : []),
    ...(cause ? [['cause', cause]] : []),
  ]
    .map(([name, value]) => `<property name="${name}" value="${xmlText(value!)}"/>`)
    .join('');
  const b = report.baseline;
  const reason = b && standing ? [...b.known, ...b.stale].find((e) => e.id === c.id)?.reason : undefined;
  const element = (b && baselineElement(c, standing, b.file, reason)) ?? outcomeElement(c, strict);
  return `    <testcase classname="${xmlText(c.area)}" name="${xmlText(`${c.id} ${c.title}`)}" time="${seconds(c.ownMs ?? c.durationMs)}">\n      <properties>${properties}</properties>${element}\n    </testcase>`;
}

/**
 * Wall time of checks that ran at once: from the first start to the last end, not the sum of their
 * durations (checks overlap). Checks with no start count their own duration.
 */
export function wallTimeMs(checks: readonly CheckResult[]): number {
  const timed = checks.filter((c) => c.startedAt !== undefined).map((c) => ({ start: Date.parse(c.startedAt!), end: Date.parse(c.startedAt!) + c.durationMs }));
  if (timed.length === 0) return Math.max(0, ...checks.map((c) => c.durationMs));
  return Math.max(...timed.map((t) => t.end)) - Math.min(...timed.map((t) => t.start));
}

/**
 * How much of some checks was judged, as JUnit properties (a suite's of its area, the root's of the run): the
 * checks, those judged (passed, failed or warned), those skipped, and the judged share in whole percent; the
 * root's also what repeats the run, and each cause once with the checks it explains.
 */
function shareProperties(checks: readonly CheckResult[], indent: string, more: (string | number)[][] = []): string {
  const share = judgedShare(checks);
  const properties = [['checks', share.checks], ['judged', share.judged], ['skipped', share.skipped], ['judged-percent', share.percent], ...more];
  return `${indent}<properties>${properties.map(([name, value]) => `<property name="${name}" value="${xmlText(String(value))}"/>`).join('')}</properties>`;
}

/**
 * The root's properties of the run: what repeats it (seed, runs, requests in flight, --only: the flags replay and
 * a rerun take) and its causes, each once with the checks it explains. JUnit counts tests: every check stays a
 * testcase, and each failed or warned one names its cause.
 */
function runProperties(report: ConformanceReport, causes: readonly Cause[]): (string | number)[][] {
  if (report.recorded || report.exit) return [];
  const r = report.run;
  return [
    ['seed', r.seed],
    ['runs', r.runs],
    ...(r.concurrency !== undefined ? [['concurrency', r.concurrency]] : []),
    ...(r.only !== undefined ? [['only', r.only]] : []),
    ['rerun', rerunSaid(r)],
    ['causes', causes.length],
    ...causes.map((c) => ['cause', causeSaid(c)]),
  ];
}

/** What each failed or warned check's cause is called in its properties: the requirement and the answer. */
function causeNames(causes: readonly Cause[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of causes)
    for (const check of c.checks) if (!names.has(check.id)) names.set(check.id, `${c.requirement}${c.actual ? `: actual ${c.actual}` : ''}`);
  return names;
}

/** The report as JUnit XML. */
export function junitXml(report: ConformanceReport): string {
  const strict = report.run.strict;
  const standing = standingOf(report);
  const causes = causesOf(report.checks.filter((c) => standing(c.id) !== 'known'));
  const named = causeNames(causes);
  const count = (checks: readonly CheckResult[], timeMs: number) => {
    const shown = checks.map((c) => shownAs(c, standing(c.id), strict));
    return {
      tests: checks.length,
      failures: shown.filter((s) => s === 'failure').length,
      errors: shown.filter((s) => s === 'error').length,
      skipped: shown.filter((s) => s === 'skipped').length,
      time: seconds(timeMs),
    };
  };
  const attributes = (n: ReturnType<typeof count>) =>
    `tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="${n.time}"`;
  const suites = [...new Set(report.checks.map((c) => c.area))].map((area) => {
    const checks = report.checks.filter((c) => c.area === area);
    const started = checks
      .map((c) => c.startedAt)
      .filter((t): t is string => t !== undefined)
      .sort()[0];
    return [
      `  <testsuite name="${xmlText(area)}" ${attributes(count(checks, wallTimeMs(checks)))}${started ? ` timestamp="${started.replace(/\.\d+Z$/, '')}"` : ''} hostname="${xmlText(new URL(report.target.baseUrl).host)}">`,
      shareProperties(checks, '    '),
      ...checks.map((c) => testcase(c, strict, report, standing(c.id), named.get(c.id))),
      '  </testsuite>',
    ].join('\n');
  });
  const errors =
    report.errors.length > 0
      ? [
          `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">\n    <testcase classname="run" name="${notJudged(report) ?? 'errors outside any check'}" time="0">\n      <error message="${xmlText(headline(report.errors[0]!))}" type="run">${xmlText(report.errors.join('\n'))}</error>\n    </testcase>\n  </testsuite>`,
        ]
      : [];
  // the whole run's own time: areas ran at once too
  const total = count(report.checks, report.summary.durationMs);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mockapi-conformance ${xmlText(report.target.baseUrl)}${report.target.embedded ? ' (embedded reference deployment)' : ''}" ${attributes({ ...total, errors: total.errors + (errors.length ? 1 : 0), tests: total.tests + errors.length })}>`,
    shareProperties(report.checks, '  ', runProperties(report, causes)),
    ...suites,
    ...errors,
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the JUnit XML to `file` and says where, through `write`. */
export const junitFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writePrivateFile(file, junitXml(report));
    write(`JUnit report: ${inertLine(file)}\n`);
  },
});
