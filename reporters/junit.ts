// The JUnit XML report (--report-junit FILE), in the form Jenkins, GitLab and GitHub's test reporters read:
// one <testsuite> per area, one <testcase> per check (classname the area, name the id and title). failed:
// <failure> with the statement, expected, actual and curl lines; errored: <error> with why it could not
// judge; skipped: <skipped> with the reason. JUnit has no warning: a warned check is a passed testcase whose
// <system-out> begins with "warning:" and whose outcome property says warned (with --strict, a <failure>).
import { writeFileSync } from 'node:fs';
import { inert } from '../src/untrusted.ts';
import type { CheckResult, ConformanceReport, Outcome, ReportFormat } from './conformance.ts';

/**
 * Text as XML character data and attribute values: what a terminal acts on shown escaped (src/untrusted.ts; CI
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

function testcase(c: CheckResult, strict: boolean): string {
  const properties = [
    ['id', c.id],
    ['requirement', c.requirement],
    ['level', c.level],
    ['outcome', c.outcome],
  ]
    .map(([name, value]) => `<property name="${name}" value="${xmlText(value!)}"/>`)
    .join('');
  return `    <testcase classname="${xmlText(c.area)}" name="${xmlText(`${c.id} ${c.title}`)}" time="${seconds(c.durationMs)}">\n      <properties>${properties}</properties>${outcomeElement(c, strict)}\n    </testcase>`;
}

/** The report as JUnit XML. */
export function junitXml(report: ConformanceReport): string {
  const strict = report.run.strict;
  const count = (checks: readonly CheckResult[]) => ({
    tests: checks.length,
    failures: checks.filter((c) => c.outcome === 'failed' || (strict && c.outcome === 'warned')).length,
    errors: checks.filter((c) => c.outcome === 'errored').length,
    skipped: checks.filter((c) => c.outcome === 'skipped').length,
    time: seconds(checks.reduce((sum, c) => sum + c.durationMs, 0)),
  });
  const attributes = (n: ReturnType<typeof count>) => `tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="${n.time}"`;
  const suites = [...new Set(report.checks.map((c) => c.area))].map((area) => {
    const checks = report.checks.filter((c) => c.area === area);
    const started = checks.map((c) => c.startedAt).filter((t): t is string => t !== undefined).sort()[0];
    return [
      `  <testsuite name="${xmlText(area)}" ${attributes(count(checks))}${started ? ` timestamp="${started.replace(/\.\d+Z$/, '')}"` : ''} hostname="${xmlText(new URL(report.target.baseUrl).host)}">`,
      ...checks.map((c) => testcase(c, strict)),
      '  </testsuite>',
    ].join('\n');
  });
  const errors = report.errors.length > 0 ? [`  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">\n    <testcase classname="run" name="errors outside any check" time="0">\n      <error message="${xmlText(headline(report.errors[0]!))}" type="run">${xmlText(report.errors.join('\n'))}</error>\n    </testcase>\n  </testsuite>`] : [];
  const total = count(report.checks);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mockapi-conformance ${xmlText(report.target.baseUrl)}" ${attributes({ ...total, errors: total.errors + (errors.length ? 1 : 0), tests: total.tests + errors.length })}>`,
    ...suites,
    ...errors,
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the JUnit XML to `file` and says where, through `write`. */
export const junitFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writeFileSync(file, junitXml(report));
    write(`JUnit report: ${file}\n`);
  },
});
