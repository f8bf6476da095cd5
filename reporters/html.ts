// The HTML report (--report-html FILE): one self-contained page, no network: the report and the requirement
// register travel inside it as JSON, with the styles and the script that draw them. At the top the verdict
// (target, date, version, counts, the baseline's result, errors outside any check), then the failed and warned
// checks, each a link to its cell; a requirement × operation matrix (each check under the requirement it cites)
// coloured by the worst outcome of its checks, counts per area, filters by outcome and level; a cell (click, or
// Tab and Enter) opens its checks with statement, expected and actual, request and response (JSON indented), and
// a curl line to copy.
import { writePrivateFile } from './private-file.ts';
import { REQUIREMENTS } from '../contract/requirements.ts';
import { OPERATION_IDS } from '../contract/schemas.ts';
import { verdictOf, type ConformanceReport, type ReportFormat } from '../contract/report.ts';
import { heldBack, traffic, whatWasJudged } from './summary.ts';
import { EXIT, exitCodeOf } from '../contract/exit.ts';
import { ACTING, escaped, inert, inertLine, jsonInert } from '../contract/untrusted.ts';
import { statementsHtml } from '../contract/statements-report.ts';

/** JSON that can stand inside a <script> element: nothing in it can end the element or open a comment. */
const scriptJson = (value: unknown) => jsonInert(JSON.stringify(value)).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; margin: 0 0 .2em; }
.meta { color: #555; margin-bottom: 1em; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { border: 1px solid #ccc; padding: .25em .5em; text-align: center; }
th.req { text-align: left; font-weight: normal; white-space: nowrap; }
th.op { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: normal; }
td.cell { cursor: pointer; min-width: 2em; font-weight: bold; }
td.passed { background: #c8e6c9; } td.failed { background: #ef9a9a; } td.warned { background: #ffe082; }
td.errored { background: #ce93d8; } td.skipped { background: #e0e0e0; } td.selected { outline: 3px solid #1565c0; }
tr.hidden, td.hidden { display: none; }
.filters label { margin-right: 1em; }
main { display: flex; gap: 1.5em; align-items: flex-start; }
#details { flex: 1; min-width: 30em; border-left: 2px solid #1565c0; padding-left: 1em; position: sticky; top: 0; max-height: 100vh; overflow: auto; }
.check { border: 1px solid #ddd; border-radius: 4px; padding: .5em .8em; margin: .5em 0; }
.check h3 { font-size: 1em; margin: 0 0 .3em; }
.outcome { display: inline-block; padding: 0 .4em; border-radius: 3px; font-size: .85em; }
pre { background: #f6f6f6; padding: .5em; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.verdict { border-radius: 6px; padding: .6em 1em; margin-bottom: 1em; border: 2px solid; }
.verdict.failed { background: #ffebee; border-color: #c62828; } .verdict.passed { background: #e8f5e9; border-color: #2e7d32; }
.verdict.unjudged { background: #f3e5f5; border-color: #6a1b9a; }
.verdict strong { font-size: 1.4em; margin-right: .6em; }
.verdict .facts { margin-top: .3em; color: #333; }
span.outcome.passed { background: #c8e6c9; } span.outcome.failed { background: #ef9a9a; } span.outcome.warned { background: #ffe082; }
span.outcome.errored { background: #ce93d8; } span.outcome.skipped { background: #e0e0e0; }
#attention { margin: 0 0 1em; padding-left: 1.2em; } #attention li { margin: .15em 0; }
#attention .known, .check .known { color: #555; font-style: italic; }
td.cell:focus, a:focus, button:focus, input:focus { outline: 3px solid #ff6f00; outline-offset: 1px; }
#details:focus { outline: none; }
.curl-line { position: relative; } .copy { float: right; margin: .2em; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1em; top: 1em; background: #fff; padding: .3em; }
`;

// Runs in the page: builds the matrix and the details from the embedded JSON (textContent only, never HTML
// from the report, so an answer's markup stays text).
const SCRIPT = `
const report = JSON.parse(document.getElementById('report').textContent);
const register = JSON.parse(document.getElementById('register').textContent);
const operations = JSON.parse(document.getElementById('operations').textContent);
const RANK = ['failed', 'errored', 'warned', 'passed', 'skipped'];
// what a browser acts on in a deployment's text (bidirectional overrides reorder what is read) is shown
// escaped, as in every other output: the rule of contract/untrusted.ts, written into the page
const ACTING = ${ACTING};
const escaped = ${escaped};
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(typeof c === 'string' ? c.replace(ACTING, escaped) : c);
  return node;
};
const worst = (checks) => RANK.find((o) => checks.some((c) => c.outcome === o));
// every check stands under the requirement it cites, whatever else it found broken (the details say that)
const requirementsOf = (c) => [c.requirement];
const standing = new Map();
if (report.baseline) for (const s of ['known', 'new', 'stale', 'expired']) for (const e of report.baseline[s]) standing.set(e.id, s);
const cellId = (requirement, op) => 'cell-' + requirement + '-' + op;
// a body that is JSON, indented; any other text as it came
const pretty = (text) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};
function copy(text, button) {
  const done = () => {
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  };
  if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
  fallbackCopy(text, done);
}
function fallbackCopy(text, done) {
  const area = el('textarea', { 'aria-hidden': 'true', style: 'position:absolute;left:-9999px' });
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
  done();
}
const byId = new Map(register.map((r) => [r.id, r]));
const matrix = document.getElementById('matrix');
const head = el('tr', {}, el('th', {}, 'requirement'), ...operations.map((op) => el('th', { class: 'op' }, op)));
matrix.append(head);
for (const r of register.filter((r) => report.checks.some((c) => requirementsOf(c).includes(r.id)))) {
  const row = el('tr', { 'data-level': r.level }, el('th', { class: 'req', title: r.statement }, r.id + ' (' + r.level + ')'));
  for (const op of operations) {
    const checks = report.checks.filter((c) => requirementsOf(c).includes(r.id) && c.operation === op);
    const label = checks.length + ' check' + (checks.length > 1 ? 's' : '') + ' of ' + r.id + ' on ' + op + ', worst ' + worst(checks);
    const cell = el('td', checks.length ? { class: 'cell ' + worst(checks), id: cellId(r.id, op), tabindex: '0', role: 'button', 'aria-label': label, 'data-requirement': r.id, 'data-operation': op, 'data-outcomes': [...new Set(checks.map((c) => c.outcome))].join(' ') } : {}, checks.length ? String(checks.length) : '');
    if (checks.length) {
      cell.addEventListener('click', () => show(cell, r, op, checks));
      cell.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        show(cell, r, op, checks);
      });
    }
    row.append(cell);
  }
  matrix.append(row);
}
function show(cell, r, op, checks) {
  document.querySelectorAll('td.selected').forEach((c) => c.classList.remove('selected'));
  cell.classList.add('selected');
  const details = document.getElementById('details');
  details.replaceChildren(el('h2', {}, r.id + ' on ' + op), el('p', {}, r.section + ': "' + r.statement + '"'));
  for (const c of checks) {
    const broken = c.violated.filter((v) => v !== r.id);
    const box = el('div', { class: 'check ' + c.outcome, id: 'check-' + c.id }, el('h3', {}, el('span', { class: 'outcome ' + c.outcome }, c.outcome), ' ' + c.id), el('p', {}, c.title + (broken.length ? ' (found broken: ' + c.violated.join(', ') + ')' : '')));
    if (standing.has(c.id)) box.append(el('p', { class: standing.get(c.id) }, 'baseline: ' + standing.get(c.id)));
    if (c.message) box.append(el('pre', { class: 'message' }, c.message));
    for (const e of c.evidence) {
      box.append(el('pre', { class: 'request' }, 'request: ' + e.request.method + ' ' + e.request.url + '\\n' + Object.entries(e.request.headers).map(([k, v]) => k + ': ' + v).join('\\n') + (e.request.body ? '\\n\\n' + pretty(e.request.body) : '')));
      box.append(el('pre', { class: 'response' }, 'response: ' + (e.response.status || e.response.error) + '\\n' + Object.entries(e.response.headers).map(([k, v]) => k + ': ' + v).join('\\n') + (e.response.body ? '\\n\\n' + pretty(e.response.body) : '')));
      const button = el('button', { type: 'button', class: 'copy', 'aria-label': 'Copy the curl line of ' + c.id }, 'Copy');
      button.addEventListener('click', () => copy(e.curl, button));
      box.append(el('div', { class: 'curl-line' }, button, el('pre', { class: 'curl' }, e.curl)));
    }
    details.append(box);
  }
  // the details stand beside the matrix (sticky): focus moves there without scrolling the page away
  details.focus({ preventScroll: true });
}
// the checks to look at first, each a link to its cell; following one opens the cell
const attention = document.getElementById('attention');
const RANK_FIRST = (c) => (standing.get(c.id) === 'known' ? 10 : 0) + (c.outcome === 'failed' ? 0 : standing.get(c.id) === 'stale' || standing.get(c.id) === 'expired' ? 1 : 2);
const first = report.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'warned' || standing.get(c.id) === 'stale' || standing.get(c.id) === 'expired').sort((a, b) => RANK_FIRST(a) - RANK_FIRST(b));
for (const c of first) {
  const s = standing.get(c.id);
  attention.append(el('li', {}, el('span', { class: 'outcome ' + c.outcome }, c.outcome), ' ', el('a', { href: '#' + cellId(c.requirement, c.operation) }, c.id), ' ' + c.title + (c.violated.length ? ' (broke ' + c.violated.join(', ') + ')' : ''), ...(s ? [' ', el('span', { class: s }, '(' + s + ')')] : [])));
}
if (first.length === 0) attention.replaceWith(el('p', {}, 'No check failed or warned.'));
function openFromHash() {
  const cell = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (cell && cell.classList.contains('cell')) cell.click();
}
window.addEventListener('hashchange', openFromHash);
openFromHash();
function filter() {
  const outcomes = [...document.querySelectorAll('input[name=outcome]:checked')].map((i) => i.value);
  const levels = [...document.querySelectorAll('input[name=level]:checked')].map((i) => i.value);
  for (const row of matrix.querySelectorAll('tr[data-level]')) {
    let any = false;
    for (const cell of row.querySelectorAll('td.cell')) {
      const shown = cell.dataset.outcomes.split(' ').some((o) => outcomes.includes(o));
      cell.classList.toggle('hidden', false);
      cell.style.visibility = shown ? 'visible' : 'hidden';
      any = any || shown;
    }
    row.classList.toggle('hidden', !any || !levels.includes(row.dataset.level));
  }
}
document.querySelectorAll('.filters input').forEach((i) => i.addEventListener('change', filter));
const areas = document.getElementById('areas');
areas.append(el('tr', {}, el('th', {}, 'area'), ...RANK.map((o) => el('th', {}, o))));
for (const area of [...new Set(report.checks.map((c) => c.area))]) {
  areas.append(el('tr', {}, el('td', {}, area), ...RANK.map((o) => el('td', {}, String(report.checks.filter((c) => c.area === area && c.outcome === o).length)))));
}
`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the run comes to, in a word, as the exit code says it (against the baseline when there is one). */
function verdictOfReport(report: ConformanceReport): 'passed' | 'failed' | 'unjudged' {
  if (report.baseline) {
    const v = verdictOf(report.baseline, report.run.strict);
    return v === 'holds' ? (report.errors.length > 0 ? 'unjudged' : 'passed') : v;
  }
  const code = exitCodeOf(report);
  return code === EXIT.failed ? 'failed' : code === EXIT.passed ? 'passed' : 'unjudged';
}

const VERDICT_WORDS = { passed: 'PASSED', failed: 'FAILED', unjudged: 'NOT ALL JUDGED' } as const;

/** The verdict at the top: the word, the target, when, the version, the counts, the baseline's result, and errors outside any check. */
function banner(report: ConformanceReport): string {
  const s = report.summary;
  const verdict = verdictOfReport(report);
  const started =
    report.checks
      .map((c) => c.startedAt)
      .filter((t): t is string => t !== undefined)
      .sort()[0] ?? new Date().toISOString();
  const b = report.baseline;
  const against = b
    ? `Against the baseline ${escapeHtml(b.file)}: ${b.known.length} known, ${b.new.length} new, ${b.stale.length} stale, ${b.expired.length} expired.`
    : 'No baseline.';
  const word = report.exit ? `NOTHING JUDGED (exit ${report.exit.code})` : VERDICT_WORDS[verdict];
  // why the run could not judge all, or anything: the text may quote a deployment, so the one rule first
  const errors = report.errors.length ? `\n<ul class="errors">${report.errors.map((e) => `<li>${escapeHtml(inert(e))}</li>`).join('')}</ul>` : '';
  return `<section class="verdict ${verdict}" role="status" aria-label="verdict">
<strong>${word}${b?.known.length ? `, ${b.known.length} known` : ''}</strong> ${s.failed} failed, ${s.warned} warned, ${s.errored} errored, ${s.passed} passed, ${s.skipped} skipped${report.errors.length ? `; ${report.errors.length} errors outside any check` : ''}
<div class="facts">${escapeHtml(report.target.baseUrl)}${report.target.embedded ? ' (embedded reference deployment)' : ''} · ${escapeHtml(started.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))} · mockapi-conformance ${escapeHtml(report.tool.version)} · ${against}</div>${errors}
</section>`;
}

/** The report as one self-contained HTML page. */
function htmlPage(report: ConformanceReport): string {
  const s = report.summary;
  const title = `mockapi-conformance: ${report.target.baseUrl}`;
  const register = REQUIREMENTS.map(({ id, section, statement, level }) => ({ id, section, statement, level }));
  const box = (name: string, value: string) => `<label><input type="checkbox" name="${name}" value="${value}" checked> ${value}</label>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#attention-heading">Skip to what failed</a>
<h1>${escapeHtml(title)}</h1>
${banner(report)}
<div class="meta">Profile ${escapeHtml(report.target.profile)}${report.target.embedded ? ' (embedded reference deployment)' : ''}; ${escapeHtml(whatWasJudged(report))}${report.run.strict ? '; strict' : ''}; ${s.passed} passed, ${s.failed} failed, ${s.warned} warned, ${s.errored} errored, ${s.skipped} skipped; ${traffic(report)} in ${(s.durationMs / 1000).toFixed(1)} s${escapeHtml(heldBack(s.heldBackMs))}</div>
<div class="filters">Show: ${['failed', 'errored', 'warned', 'passed', 'skipped'].map((o) => box('outcome', o)).join('')} | ${['must', 'should'].map((l) => box('level', l)).join('')}</div>
<h2 id="attention-heading">Failed and warned first</h2>
<ul id="attention"></ul>
<main>
<div><table id="matrix" aria-label="requirements by operation; a cell opens its checks"></table><table id="areas"></table></div>
<div id="details" tabindex="-1" aria-live="polite"><p>Choose a cell (click, or Tab to it and press Enter) to see its checks.</p></div>
</main>
${statementsHtml(report, escapeHtml)}
<script type="application/json" id="report">${scriptJson(report)}</script>
<script type="application/json" id="register">${scriptJson(register)}</script>
<script type="application/json" id="operations">${scriptJson(OPERATION_IDS)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Writes the page to `file` and says where, through `write`. */
export const htmlFormat = (file: string, write: (text: string) => void): ReportFormat => ({
  write(report) {
    writePrivateFile(file, htmlPage(report));
    write(`HTML report: ${inertLine(file)}\n`);
  },
});
