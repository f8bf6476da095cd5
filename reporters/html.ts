// The HTML report (--report-html FILE): one self-contained page, no network: the report and the requirement
// register travel inside it as JSON, with the styles and the script that draw them. At the top the verdict
// (target, date, version, counts, the share judged, the baseline's result, errors outside any check), then the
// causes (a requirement broken with one answer), the most severe first, each listing its failing checks as links
// to their cells; counts and the share judged per area; filters by outcome and level; a requirement × operation
// matrix (a failing check under each requirement it broke, any other under the one it cites; its headers kept in
// view) coloured by the worst outcome of its checks and counting their failures; a cell (click, or Tab and Enter) opens its checks, failed first, with statement,
// expected and actual, request and response (JSON indented), and a curl line to copy.
import { writePrivateFile } from './private-file.ts';
import { isRequirementId, requirement, REQUIREMENTS } from '../contract/requirements.ts';
import { OPERATION_IDS } from '../contract/schemas.ts';
import { causesOf, judgedShares, OUTCOMES, standingOf, type Cause, type CheckResult, type ConformanceReport, type ReportFormat } from '../contract/report.ts';
import { brokenSaid, connectionsSaid, heldBack, judgedSaid, traffic, verdictOfReport, verdictWord, whatWasJudged } from './summary.ts';
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
/* sticky cells keep their own borders only when borders are not collapsed: one line each, right and below */
#matrix { border-collapse: separate; border-spacing: 0; border-top: 1px solid #ccc; border-left: 1px solid #ccc; }
#matrix th, #matrix td { border-width: 0 1px 1px 0; }
#matrix tr:first-child th { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom-color: #999; }
#matrix th.req, #matrix tr:first-child th:first-child { position: sticky; left: 0; z-index: 1; background: #fff; border-right-color: #999; }
#matrix tr:first-child th:first-child { z-index: 3; }
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
#attention > li { margin-bottom: .4em; } #attention ul { padding-left: 1.4em; } #attention q { color: #555; }
#attention summary { cursor: pointer; } #attention .cause { margin: .2em 0 0 1.6em; color: #333; }
#attention .known, .check .known { color: #555; font-style: italic; }
#areas td.unjudged { background: #e0e0e0; font-style: italic; }
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
// a check that failed or warned stands under each requirement it found broken, the one that failed, whatever
// requirement it cites; any other check under the requirement it cites (its details say what else it found)
const requirementsOf = (c) => ((c.outcome === 'failed' || c.outcome === 'warned') && c.violated.length ? c.violated : [c.requirement]);
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
    // failed checks first, passed ones last: what the cell opens on is what broke
    const checks = report.checks.filter((c) => requirementsOf(c).includes(r.id) && c.operation === op).sort((a, b) => RANK.indexOf(a.outcome) - RANK.indexOf(b.outcome));
    // a cell counts its failures (failed and warned checks), not its checks: the colour says the rest
    const failures = checks.filter((c) => c.outcome === 'failed' || c.outcome === 'warned').length;
    const label = failures + ' of ' + checks.length + ' check' + (checks.length > 1 ? 's' : '') + ' of ' + r.id + ' on ' + op + ' failed or warned, worst ' + worst(checks);
    const cell = el('td', checks.length ? { class: 'cell ' + worst(checks), id: cellId(r.id, op), tabindex: '0', role: 'button', 'aria-label': label, 'data-requirement': r.id, 'data-operation': op, 'data-outcomes': [...new Set(checks.map((c) => c.outcome))].join(' ') } : {}, failures ? String(failures) : '');
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
`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text of a report (it may quote a deployment) in the page's markup: the one rule first, then HTML's. */
const shown = (text: string) => escapeHtml(inert(text));

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
  // why the run could not judge all, or anything: the text may quote a deployment, so the one rule first
  const errors = report.errors.length ? `\n<ul class="errors">${report.errors.map((e) => `<li>${escapeHtml(inert(e))}</li>`).join('')}</ul>` : '';
  return `<section class="verdict ${verdict}" role="status" aria-label="verdict">
<strong>${verdictWord(report)}</strong> ${s.failed} failed, ${s.warned} warned, ${s.errored} errored, ${s.passed} passed, ${s.skipped} skipped: ${judgedSaid(report)}${report.errors.length ? `; ${report.errors.length} errors outside any check` : ''}
<div class="facts">${escapeHtml(report.target.baseUrl)}${report.target.embedded ? ' (embedded reference deployment)' : ''} · ${escapeHtml(started.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))} · mockapi-conformance ${escapeHtml(report.tool.version)} · ${against}</div>${errors}
</section>`;
}

/** One check in the list of causes: its outcome, a link to its cell under `requirement` (which opens its evidence), its title. */
function checkItem(c: CheckResult, standing: string | undefined, requirement: string): string {
  const said = standing ? ` <span class="${standing}">(${standing})</span>` : '';
  return `<li class="broken-check"><span class="outcome ${c.outcome}">${c.outcome}</span> <a href="#cell-${shown(requirement)}-${shown(c.operation)}">${shown(c.id)}</a> ${shown(c.title)}${said}</li>`;
}

/**
 * One cause: the requirement, its level and statement, how many checks on which operations, what came back
 * against what was expected; its checks folded under it.
 */
function causeItem(g: Cause, standing: (id: string) => string | undefined, known: boolean): string {
  const statement = isRequirementId(g.requirement) ? ` <q>${shown(requirement(g.requirement).statement)}</q>` : '';
  const outcome = g.level === 'must' ? 'failed' : 'warned';
  const answer = g.actual ? `<div class="cause">actual <code>${shown(g.actual)}</code>${g.expected ? `; expected ${shown(g.expected)}` : ''}</div>` : '';
  return `<li class="requirement${known ? ' known' : ''}" data-requirement="${shown(g.requirement)}"><details><summary><span class="outcome ${outcome}">${outcome}</span> <strong>${shown(brokenSaid(g))}</strong> (${g.level}${known ? ', known' : ''})${statement}${answer}</summary>
<ul>${g.checks.map((c) => checkItem(c, standing(c.id), g.requirement)).join('')}</ul></details></li>`;
}

/**
 * What the page opens with: the causes of what the checks broke (a requirement broken with one answer), the most
 * severe first (those the baseline expects, known, last), each listing its failing checks; then each check that
 * passed against its baseline entry.
 */
function brokenSection(report: ConformanceReport): string {
  const standing = standingOf(report);
  const causes = causesOf(report.checks.filter((c) => standing(c.id) !== 'known'));
  const known = causesOf(report.checks.filter((c) => standing(c.id) === 'known'));
  const entries = report.checks.filter((c) => c.outcome === 'passed' && (standing(c.id) === 'stale' || standing(c.id) === 'expired'));
  const items = [
    ...causes.map((g) => causeItem(g, standing, false)),
    ...entries.map((c) => checkItem(c, standing(c.id), c.requirement)),
    ...known.map((g) => causeItem(g, standing, true)),
  ];
  return `<h2 id="attention-heading">Broken requirements, one cause each</h2>
${items.length ? `<ol id="attention">\n${items.join('\n')}\n</ol>` : '<p id="attention">No requirement broken.</p>'}`;
}

/** Counts per area and outcome, and the share each area judged: an area that judged nothing says so. */
function areasSection(report: ConformanceReport): string {
  const shares = judgedShares(report);
  const rows = Object.entries(shares.areas).map(([area, share]) => {
    const counts = OUTCOMES.map((o) => `<td>${report.checks.filter((c) => c.area === area && c.outcome === o).length}</td>`).join('');
    const judged = share.judged === 0 ? '<td class="unjudged">not judged</td>' : `<td>${share.percent}%</td>`;
    return `<tr><td>${shown(area)}</td>${counts}${judged}</tr>`;
  });
  return `<table id="areas"><tr><th>area</th>${OUTCOMES.map((o) => `<th>${o}</th>`).join('')}<th>judged</th></tr>${rows.join('')}</table>`;
}

/** How the run was made: its profile, what it judged, its traffic and time. */
function metaSection(report: ConformanceReport): string {
  const s = report.summary;
  return `<div class="meta">Profile ${escapeHtml(report.target.profile)}${report.target.embedded ? ' (embedded reference deployment)' : ''}; ${escapeHtml(whatWasJudged(report))}${report.run.strict ? '; strict' : ''}; ${traffic(report)} in ${(s.durationMs / 1000).toFixed(1)} s${escapeHtml(heldBack(s.heldBackMs))}</div>${[connectionsSaid(s)].map((said) => (said ? `<div class="meta">${escapeHtml(said)}</div>` : '')).join('')}`;
}

/** The filters of the matrix, by outcome and by level. */
function filtersSection(): string {
  const box = (name: string, value: string) => `<label><input type="checkbox" name="${name}" value="${value}" checked> ${value}</label>`;
  return `<div class="filters">Show: ${['failed', 'errored', 'warned', 'passed', 'skipped'].map((o) => box('outcome', o)).join('')} | ${['must', 'should'].map((l) => box('level', l)).join('')}</div>`;
}

/** The matrix (drawn by the page's script) and the details of the cell chosen. */
const matrixSection = (): string => `<main>
<div><table id="matrix" aria-label="requirements by operation; a cell opens its checks"></table></div>
<div id="details" tabindex="-1" aria-live="polite"><p>Choose a cell (click, or Tab to it and press Enter) to see its checks.</p></div>
</main>`;

/** The statements of the spec by section, and what this run did with each (statementsHtml). */
const statementsSection = (report: ConformanceReport): string => statementsHtml(report, escapeHtml);

/** The sections the page is made of, top to bottom: one function each, given the report. */
const SECTIONS: readonly ((report: ConformanceReport) => string)[] = [
  banner,
  metaSection,
  brokenSection,
  areasSection,
  filtersSection,
  matrixSection,
  statementsSection,
];

/** The report as one self-contained HTML page. */
function htmlPage(report: ConformanceReport): string {
  const title = `mockapi-conformance: ${report.target.baseUrl}`;
  const register = REQUIREMENTS.map(({ id, section, statement, level }) => ({ id, section, statement, level }));
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
${SECTIONS.map((section) => section(report)).join('\n')}
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
