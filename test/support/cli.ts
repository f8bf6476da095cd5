// Runs the conformance command as a user would, in a child process, and reads what it wrote.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type TestSuites } from 'junit2json';
import { cleanEnvironment } from '../../bench/measure.ts';
import { schema } from '../../contract/schemas.ts';
import type { ConformanceReport } from '../../contract/report.ts';

const validReport = schema('report.json');

export const BIN = fileURLToPath(new URL('../../bin/mockapi-conformance.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  report: ConformanceReport | undefined;
  reportText: string;
}

export interface CliOptions {
  /** the working directory; default a new empty one (a second run in the same one sees the first's state file) */
  cwd?: string;
  onSpawn?: (child: ChildProcess) => void;
  /** a subcommand (check-har, proxy, diff): written first, before the flags */
  command?: string;
}

/**
 * What a run of the command sees of this process's environment: no MOCKAPI_* setting of the developer's (a .env
 * or shell cannot change a test's outcome) and no proxy of the developer's or the CI's shell (it would take
 * the tests' loopback requests: only a test's own counts).
 */
export function commandEnvironment(): NodeJS.ProcessEnv {
  const inherited = cleanEnvironment({ NO_COLOR: '1' });
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY']) delete inherited[name];
  return inherited;
}

/** An empty directory to run in. */
export const emptyDirectory = () => mkdtempSync(join(tmpdir(), 'mockapi-conformance-'));

/**
 * Runs `mockapi-conformance` with the given flags and environment (MOCKAPI_* from this process are not
 * passed on, so a developer's .env or shell cannot change a test's outcome) in an empty directory.
 */
export async function runCli(args: string[], env: Record<string, string> = {}, { cwd, onSpawn, command }: CliOptions = {}): Promise<CliResult> {
  const dir = cwd ?? emptyDirectory();
  const reportFile = reportFileName();
  const child = spawn(process.execPath, [BIN, ...(command ? [command] : []), '--report-json', reportFile, ...args], {
    cwd: dir,
    env: { ...commandEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, ...readReport(reportFile) };
}

/** A new file name for a run's JSON report, in a new directory of its own. */
export const reportFileName = () => join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-report-')), 'report.json');

/** The JSON report a run wrote there, if it wrote one, held to the published schema first (as every report a test reads). */
export function readReport(reportFile: string): Pick<CliResult, 'report' | 'reportText'> {
  const reportText = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
  const report = reportText ? (JSON.parse(reportText) as ConformanceReport) : undefined;
  if (report !== undefined && !validReport(report))
    throw new Error(`the JSON report breaks schemas/report.json: ${JSON.stringify(validReport.errors?.slice(0, 5))}`);
  return { report, reportText };
}

/**
 * What the reports of a run that judged nothing say, with what its one line on stderr said: the JSON's exit, and
 * each JUnit testcase by name with its error's message.
 */
export async function unjudgedReports(r: CliResult, junitFile: string) {
  const suites = (await parse(readFileSync(junitFile, 'utf8'))) as TestSuites;
  return {
    said: r.stderr.trim().replace(/^mockapi-conformance: /, ''),
    exit: r.report?.exit,
    junit: (suites.testsuite ?? []).flatMap((s) => s.testcase ?? []).map((c) => ({ name: c.name, error: c.error?.[0]?.message })),
  };
}
