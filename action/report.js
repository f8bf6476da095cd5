// The Action's reports (action.yml). Before the run, `check` holds the inputs that name where the reports go: the
// reports folder is reached through no link in the workspace (a checkout's link would choose where the reports
// are written, or plant the JSON the outputs are read from). After it, `outputs` sets the step's outputs from the
// JSON report this run wrote, into a folder the step created, never from a file the checkout holds; each count
// must be a whole number, and a copy of the report goes to the reports folder, replacing whatever was there.
//
// Usage: node report.js check REPORTS HAR           exit 2, with one ::error:: line, when they cannot be used
//        node report.js outputs EXIT_CODE JSON REPORTS
import { randomBytes } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { annotate, setOutput } from './github-output.js';

const COUNTS = ['passed', 'failed', 'warned', 'errored', 'skipped'];

/** What lstat says of a path, or undefined where nothing is. */
const look = (path) => lstatSync(path, { throwIfNoEntry: false });

/** The first link on the way from the workspace to `path` (the workspace's own path is the runner's), or undefined. */
function linkOnTheWay(path) {
  const workspace = resolve(process.env.GITHUB_WORKSPACE ?? process.cwd());
  const inside = relative(workspace, resolve(path));
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return look(path)?.isSymbolicLink() ? path : undefined;
  let at = workspace;
  for (const part of inside.split(sep).filter(Boolean)) {
    at = join(at, part);
    if (look(at)?.isSymbolicLink()) return relative(workspace, at);
  }
  return undefined;
}

function check(reports, har) {
  const refuse = (message) => {
    annotate('error', `mockapi-conformance: ${message}`);
    process.exit(2);
  };
  if (har !== 'true' && har !== 'false') refuse('the har input is true or false');
  if (/[\r\n]/.test(reports)) refuse('the reports input holds a line break');
  if (reports === '') return;
  const link = linkOnTheWay(join(reports, 'conformance.json'));
  if (link !== undefined) refuse(`${link} is a symbolic link; the Action never writes its reports through one: remove it from the checkout`);
}

/** The JSON report if `json` is a regular file in a folder of this user's own, else undefined. */
function readReport(json) {
  const folder = look(dirname(json));
  const file = look(json);
  const ours = folder?.isDirectory() && (folder.mode & 0o077) === 0 && (process.getuid === undefined || folder.uid === process.getuid());
  if (!ours || !file?.isFile()) return undefined;
  try {
    return { text: readFileSync(json), report: JSON.parse(readFileSync(json, 'utf8')) };
  } catch {
    annotate('warning', 'mockapi-conformance: the JSON report of this run could not be read; its counts are not set as outputs');
    return undefined;
  }
}

/** Writes `bytes` at `path` through a new file renamed over it: a link there is replaced, its target untouched. */
function replaceFile(path, bytes) {
  const temporary = join(dirname(path), `.conformance.json.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    writeFileSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function outputs(code, json, reports) {
  if (!/^\d{1,3}$/.test(code)) throw new Error(`the exit code ${JSON.stringify(code)} is not a number`);
  setOutput('exit-code', code);
  const read = readReport(json);
  if (read === undefined) return;
  const { summary, judged } = read.report;
  const whole = (value) => Number.isSafeInteger(value) && value >= 0;
  for (const name of COUNTS) {
    if (whole(summary?.[name])) setOutput(name, String(summary[name]));
    else annotate('warning', `mockapi-conformance: the JSON report's ${name} is not a whole number; the output is not set`);
  }
  if (whole(judged?.percent) && judged.percent <= 100) setOutput('judged', String(judged.percent));
  if (reports === '') return setOutput('report', json);
  replaceFile(join(reports, 'conformance.json'), read.text);
  setOutput('report', join(reports, 'conformance.json'));
}

const [command, ...args] = process.argv.slice(2);
if (command === 'check') check(args[0], args[1]);
else if (command === 'outputs') outputs(args[0], args[1], args[2]);
else throw new Error(`report.js check|outputs, not ${command}`);
