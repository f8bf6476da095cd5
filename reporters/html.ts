// The HTML report (--report-html FILE): one self-contained page, no network: the report and the requirement
// register travel inside it as JSON, with the styles and the script that draw them. A requirement × operation
// matrix coloured by the worst outcome of its checks, counts per area, filters by outcome and level; a cell
// opens its checks with statement, expected and actual, request, response and a curl line.
import { writeFileSync } from 'node:fs';
import { REQUIREMENTS } from '../contract/requirements.ts';
import { OPERATION_IDS } from '../contract/schemas.ts';
import type { ConformanceReport, ReportFormat } from './conformance.ts';
import { heldBack } from './summary.ts';
import { ACTING, escaped, jsonInert } from '../src/untrusted.ts';

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
`;

// Runs in the page: builds the matrix and the details from the embedded JSON (textContent only, never HTML
// from the report, so an answer's markup stays text).
const SCRIPT = `
const report = JSON.parse(document.getElementById('report').textContent);
const register = JSON.parse(document.getElementById('register').textContent);
const operations = JSON.parse(document.getElementById('operations').textContent);
const RANK = ['failed', 'errored', 'warned', 'passed', 'skipped'];
// what a browser acts on in a deployment's text (bidirectional overrides reorder what is read) is shown
// escaped, as in every other output: the rule of src/untrusted.ts, written into the page
const ACTING = ${ACTING};
const escaped = ${escaped};
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(typeof c === 'string' ? c.replace(ACTING, escaped) : c);
  return node;
};
const worst = (checks) => RANK.find((o) => checks.some((c) => c.outcome === o));
// a check that found requirements broken stands under each of them; any other under the one it cites
const requirementsOf = (c) => (c.violated.length ? c.violated : [c.requirement]);
const byId = new Map(register.map((r) => [r.id, r]));
const matrix = document.getElementById('matrix');
const head = el('tr', {}, el('th', {}, 'requirement'), ...operations.map((op) => el('th', { class: 'op' }, op)));
matrix.append(head);
for (const r of register.filter((r) => report.checks.some((c) => requirementsOf(c).includes(r.id)))) {
  const row = el('tr', { 'data-level': r.level }, el('th', { class: 'req', title: r.statement }, r.id + ' (' + r.level + ')'));
  for (const op of operations) {
    const checks = report.checks.filter((c) => requirementsOf(c).includes(r.id) && c.operation === op);
    const cell = el('td', checks.length ? { class: 'cell ' + worst(checks), 'data-requirement': r.id, 'data-operation': op, 'data-outcomes': [...new Set(checks.map((c) => c.outcome))].join(' ') } : {}, checks.length ? String(checks.length) : '');
    if (checks.length) cell.addEventListener('click', () => show(cell, r, op, checks));
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
    const box = el('div', { class: 'check ' + c.outcome }, el('h3', {}, el('span', { class: 'outcome ' + c.outcome }, c.outcome), ' ' + c.id), el('p', {}, c.title + (c.requirement !== r.id ? ' (cites ' + c.requirement + ')' : '')));
    if (c.message) box.append(el('pre', { class: 'message' }, c.message));
    for (const e of c.evidence) {
      box.append(el('pre', { class: 'request' }, 'request: ' + e.request.method + ' ' + e.request.url + '\\n' + Object.entries(e.request.headers).map(([k, v]) => k + ': ' + v).join('\\n') + (e.request.body ? '\\n\\n' + e.request.body : '')));
      box.append(el('pre', { class: 'response' }, 'response: ' + (e.response.status || e.response.error) + '\\n' + Object.entries(e.response.headers).map(([k, v]) => k + ': ' + v).join('\\n') + (e.response.body ? '\\n\\n' + e.response.body : '')));
      box.append(el('pre', { class: 'curl' }, e.curl));
    }
    details.append(box);
  }
}
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

/** The report as one self-contained HTML page. */
export function htmlPage(report: ConformanceReport): string {
  const s = report.summary;
  const title = `mockapi-conformance: ${report.target.baseUrl}`;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const register = REQUIREMENTS.map(({ id, section, statement, level }) => ({ id, section, statement, level }));
  const box = (name: string, value: string) => `<label><input type="checkbox" name="${name}" value="${value}" checked> ${value}</label>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escape(title)}</h1>
<div class="meta">Profile ${escape(report.target.profile)}${report.target.embedded ? ' (embedded reference deployment)' : ''}; seed ${report.run.seed}, ${report.run.runs} runs per property${report.run.strict ? '; strict' : ''}; ${s.passed} passed, ${s.failed} failed, ${s.warned} warned, ${s.errored} errored, ${s.skipped} skipped; ${s.requests} requests in ${(s.durationMs / 1000).toFixed(1)} s${escape(heldBack(s.heldBackMs))}</div>
<div class="filters">Show: ${['failed', 'errored', 'warned', 'passed', 'skipped'].map((o) => box('outcome', o)).join('')} | ${['must', 'should'].map((l) => box('level', l)).join('')}</div>
<main>
<div><table id="matrix"></table><table id="areas"></table></div>
<div id="details"><p>Choose a cell to see its checks.</p></div>
</main>
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
    writeFileSync(file, htmlPage(report));
    write(`HTML report: ${file}\n`);
  },
});
